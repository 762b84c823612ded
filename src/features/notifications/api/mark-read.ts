import { updateUser } from '@/features/auth/queries';

/** readNotificationAt on the own record (PUT /v1/user/{_id}): what the user has now seen. */
export async function markNotificationsRead(userId: string, at: number): Promise<void> {
  await updateUser(userId, { userId, readNotificationAt: at });
}
