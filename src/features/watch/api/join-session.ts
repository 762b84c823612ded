import { z } from 'zod';
import { JoinSessionResponse } from '@/contracts/api/sessions';
import { apiClient } from '@/lib/api-client';
import { tokenStorage } from '@/lib/storage';

const sessionPath = (sessionId: string) => `/v1/session/${encodeURIComponent(sessionId)}`;

/** POST /v1/session/{id}/join; a full room fails with ApiError code 'participantLimit' (409). */
export async function joinSession(sessionId: string, streamId: string | null): Promise<number> {
  const { item } = await apiClient.request(JoinSessionResponse, {
    method: 'POST',
    url: `${sessionPath(sessionId)}/join`,
    data: streamId ? { streamId } : {},
  });
  return item.joinedAt;
}

/** POST /v1/session/{id}/leave: the leave activity when the watch page closes. */
export async function leaveSession(sessionId: string, streamId: string | null): Promise<void> {
  await apiClient.request(z.unknown(), {
    method: 'POST',
    url: `${sessionPath(sessionId)}/leave`,
    data: streamId ? { streamId } : {},
  });
}

/**
 * The leave activity while the page is being unloaded: a keepalive fetch outlives the page (the
 * API client's request would be cancelled with it). Best effort; nothing waits for the answer.
 */
export function leaveSessionOnUnload(sessionId: string, streamId: string | null): void {
  const token = tokenStorage.getToken();
  if (!token) return;
  void fetch(`${sessionPath(sessionId)}/leave`, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(streamId ? { streamId } : {}),
  }).catch(() => undefined);
}
