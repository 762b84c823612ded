import { queryOptions, useQuery } from '@tanstack/react-query';
import { MeResponse } from '@/contracts/api/auth';
import type { Me } from '@/contracts/user-entities';
import { apiClient } from '@/lib/api-client';

export const meQueryKey = ['me'] as const;

/** GET /v1/me: the signed-in user's own record. */
async function fetchMe(): Promise<Me> {
  const { item } = await apiClient.request(MeResponse, { url: '/v1/me' });
  return item;
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });

/** The signed-in user, loaded only while a token is held. */
export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(), enabled });
}
