import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SchoolSignInResponse, type SchoolSignIn } from '@/contracts/api/groups';
import { apiClient } from '@/lib/api-client';
import { GROUP_KEY } from './get-group-members';

const key = (groupId: string) => [...GROUP_KEY, groupId, 'signIn'] as const;
const url = (groupId: string) => `/v1/group/${encodeURIComponent(groupId)}/signIn`;

/** GET /v1/group/{id}/signIn: the group's roster of school addresses and its domain (issue 30). */
export function useSchoolSignIn(groupId: string) {
  return useQuery({
    queryKey: key(groupId),
    queryFn: async () =>
      (await apiClient.request(SchoolSignInResponse, { url: url(groupId) })).item,
  });
}

/** PUT /v1/group/{id}/signIn: replaces the roster (CSV text) and the domain. */
export function useSaveSchoolSignIn(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { domain: string | null; roster: string }): Promise<SchoolSignIn> =>
      (
        await apiClient.request(SchoolSignInResponse, {
          method: 'put',
          url: url(groupId),
          data: input,
        })
      ).item,
    onSuccess: (item) => client.setQueryData(key(groupId), item),
  });
}
