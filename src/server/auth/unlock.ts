import type { Db } from '../db/database';
import { groupsOfSchools, groupsOfUser, withDescendants, type UserRow } from '../users/repository';
import { mayResetPasswordOf, type Permissions } from './permissions';

/**
 * Whether `actor` may clear `target`'s login delays: the same rule as setting a pupil's password
 * from the group pane (a teacher or staff member of a group the pupil belongs to, or of one of
 * its ancestors, in the actor's own schools; pupils only).
 */
export async function mayUnlockAccountOf(
  db: Db,
  permissions: Permissions,
  actor: UserRow,
  target: UserRow,
): Promise<boolean> {
  const actorGroups = await groupsOfUser(db, actor.id);
  const all = await groupsOfSchools(db, [...new Set(actorGroups.map((g) => g.school_id))]);
  const managed = new Set(withDescendants(actorGroups, all).map((g) => g.id));
  const targetGroups = await groupsOfUser(db, target.id);
  return mayResetPasswordOf(await permissions.subject(actor), managed, {
    id: target.id,
    role: target.role,
    groupIds: targetGroups.map((g) => g.id),
  });
}
