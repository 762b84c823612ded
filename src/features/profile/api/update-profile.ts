import { DeleteViolationResponse } from '@/contracts/api/users';
import type { Me } from '@/contracts/user-entities';
import { updateUser } from '@/features/auth/queries';
import { apiClient } from '@/lib/api-client';

/** The new display name on the own record (PUT /v1/user/{_id}). */
export function updateDisplayName(userId: string, displayName: string): Promise<Me> {
  return updateUser(userId, { displayName });
}

/** DELETE /v1/me/violation/{key}: the user has read the violation notice. */
export async function dismissViolation(key: 'profile' | 'image'): Promise<Me> {
  const { item } = await apiClient.request(DeleteViolationResponse, {
    method: 'delete',
    url: `/v1/me/violation/${key}`,
  });
  return item;
}
