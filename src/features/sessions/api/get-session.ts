import { queryOptions, useQuery } from '@tanstack/react-query';
import { GetSessionResponse } from '@/contracts/api/sessions';
import type { Session } from '@/contracts/entities';
import { fetchPermission } from '@/features/auth';
import { apiClient } from '@/lib/api-client';
import { isApiError } from '@/lib/api-errors';
import { staleOn } from '@/features/live/queries';

/**
 * GET /v1/session/{id}, its one owner (issue 28): the session page, room cards, the watch route's
 * loader and the downloads pane all read it here. A 404 resolves to null; any other failure throws.
 */
export async function fetchSession(id: string): Promise<Session | null> {
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

/** The session's one query: its key and read, for `useQuery` and the cache. */
export const sessionQuery = (id: string) =>
  queryOptions({
    queryKey: ['session', id],
    queryFn: () => fetchSession(id),
    // A reaction on the session itself changes its emotions.
    meta: staleOn(
      (followed, e) =>
        followed === id &&
        (e.type === 'reconnected' || (e.change.kind === 'action' && e.change.targetId === id)),
    ),
  });

export function useSession(id: string) {
  return useQuery(sessionQuery(id));
}

/**
 * Whether this account may view the session (GET /v1/permission/watchArchive). Its own query
 * rather than usePermission, so a failed check is an error state and not a silent "no".
 */
export function useMayWatch(sessionId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['permission', 'watchArchive', sessionId],
    queryFn: () => fetchPermission('watchArchive', sessionId),
    enabled,
    staleTime: 5 * 60_000,
  });
}
