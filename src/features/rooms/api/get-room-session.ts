import { useQuery } from '@tanstack/react-query';
import { GetSessionResponse } from '@/contracts/api/sessions';
import type { Session } from '@/contracts/entities';
import { apiClient, isApiError } from '@/lib/api-client';

/**
 * GET /v1/session/{id}: the lesson a room card names (issue 24). The same key and answer as the
 * session page's read (`['session', id]`, a 404 as null), so a card on that page asks nothing.
 */
async function fetchRoomSession(id: string): Promise<Session | null> {
  try {
    const { item } = await apiClient.request(GetSessionResponse, {
      url: `/v1/session/${encodeURIComponent(id)}`,
    });
    return item;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useRoomSession(id: string) {
  return useQuery({
    queryKey: ['session', id],
    queryFn: () => fetchRoomSession(id),
    staleTime: 5 * 60_000,
  });
}
