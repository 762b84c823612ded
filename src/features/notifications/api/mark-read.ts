import { UpdateUserResponse } from '@/contracts/api/users';
import { apiClient } from '@/lib/api-client';

/** PUT /v1/user/{_id} with readNotificationAt: what the user has now seen. */
export async function markNotificationsRead(userId: string, at: number): Promise<void> {
  await apiClient.request(UpdateUserResponse, {
    method: 'put',
    url: `/v1/user/${encodeURIComponent(userId)}`,
    data: { userId, readNotificationAt: at },
  });
}
