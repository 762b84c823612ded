import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { ListSessionsResponse, type SessionSummary } from '@/contracts/api/sessions';
import { apiClient } from '@/lib/api-client';

/** Every sessions list (GET /v1/sessions). */
export const SESSIONS_KEY = ['sessions'] as const;
/** Sessions per page on the home page; "show more" reads the next page with its lastKey. */
const HOME_SESSIONS_PAGE_SIZE = 24;

/** GET /v1/sessions page by page (pageSize, lastKey): the sessions the user may see. */
export const sessionsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...SESSIONS_KEY, 'list'],
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
    queryKey: [...SESSIONS_KEY, 'live'],
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

/** Pages of 100 read at most (10 000 sessions), so a bad cursor cannot loop. */
const ALL_SESSIONS_PAGES = 100;

/**
 * GET /v1/sessions page by page (pageSize 100, lastKey): every session the user may see, for
 * the room form's choice. Under `['sessions']`, so what refreshes home's lists refreshes it too.
 */
export const allSessionsQuery = () =>
  queryOptions({
    queryKey: [...SESSIONS_KEY, 'all'],
    queryFn: async () => {
      const all: SessionSummary[] = [];
      let lastKey: string | null = null;
      for (let page = 0; page < ALL_SESSIONS_PAGES; page += 1) {
        const res: { items: SessionSummary[]; lastKey: string | null } = await apiClient.request(
          ListSessionsResponse,
          {
            url: '/v1/sessions',
            params: { pageSize: 100, ...(lastKey ? { lastKey } : {}) },
          },
        );
        all.push(...res.items);
        lastKey = res.lastKey;
        if (!lastKey) break;
      }
      return all;
    },
    staleTime: 5 * 60_000,
  });
