import { isStaffRole } from '../../contracts/entities';
import type { Permissions } from '../auth/permissions';
import { isProviderRole } from '../auth/permissions';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { isVisible } from '../sessions/repository';
import { viewerOf } from '../streams/repository';
import type { UserRow } from '../users/repository';

/**
 * Who may author what in the studio (issue 15; docs/decisions/0175-studio-authoring.md). Provider
 * staff and admin author for every school and edit every session; a teacher authors sessions aimed
 * at their own groups (target GROUP only) and edits only the sessions they wrote.
 */
export interface Author {
  user: UserRow;
  provider: boolean;
  /** The groups a teacher may aim a session at: their own active groups and those under them. */
  targetableGroupIds: ReadonlySet<string>;
}

export async function requireAuthor(db: Db, permissions: Permissions, user: UserRow) {
  if (!isStaffRole(user.role)) throw new AppError('forbidden', 'The studio is for staff roles');
  const subject = await permissions.subject(user);
  if (subject.status !== 'active') throw new AppError('forbidden', 'The account is not active');
  const viewer = await viewerOf(db, user, await permissions.groupsOf(user));
  const author: Author = {
    user,
    provider: isProviderRole(user.role),
    targetableGroupIds: viewer.hostableGroupIds,
  };
  return { author, subject };
}

export function canEditSession(
  author: Author,
  row: { owner_user_id: string | null; owner_school_id: string | null },
): boolean {
  if (author.provider) return true;
  return row.owner_user_id === author.user.id;
}

export function canEditWork(
  author: Author,
  row: { owner_user_id: string | null; owner_school_id: string | null },
): boolean {
  return canEditSession(author, row);
}

/** A teacher may attach their own works and the provider's; provider staff any. */
export function canUseWork(
  author: Author,
  row: { owner_user_id: string | null; owner_school_id: string | null },
): boolean {
  return author.provider || row.owner_school_id === null || row.owner_user_id === author.user.id;
}

/**
 * The target a session may have. Provider staff: any; groups and schools must exist (checked by
 * the caller). A teacher: GROUP, and every group one they may host for.
 */
export function assertTarget(
  author: Author,
  target: { type: 'ALL' | 'SCHOOL' | 'GROUP'; targets: readonly string[] },
): void {
  if (author.provider) return;
  if (target.type !== 'GROUP') {
    throw new AppError('forbidden', 'A teacher aims a session at their own groups', [
      { path: 'target.type', message: 'GROUP only' },
    ]);
  }
  const foreign = target.targets.filter((g) => !author.targetableGroupIds.has(g));
  if (foreign.length > 0) {
    throw new AppError('forbidden', 'A session can only be aimed at your own groups', [
      { path: 'target.targets', message: `not your groups: ${foreign.join(', ')}` },
    ]);
  }
}

/**
 * 404 for a session the author cannot even see (ids of other schools are not probed), 403 for one
 * they can see but not edit (the provider's sessions, a colleague's).
 */
export function refuseEdit(
  subject: Parameters<typeof isVisible>[0],
  row: Parameters<typeof isVisible>[1],
): never {
  if (isVisible(subject, row)) throw new AppError('forbidden', 'You may not edit this session');
  throw new AppError('notFound', 'No such session');
}
