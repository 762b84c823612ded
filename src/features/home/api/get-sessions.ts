import { useQuery } from '@tanstack/react-query';
import { ListSessionsResponse, type SessionSummary } from '@/contracts/api/sessions';
import { apiClient } from '@/lib/api-client';

/** GET /v1/sessions: the sessions the user may see (the first page). */
export function useSessions() {
  return useQuery({
    queryKey: ['sessions', 'list'],
    queryFn: async (): Promise<SessionSummary[]> =>
      (await apiClient.request(ListSessionsResponse, { url: '/v1/sessions' })).items,
    staleTime: 60_000,
  });
}
