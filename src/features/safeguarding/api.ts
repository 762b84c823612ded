import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CareResponse,
  ConcernResponse,
  ConcernsResponse,
  ConcernsUnseenResponse,
  type CareContactRequest,
} from '@/contracts/api/safeguarding';
import { apiClient } from '@/lib/api-client';

const safeguardingKeys = {
  care: ['safeguarding', 'care'] as const,
  concerns: ['safeguarding', 'concerns'] as const,
  unseen: ['safeguarding', 'concerns', 'unseen'] as const,
};

/** How often the adults' screens ask for new concerns: an alert shows within this, plus a request. */
const CONCERN_POLL_MS = 2_000;

export function useCare() {
  return useQuery({
    queryKey: safeguardingKeys.care,
    queryFn: () => apiClient.request(CareResponse, { url: '/v1/care' }),
    staleTime: 10 * 60_000,
  });
}

export function useConcerns(options: { enabled?: boolean; poll?: boolean } = {}) {
  return useQuery({
    queryKey: safeguardingKeys.concerns,
    queryFn: () => apiClient.request(ConcernsResponse, { url: '/v1/concerns' }),
    enabled: options.enabled ?? true,
    refetchInterval: options.poll ? CONCERN_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
}

/** The alert's poll: one count, not the list. */
export function useUnseenConcerns() {
  return useQuery({
    queryKey: safeguardingKeys.unseen,
    queryFn: () => apiClient.request(ConcernsUnseenResponse, { url: '/v1/concerns/unseen' }),
    refetchInterval: CONCERN_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** A teacher sets their school's own contact, shown to pupils with the caring message. */
export function useSetCareContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CareContactRequest) =>
      apiClient.request(CareResponse, { method: 'put', url: '/v1/care', data: body }),
    onSuccess: (care) => client.setQueryData(safeguardingKeys.care, care),
  });
}

export function useMarkSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.request(ConcernResponse, {
        method: 'post',
        url: `/v1/concern/${encodeURIComponent(id)}/seen`,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: safeguardingKeys.concerns }),
  });
}
