import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { ListSessionsResponse } from '@/contracts/api/sessions';
import { apiClient } from '@/lib/api-client';

/** Sessions per page on the home page; "show more" reads the next page with its lastKey. */
const HOME_SESSIONS_PAGE_SIZE = 24;

/** GET /v1/sessions page by page (pageSize, lastKey): the sessions the user may see. */
export const sessionsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['sessions', 'list'],
    queryFn: async ({ pageParam }) =>
      apiClient.request(ListSessionsResponse, {
        url: '/v1/sessions',
        params: {
          pageSize: HOME_SESSIONS_PAGE_SIZE,
          ...(pageParam ? { lastKey: pageParam } : {}),
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.lastKey ?? undefined,
    staleTime: 60_000,
  });

export function useSessions() {
  const query = useInfiniteQuery(sessionsQuery());
  return { ...query, sessions: query.data?.pages.flatMap((p) => p.items) };
}

/** GET /v1/sessions?status=IN_PROGRESS (one page of 100): the live sessions block's own list. */
export const liveSessionsQuery = () =>
  queryOptions({
    queryKey: ['sessions', 'live'],
    queryFn: async () =>
      (
        await apiClient.request(ListSessionsResponse, {
          url: '/v1/sessions',
          params: { status: 'IN_PROGRESS', pageSize: 100 },
        })
      ).items,
    staleTime: 60_000,
  });

export function useLiveSessions() {
  return useQuery(liveSessionsQuery());
}
