import { queryOptions, useQuery } from '@tanstack/react-query';
import { GetUserResponse } from '@/contracts/api/users';
import { apiClient } from '@/lib/api-client';

export const profileKey = (userId: string) => ['profile', userId] as const;

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
