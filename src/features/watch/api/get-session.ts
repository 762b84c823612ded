import { GetSessionResponse } from '@/contracts/api/sessions';
import type { Session } from '@/contracts/entities';
import { apiClient } from '@/lib/api-client';

/** GET /v1/session/{id}: the session with its videos and timed actions. */
export async function fetchSession(sessionId: string): Promise<Session> {
  const { item } = await apiClient.request(GetSessionResponse, {
    url: `/v1/session/${encodeURIComponent(sessionId)}`,
  });
  return item;
}
