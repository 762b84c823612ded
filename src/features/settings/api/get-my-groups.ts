import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyGroupsResponse } from '@/contracts/api/users';
import type { Group } from '@/contracts/user-entities';
import { apiClient } from '@/lib/api-client';

/** GET /v1/me/groups?withChildren=true: the user's groups and their child groups. */
async function fetchGroupsWithChildren(): Promise<Group[]> {
  const { items } = await apiClient.request(MyGroupsResponse, {
    url: '/v1/me/groups',
    params: { withChildren: true },
  });
  return items;
}

/** The one owner of GET /v1/me/groups (issue 28): the settings pane and the room form read it. */
export const myGroupsQuery = () =>
  queryOptions({
    queryKey: ['me', 'groups', 'withChildren'],
    queryFn: fetchGroupsWithChildren,
    staleTime: 60_000,
  });

export function useGroupsWithChildren() {
  return useQuery(myGroupsQuery());
}
