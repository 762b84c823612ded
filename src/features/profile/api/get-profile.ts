import { queryOptions, useQuery } from '@tanstack/react-query';
import { GetUserResponse } from '@/contracts/api/users';
import { apiClient } from '@/lib/api-client';

/** Every profile read (a profile, its lists): what a change to one's own profile makes stale. */
export const PROFILE_KEY = ['profile'] as const;
export const profileKey = (userId: string) => [...PROFILE_KEY, userId] as const;

/** GET /v1/user/{id}: the public view with counts of outputs, feedback and reflections. */
async function fetchProfile(userId: string) {
  const { item } = await apiClient.request(GetUserResponse, {
    url: `/v1/user/${encodeURIComponent(userId)}`,
  });
  return item;
}

export type ProfileData = Awaited<ReturnType<typeof fetchProfile>>;

export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: profileKey(userId),
    queryFn: () => fetchProfile(userId),
    staleTime: 30_000,
    // A 404 is an answer, not a hiccup.
    retry: false,
  });

export function useProfile(userId: string | undefined) {
  return useQuery({ ...profileQuery(userId ?? ''), enabled: userId !== undefined });
}
