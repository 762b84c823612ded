import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FeedbackApprovalResponse } from '@/contracts/api/screening';
import { apiClient } from '@/lib/api-client';

const key = (groupId: string) => ['group', groupId, 'feedbackApproval'] as const;
const url = (groupId: string) => `/v1/group/${encodeURIComponent(groupId)}/feedbackApproval`;

/** GET /v1/group/{id}/feedbackApproval: whether the group approves all feedback first. */
export function useFeedbackApproval(groupId: string) {
  return useQuery({
    queryKey: key(groupId),
    queryFn: async () =>
      (await apiClient.request(FeedbackApprovalResponse, { url: url(groupId) })).item,
  });
}

/** PUT /v1/group/{id}/feedbackApproval. */
export function useSetFeedbackApproval(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      (
        await apiClient.request(FeedbackApprovalResponse, {
          method: 'put',
          url: url(groupId),
          data: { enabled },
        })
      ).item,
    onSuccess: (item) => client.setQueryData(key(groupId), item),
  });
}
