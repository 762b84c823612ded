import type { Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { json } from '../db/json';
import type { UserRow } from './repository';

/**
 * Changes to the caller's own user row, scoped to it (kept out of repository.ts, which
 * auth/permissions.ts imports, so the Subject type adds no import cycle).
 */

/** Sets the scope's own violation statuses (DELETE /v1/me/violation/{keyName}); the new row. */
export async function setOwnViolationStatuses(
  db: Db,
  scope: Subject,
  statuses: UserRow['violation_statuses'],
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ violation_statuses: json(statuses), updated_at: new Date() })
    .where('id', '=', scope.userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
