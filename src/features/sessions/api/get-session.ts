import { useQuery } from '@tanstack/react-query';
import { GetSessionResponse } from '@/contracts/api/sessions';
import type { Session } from '@/contracts/entities';
import { fetchPermission } from '@/features/auth';
import { apiClient, isApiError } from '@/lib/api-client';

/** GET /v1/session/{id}; a 404 resolves to null (the page shows page-not-found). */
async function fetchSession(id: string): Promise<Session | null> {
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

export function useSession(id: string) {
  return useQuery({ queryKey: ['session', id], queryFn: () => fetchSession(id) });
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
