import { useQuery } from '@tanstack/react-query';
import { GroupMembersResponse } from '@/contracts/api/groups';
import type { GroupMember } from '@/contracts/entities';
import { apiClient } from '@/lib/api-client';

/** Every read of a group (its members, its settings). */
export const GROUP_KEY = ['group'] as const;
/** GET /v1/group/{id}/members: the group's own members, sorted by student number. */
async function fetchGroupMembers(groupId: string): Promise<GroupMember[]> {
  const { items } = await apiClient.request(GroupMembersResponse, {
    url: `/v1/group/${encodeURIComponent(groupId)}/members`,
  });
  return items;
}

export function useGroupMembers(groupId: string | null) {
  return useQuery({
    queryKey: [...GROUP_KEY, groupId, 'members'],
    queryFn: () => fetchGroupMembers(groupId ?? ''),
    enabled: groupId !== null,
  });
}
