import { useQuery } from '@tanstack/react-query';
import { ListSessionsResponse, type SessionSummary } from '@/contracts/api/sessions';
import { MyGroupsResponse } from '@/contracts/api/users';
import type { Group } from '@/contracts/user-entities';
import { apiClient } from '@/lib/api-client';

/** Pages of 100 the room form reads at most (10 000 sessions), so a bad cursor cannot loop. */
const SESSION_CHOICE_PAGES = 100;

/** GET /v1/sessions page by page (pageSize 100, lastKey): every session a room can be made for. */
async function fetchSessionChoices(): Promise<SessionSummary[]> {
  const all: SessionSummary[] = [];
  let lastKey: string | null = null;
  for (let page = 0; page < SESSION_CHOICE_PAGES; page += 1) {
    const res: { items: SessionSummary[]; lastKey: string | null } = await apiClient.request(
      ListSessionsResponse,
      { url: '/v1/sessions', params: { pageSize: 100, ...(lastKey ? { lastKey } : {}) } },
    );
    all.push(...res.items);
    lastKey = res.lastKey;
    if (!lastKey) break;
  }
  return all;
}

/** GET /v1/me/groups?withChildren=true without suspended groups: whom a room can be for. */
async function fetchGroupChoices(): Promise<Group[]> {
  const { items } = await apiClient.request(MyGroupsResponse, {
    url: '/v1/me/groups',
    params: { withChildren: true },
  });
  return items.filter((g) => g.confirmType !== 'suspended');
}

export function useSessionChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['rooms', 'session-choices'],
    queryFn: fetchSessionChoices,
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useGroupChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'groups', 'withChildren'],
    queryFn: fetchGroupChoices,
    enabled,
    staleTime: 60_000,
  });
}
