import { isStaffRole } from '../../contracts/entities';
import type { Db } from '../db/database';
import { isBlocked, isProviderRole, type Permissions } from '../auth/permissions';
import { AppError } from '../http/errors';
import {
  groupsOfSchools,
  groupsOfUser,
  sortGroups,
  withDescendants,
  type GroupRow,
  type UserRow,
} from '../users/repository';

/**
 * Who sees which class report (spec: /report/group and /report/group/{groupId}). Pupils and
 * graduates: 403 on every report call. Teachers: their own groups and the groups below them.
 * Admin and staff: any group, without membership; their list is their school's groups (all
 * schools' when they have none). Suspended groups: never listed, and 404 when asked for.
 */
export async function requireReportViewer(permissions: Permissions, user: UserRow): Promise<void> {
  if (!isStaffRole(user.role)) throw new AppError('forbidden', 'Staff roles only');
  const subject = await permissions.subject(user);
  if (isBlocked(subject)) throw new AppError('forbidden', 'This account is suspended');
}

/** The groups the caller may open a report for, suspended ones excluded, in the spec's order. */
export async function reportGroupsOf(db: Db, user: UserRow): Promise<GroupRow[]> {
  const own = await groupsOfUser(db, user.id);
  let candidates: GroupRow[];
  if (isProviderRole(user.role)) {
    candidates = user.school_id
      ? [
          ...(await groupsOfSchools(db, [user.school_id])),
          ...withDescendants(own, await groupsOfSchools(db, schoolsOf(own))),
        ]
      : await db.selectFrom('groups').selectAll().execute();
  } else {
    candidates = withDescendants(own, await groupsOfSchools(db, schoolsOf(own)));
  }
  const unique = new Map(candidates.map((g) => [g.id, g]));
  return sortGroups([...unique.values()].filter((g) => g.confirm_type === 'active'));
}

/** The group if the caller may open its report; 404 otherwise (ids cannot be probed). */
export async function reportGroupFor(db: Db, user: UserRow, groupId: string): Promise<GroupRow> {
  const group = await db
    .selectFrom('groups')
    .selectAll()
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group || group.confirm_type !== 'active') throw new AppError('notFound', 'Group not found');
  if (isProviderRole(user.role)) return group;
  const own = await groupsOfUser(db, user.id);
  const reachable = withDescendants(own, await groupsOfSchools(db, schoolsOf(own)));
  if (!reachable.some((g) => g.id === group.id)) throw new AppError('notFound', 'Group not found');
  return group;
}

/** The schools whose outputs the caller reports on: their own, or every school (null) for admin/staff. */
export function reportSchoolScope(user: UserRow): string[] | null {
  if (isProviderRole(user.role)) return null;
  return user.school_id ? [user.school_id] : [];
}

const schoolsOf = (groups: readonly GroupRow[]) => [...new Set(groups.map((g) => g.school_id))];
