import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  ArticleResponse,
  ArticlesResponse,
  InquiriesResponse,
  InquiryItemResponse,
  InquiryResponse,
  INQUIRY_PAGE_SIZE,
  type CreateArticleRequest,
  type InquiryRequest,
  type UpdateArticleRequest,
} from '@/contracts/api/older-service';
import { apiClient } from '@/lib/api-client';
import type { z } from 'zod';

/**
 * GET /v0/articles, its one owner (issue 28): staff's list with drafts, and home's newest few.
 * Every list sits under `['articles']`, which each change below invalidates.
 */
export const articlesQuery = ({
  pageSize,
  drafts = false,
}: {
  pageSize: number;
  drafts?: boolean;
}) =>
  queryOptions({
    queryKey: ['articles', drafts ? 'staff' : 'published', pageSize],
    queryFn: async () =>
      (
        await apiClient.request(ArticlesResponse, {
          url: '/v0/articles',
          params: { pageSize, ...(drafts ? { drafts: 'true' } : {}) },
        })
      ).items,
  });

/** Staff's list on /news: published items and drafts. */
export function useStaffArticles() {
  return useQuery(articlesQuery({ pageSize: 50, drafts: true }));
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
 * PUT /v0/articles/{id} (issue 24): edit a news item, publish it (`publish: true`) or withdraw it
 * (`publish: false`); the home card and the staff list read again afterwards.
 */
export function useUpdateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: { id: string } & z.input<typeof UpdateArticleRequest>) =>
      (
        await apiClient.request(ArticleResponse, {
          url: `/v0/articles/${encodeURIComponent(id)}`,
          method: 'PUT',
          data: body,
        })
      ).item,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['articles'] }),
  });
}

/**
 * GET /v0/inquiry: one page of the provider's inbox (admin role only). Not archived: open
 * messages first; `archived`: the archived ones. The previous page stays shown while the next loads.
 */
export function useInquiries(archived: boolean, page: number) {
  return useQuery({
    queryKey: ['inquiries', archived ? 'archived' : 'inbox', page],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      apiClient.request(InquiriesResponse, {
        url: '/v0/inquiry',
        params: { archived: String(archived), page, pageSize: INQUIRY_PAGE_SIZE },
      }),
  });
}

/** POST /v0/inquiry/{id}/answer: the admin's reply note, kept with the message. */
export function useAnswerInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, answer }: { id: string; answer: string }) =>
      (
        await apiClient.request(InquiryItemResponse, {
          url: `/v0/inquiry/${encodeURIComponent(id)}/answer`,
          method: 'POST',
          data: { answer },
        })
      ).item,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
  });
}

/** POST /v0/inquiry/{id}/archive: archive a message, or bring it back to the inbox. */
export function useArchiveInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: string; archived: boolean }) =>
      (
        await apiClient.request(InquiryItemResponse, {
          url: `/v0/inquiry/${encodeURIComponent(id)}/archive`,
          method: 'POST',
          data: { archived },
        })
      ).item,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['inquiries'] }),
  });
}
