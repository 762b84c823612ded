import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ModerationDecisionResponse,
  ModerationQueueResponse,
  type ModerationDecisionValue,
  type ModerationTargetType,
} from '@/contracts/api/moderation';
import { apiClient } from '@/lib/api-client';

export const moderationKeys = { queue: ['moderation', 'queue'] as const };

export function useModerationQueue() {
  return useQuery({
    queryKey: moderationKeys.queue,
    queryFn: () => apiClient.request(ModerationQueueResponse, { url: '/v1/moderation/queue' }),
  });
}

export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      type: ModerationTargetType;
      id: string;
      decision: ModerationDecisionValue;
      note?: string;
    }) =>
      apiClient.request(ModerationDecisionResponse, {
        method: 'post',
        url: `/v1/moderation/${input.type === 'output' ? 'outputs' : input.type === 'feedback' ? 'feedbacks' : 'reflections'}/${encodeURIComponent(input.id)}/decision`,
        data: { decision: input.decision, ...(input.note ? { note: input.note } : {}) },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.queue }),
  });
}
