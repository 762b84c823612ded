import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DismissCommentReportResponse } from '@/contracts/api/comments';
import {
  ModerationDecisionResponse,
  ModerationQueueResponse,
  RemovalResponse,
  type ModerationDecisionValue,
  type ModerationReason,
  type RemovableType,
  type ModerationTargetType,
} from '@/contracts/api/moderation';
import { apiClient } from '@/lib/api-client';

const moderationKeys = { queue: ['moderation', 'queue'] as const };

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
      reason?: ModerationReason;
    }) =>
      apiClient.request(ModerationDecisionResponse, {
        method: 'post',
        url: `/v1/moderation/${input.type === 'output' ? 'outputs' : input.type === 'feedback' ? 'feedbacks' : 'reflections'}/${encodeURIComponent(input.id)}/decision`,
        data: {
          decision: input.decision,
          ...(input.note ? { note: input.note } : {}),
          ...(input.reason ? { reason: input.reason } : {}),
        },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.queue }),
  });
}

/** Keeps any reported post or comment (issue 26): its report closes, recorded in the history. */
export function useDismissReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reportId: string) =>
      apiClient.request(DismissCommentReportResponse, {
        method: 'post',
        url: `/v1/moderation/reports/${encodeURIComponent(reportId)}/dismiss`,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.queue }),
  });
}

/** Takes a published post down with a preset reason for its author (issue 26). */
export function useRemovePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { type: RemovableType; id: string; reason: ModerationReason }) =>
      apiClient.request(RemovalResponse, {
        method: 'post',
        url: `/v1/moderation/${input.type}s/${encodeURIComponent(input.id)}/removal`,
        data: { reason: input.reason },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.queue }),
  });
}
