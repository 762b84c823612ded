import { UpdateUserResponse, type UpdateUserRequest } from '@/contracts/api/users';
import type { Me } from '@/contracts/user-entities';
import { apiClient } from '@/lib/api-client';

/**
 * PUT /v1/user/{id}: the language save, the own password change, and a staff member setting a
 * group member's password (only `password` sent). Throws ApiError with the server's code.
 */
export async function updateUser(userId: string, body: UpdateUserRequest): Promise<Me> {
  const { item } = await apiClient.request(UpdateUserResponse, {
    method: 'put',
    url: `/v1/user/${encodeURIComponent(userId)}`,
    data: body,
  });
  return item;
}
