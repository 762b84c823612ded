import type { Db } from '../db/database';
import { findUserByAccount, groupsOfUser } from '../users/repository';

/**
 * A signed-out pupil asks for a new password (POST /v0/password-reset): the request is kept for
 * their teacher. There is no caller to scope by: the account is the one named, and the call
 * answers the same whatever happens, so it tells nobody which account names exist. Only an
 * active pupil with a group has a teacher to ask; for anyone else nothing is stored.
 */
export async function requestPasswordReset(
  db: Db,
  account: string,
  address: string,
): Promise<void> {
  const user = await findUserByAccount(db, account);
  if (!user || user.status !== 'active' || (user.role !== 'member' && user.role !== 'supporter'))
    return;
  const groups = await groupsOfUser(db, user.id);
  if (groups.length === 0) return;
  await db
    .insertInto('password_reset_requests')
    .values({ user_id: user.id, address })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .where('resolved_at', 'is', null)
        .doUpdateSet({ created_at: new Date(), address }),
    )
    .execute();
}
