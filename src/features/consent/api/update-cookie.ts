import type { Me } from '@/contracts/user-entities';
import { updateUser } from '@/features/auth/queries';

export type CookieAnswer = 'approved' | 'refused';

/** The cookie answer saved on the own record (PUT /v1/user/{_id}); resolves to the updated user. */
export function updateCookie(userId: string, cookie: CookieAnswer): Promise<Me> {
  return updateUser(userId, { cookie });
}
