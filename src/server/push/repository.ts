import type { Subject } from '../auth/permissions';
import type { Db } from '../db/database';

/** Forgets one of the caller's own push subscriptions; another user's endpoint is left alone. */
export async function removeSubscription(db: Db, scope: Subject, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', scope.userId)
    .execute();
}
