import type { PublicUser } from '../../contracts/entities';
import type { Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { publicUsers, wireUser } from './public-users';
import type { UserRow } from './repository';
import { assertVisibleUser, nameViewerOf, scopeMaySeeSchoolOf } from './visibility';

/** The most users one follow list returns (newest first). */
const FOLLOW_LIST_MAX = 500;

/**
 * Who follows `owner` ('followers') or whom they follow ('follows'), newest first, as the scope
 * may see them: the owner must be visible, and only listed users the scope may see are answered.
 */
export async function followList(
  db: Db,
  scope: Subject,
  owner: UserRow,
  direction: 'followers' | 'follows',
): Promise<PublicUser[]> {
  assertVisibleUser(scope, owner);
  const rows =
    direction === 'followers'
      ? await db
          .selectFrom('follows')
          .select(['follower_id as id', 'created_at'])
          .where('followee_id', '=', owner.id)
          .orderBy('created_at', 'desc')
          .limit(FOLLOW_LIST_MAX)
          .execute()
      : await db
          .selectFrom('follows')
          .select(['followee_id as id', 'created_at'])
          .where('follower_id', '=', owner.id)
          .orderBy('created_at', 'desc')
          .limit(FOLLOW_LIST_MAX)
          .execute();
  const users = await publicUsers(
    db,
    nameViewerOf(scope),
    rows.map((r) => r.id),
  );
  return rows.flatMap((r) => {
    const u = users.get(r.id);
    return u && scopeMaySeeSchoolOf(scope, u) ? [wireUser(u)] : [];
  });
}

/** The scope's user follows `followee` (once; following again changes nothing). */
export async function follow(db: Db, scope: Subject, followee: UserRow): Promise<void> {
  assertVisibleUser(scope, followee);
  await db
    .insertInto('follows')
    .values({ follower_id: scope.userId, followee_id: followee.id })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .execute();
}

/** The scope's user stops following `followee`. */
export async function unfollow(db: Db, scope: Subject, followee: UserRow): Promise<void> {
  assertVisibleUser(scope, followee);
  await db
    .deleteFrom('follows')
    .where('follower_id', '=', scope.userId)
    .where('followee_id', '=', followee.id)
    .execute();
}
