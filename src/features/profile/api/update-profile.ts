import { DeleteViolationResponse, UpdateUserResponse } from '@/contracts/api/users';
import type { Me } from '@/contracts/user-entities';
import { apiClient } from '@/lib/api-client';

/** PUT /v1/user/{_id} with the new display name. */
export async function updateDisplayName(userId: string, displayName: string): Promise<Me> {
  const { item } = await apiClient.request(UpdateUserResponse, {
    method: 'put',
    url: `/v1/user/${encodeURIComponent(userId)}`,
    data: { displayName },
  });
  return item;
}

/** DELETE /v1/me/violation/{key}: the user has read the violation notice. */
export async function dismissViolation(key: 'profile' | 'image'): Promise<Me> {
  const { item } = await apiClient.request(DeleteViolationResponse, {
    method: 'delete',
    url: `/v1/me/violation/${key}`,
  });
  return item;
}
