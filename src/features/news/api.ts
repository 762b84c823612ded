import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArticleResponse,
  ArticlesResponse,
  InquiriesResponse,
  InquiryResponse,
  type CreateArticleRequest,
  type InquiryRequest,
} from '@/contracts/api/older-service';
import { apiClient } from '@/lib/api-client';
import type { z } from 'zod';

/** Staff's list on /news: published items and drafts (GET /v0/articles?drafts=true). */
export function useStaffArticles() {
  return useQuery({
    queryKey: ['articles', 'staff'],
    queryFn: async () =>
      (
        await apiClient.request(ArticlesResponse, {
          url: '/v0/articles',
          params: { drafts: 'true', pageSize: 50 },
        })
      ).items,
  });
}

/** POST /v0/articles; the home card and the staff list read again afterwards. */
export function usePublishArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof CreateArticleRequest>) =>
      (
        await apiClient.request(ArticleResponse, {
          url: '/v0/articles',
          method: 'POST',
          data: body,
        })
      ).item,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['articles'] }),
  });
}

/** POST /v0/inquiry: the contact form's message to the provider's admins. */
export function useSendInquiry() {
  return useMutation({
    mutationFn: async (body: z.input<typeof InquiryRequest>) =>
      (await apiClient.request(InquiryResponse, { url: '/v0/inquiry', method: 'POST', data: body }))
        .item,
  });
}

/**
 * GET /v0/inquiry: the provider's admins read the contact messages (admin role only). The server
 * pages (`pageSize` ≤ 200, `cursor` = the previous page's `nextCursor`); this reads the newest 200.
 */
export function useInquiries(enabled: boolean) {
  return useQuery({
    queryKey: ['inquiries'],
    enabled,
    queryFn: async () =>
      (
        await apiClient.request(InquiriesResponse, {
          url: '/v0/inquiry',
          params: { pageSize: 200 },
        })
      ).items,
  });
}
