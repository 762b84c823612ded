import { isProviderRole, type Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import type { LoginNameViewer } from './repository';
import { findUserByAccount, findUserById, type UserRow } from './repository';

/**
 * Who may see whom (people helper): a user themself, provider staff (staff, admin), and users of
 * the same school. Everyone else gets the same 404 as for a missing user, so ids cannot be probed.
 */

/** The profile rule for a caller's row (pure; the routes that hold no scope yet use it). */
export function mayView(viewer: UserRow, target: UserRow): boolean {
  return scopeMayView({ userId: viewer.id, role: viewer.role, schoolId: viewer.school_id }, target);
}

/** The same rule, for the caller's scope. */
function scopeMayView(
  scope: Pick<Subject, 'userId' | 'role' | 'schoolId'>,
  target: { id: string; status: string; school_id: string | null },
): boolean {
  if (target.status === 'withdrawn') return false;
  if (scope.userId === target.id || isProviderRole(scope.role)) return true;
  return scope.schoolId !== null && scope.schoolId === target.school_id;
}

/** A 404 'User not found' unless the scope may see the user (repositories check before reading). */
export function assertVisibleUser(
  scope: Subject,
  target: { id: string; status: string; school_id: string | null },
): void {
  if (!scopeMayView(scope, target)) throw new AppError('notFound', 'User not found');
}

/**
 * A user by row id (the API's `_id`) or, failing that, by account name, if the scope may see
 * them; undefined otherwise, exactly as for a user that does not exist.
 */
export async function resolveUser(
  db: Db,
  scope: Subject,
  idOrAccount: string,
): Promise<UserRow | undefined> {
  const target =
    (await findUserById(db, idOrAccount)) ?? (await findUserByAccount(db, idOrAccount));
  return target && scopeMayView(scope, target) ? target : undefined;
}

/** Whom the login-name and display-name rules answer for (public-users.ts) in this scope. */
export const nameViewerOf = (scope: Subject): LoginNameViewer => ({
  id: scope.userId,
  role: scope.role,
});

/** Whether the scope may see someone of this school (scopeMayView without loading the row). */
export function scopeMaySeeSchoolOf(
  scope: Subject,
  other: { _id: string; schoolId: string | null; status: string },
): boolean {
  return scopeMayView(scope, { id: other._id, status: other.status, school_id: other.schoolId });
}
