import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '@/features/sessions/queries';

/**
 * The lesson a room card names (issue 24): the session page's own query (GET /v1/session/{id},
 * a 404 as null), so a card on that page asks nothing, kept fresh a little longer.
 */
export function useRoomSession(id: string) {
  return useQuery({ ...sessionQuery(id), staleTime: 5 * 60_000 });
}
