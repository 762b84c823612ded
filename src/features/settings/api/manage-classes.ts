import { useQuery } from '@tanstack/react-query';
import {
  AddGroupMemberResponse,
  GroupCandidatesResponse,
  GroupResponse,
  type GroupCandidate,
} from '@/contracts/api/groups';
import type { Group } from '@/contracts/user-entities';
import { apiClient } from '@/lib/api-client';
import { GROUP_KEY } from './get-group-members';

/** POST /v1/group (issue 24): a new class under a group the caller manages (a grade). */
export async function createClass(body: { name: string; parentId: string }): Promise<Group> {
  return (await apiClient.request(GroupResponse, { method: 'post', url: '/v1/group', data: body }))
    .item;
}

/**
 * POST /v1/group/{id}/members: put a pupil of the school in the class; with `fromGroupId` the
 * pupil leaves that class in the same step (a move).
 */
export async function addToClass(
  groupId: string,
  body: { userId: string; fromGroupId?: string },
): Promise<AddGroupMemberResponse> {
  return apiClient.request(AddGroupMemberResponse, {
    method: 'post',
    url: `/v1/group/${encodeURIComponent(groupId)}/members`,
    data: body,
  });
}

/** GET /v1/group/{id}/candidates: the school's pupils not in the class, with their classes. */
export function useClassCandidates(groupId: string | null) {
  return useQuery({
    queryKey: [...GROUP_KEY, groupId, 'candidates'],
    enabled: groupId !== null,
    queryFn: async (): Promise<GroupCandidate[]> =>
      (
        await apiClient.request(GroupCandidatesResponse, {
          url: `/v1/group/${encodeURIComponent(groupId ?? '')}/candidates`,
        })
      ).items,
  });
}
