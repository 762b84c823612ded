import { UpdateUserResponse } from '@/contracts/api/users';
import type { Me } from '@/contracts/user-entities';
import { apiClient } from '@/lib/api-client';

export type CookieAnswer = 'approved' | 'refused';

/** PUT /v1/user/{_id} with the cookie answer; resolves to the updated user. */
export async function updateCookie(userId: string, cookie: CookieAnswer): Promise<Me> {
  const { item } = await apiClient.request(UpdateUserResponse, {
    method: 'put',
    url: `/v1/user/${encodeURIComponent(userId)}`,
    data: { cookie },
  });
  return item;
}
