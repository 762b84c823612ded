import { useQuery } from '@tanstack/react-query';
import { SessionUsersResponse } from '@/contracts/api/sessions';
import type { SessionParticipant } from '@/contracts/entities';
import { apiClient } from '@/lib/api-client';
import { sessionRead } from '@/features/live/queries';

/*
 * Participants are not polled (issue 14): in a room joins and leaves are room events; solo
 * joins and leaves come as session changes, and a reconnect re-reads.
 */

/** GET /v1/session/{id}/users: participants of the last 2 hours (of one room when given). */
async function fetchSessionUsers(
  sessionId: string,
  streamId: string | null,
): Promise<SessionParticipant[]> {
  const { items } = await apiClient.request(SessionUsersResponse, {
    url: `/v1/session/${encodeURIComponent(sessionId)}/users`,
    params: streamId ? { streamId } : {},
  });
  return items;
}

export function useSessionUsers(sessionId: string, streamId: string | null) {
  return useQuery({
    queryKey: ['session', sessionId, 'users', streamId],
    queryFn: () => fetchSessionUsers(sessionId, streamId),
    meta: sessionRead(sessionId, 'participants'),
  });
}
