import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FeedbackApprovalResponse } from '@/contracts/api/screening';
import { apiClient } from '@/lib/api-client';
import { GROUP_KEY } from './get-group-members';

/** The two "approve first" group rules: all feedback (issue 8), every picture (issue 26). */
export type ApprovalRule = 'feedbackApproval' | 'pictureApproval';

const key = (groupId: string, rule: ApprovalRule = 'feedbackApproval') =>
  [...GROUP_KEY, groupId, rule] as const;
const url = (groupId: string, rule: ApprovalRule = 'feedbackApproval') =>
  `/v1/group/${encodeURIComponent(groupId)}/${rule}`;

/** GET /v1/group/{id}/feedbackApproval (or pictureApproval): whether the rule is on. */
export function useFeedbackApproval(groupId: string, rule: ApprovalRule = 'feedbackApproval') {
  return useQuery({
    queryKey: key(groupId, rule),
    queryFn: async () =>
      (await apiClient.request(FeedbackApprovalResponse, { url: url(groupId, rule) })).item,
  });
}

/** PUT /v1/group/{id}/feedbackApproval (or pictureApproval). */
export function useSetFeedbackApproval(groupId: string, rule: ApprovalRule = 'feedbackApproval') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      (
        await apiClient.request(FeedbackApprovalResponse, {
          method: 'put',
          url: url(groupId, rule),
          data: { enabled },
        })
      ).item,
    onSuccess: (item) => client.setQueryData(key(groupId, rule), item),
  });
}
