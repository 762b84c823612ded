import { useQuery } from '@tanstack/react-query';
import { SessionUsersResponse } from '@/contracts/api/sessions';
import type { SessionParticipant } from '@/contracts/entities';
import { apiClient } from '@/lib/api-client';

/** Participants are re-read this often; live joins and leaves come from the room in between. */
const USERS_REFRESH_MS = 30_000;

/** GET /v1/session/{id}/users: participants of the last 2 hours (of one room when given). */
export async function fetchSessionUsers(
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
    refetchInterval: USERS_REFRESH_MS,
  });
}
