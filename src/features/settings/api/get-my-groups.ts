import { useQuery } from '@tanstack/react-query';
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

export function useGroupsWithChildren() {
  return useQuery({
    queryKey: ['me', 'groups', 'withChildren'],
    queryFn: fetchGroupsWithChildren,
    staleTime: 60_000,
  });
}
