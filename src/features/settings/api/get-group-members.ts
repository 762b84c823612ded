import { useQuery } from '@tanstack/react-query';
import { GroupMembersResponse } from '@/contracts/api/groups';
import type { GroupMember } from '@/contracts/entities';
import { apiClient } from '@/lib/api-client';

/** GET /v1/group/{id}/members: the group's own members, sorted by student number. */
async function fetchGroupMembers(groupId: string): Promise<GroupMember[]> {
  const { items } = await apiClient.request(GroupMembersResponse, {
    url: `/v1/group/${encodeURIComponent(groupId)}/members`,
  });
  return items;
}

export function useGroupMembers(groupId: string | null) {
  return useQuery({
    queryKey: ['group', groupId, 'members'],
    queryFn: () => fetchGroupMembers(groupId ?? ''),
    enabled: groupId !== null,
  });
}
