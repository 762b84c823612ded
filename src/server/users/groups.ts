import type { GroupCandidate, GroupMembersQuery } from '../../contracts/api/groups';
import { isStaffRole, type GroupMember } from '../../contracts/entities';
import { delayedAccounts } from '../auth/login-throttle';
import { isBlocked, isProviderRole, type Subject } from '../auth/permissions';
import type { LoginThrottleConfig } from '../config';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import { AppError } from '../http/errors';
import { isForbiddenName } from '../moderation/forbidden-name';
import {
  groupsOfSchools,
  groupsOfUser,
  sortGroups,
  withDescendants,
  type GroupRow,
  type UserRow,
} from './repository';

/**
 * Groups as their staff manage them: the members list, the settings pane's "approve all feedback
 * first", and (issue 24) classes: make a class under a managed group, put a pupil of the same
 * school in a class, move a pupil from one managed class to another. Staff roles of the group (or
 * a group above it) and the school's admin; another school's group answers like a missing one;
 * pupils get 403.
 */

/** The scope's own groups in the spec's order; with their descendants when asked. */
export async function ownGroups(
  db: Db,
  scope: Subject,
  withChildren: boolean,
): Promise<GroupRow[]> {
  const own = await groupsOfUser(db, scope.userId);
  if (!withChildren) return sortGroups(own);
  const all = await groupsOfSchools(db, [...new Set(own.map((g) => g.school_id))]);
  return sortGroups(withDescendants(own, all));
}

/**
 * A group the scope manages, with every group of the schools involved: a staff role, not
 * blocked, the group of its school (provider roles: any school) and one of its own groups or
 * below them, or any group of its school for the school's admin.
 */
export async function requireManagedGroup(
  db: Db,
  scope: Subject,
  id: string,
): Promise<{ group: GroupRow; schoolGroups: GroupRow[] }> {
  // Pupils never reach a group, not even their own: 403 before anything about it is read.
  if (!isStaffRole(scope.role)) throw new AppError('forbidden', 'Staff roles only');
  if (isBlocked(scope)) throw new AppError('forbidden', 'This account is suspended');
  const group = await db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
  // Another school's group answers like a missing one, so group ids cannot be probed.
  if (!group || (group.school_id !== scope.schoolId && !isProviderRole(scope.role)))
    throw new AppError('notFound', 'Group not found');
  const own = await groupsOfUser(db, scope.userId);
  const schoolGroups = await groupsOfSchools(db, [
    ...new Set([...own.map((g) => g.school_id), group.school_id]),
  ]);
  const managed = new Set(withDescendants(own, schoolGroups).map((g) => g.id));
  const sameSchoolAdmin = scope.role === 'admin' && scope.schoolId === group.school_id;
  if (!managed.has(group.id) && !sameSchoolAdmin)
    throw new AppError('forbidden', 'You do not belong to this group');
  return { group, schoolGroups };
}

/**
 * A group of the scope's own school that it manages; another school's (or none) → 404. Classes
 * are strictly within the caller's own school, provider roles included.
 */
async function requireOwnSchoolManagedGroup(db: Db, scope: Subject, id: string): Promise<GroupRow> {
  if (!isStaffRole(scope.role)) throw new AppError('forbidden', 'Staff roles only');
  const group = await db
    .selectFrom('groups')
    .select('school_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!group || !scope.schoolId || group.school_id !== scope.schoolId)
    throw new AppError('notFound', 'Group not found');
  return (await requireManagedGroup(db, scope, id)).group;
}

const byStudentNumberThenName = (
  a: { studentNumber: string | null; name: string; id: string },
  b: { studentNumber: string | null; name: string; id: string },
): number => {
  if (a.studentNumber !== b.studentNumber) {
    if (a.studentNumber === null) return 1;
    if (b.studentNumber === null) return -1;
    return a.studentNumber.localeCompare(b.studentNumber, 'ja', { numeric: true });
  }
  return a.name.localeCompare(b.name, 'ja') || a.id.localeCompare(b.id);
};

/**
 * GET /v1/group/{id}/members: the members of a group the scope manages (with its descendants'
 * when asked), with their open password-reset requests and whether wrong passwords hold their
 * sign-in back (`login`: the throttle's limits).
 */
export async function groupMembers(
  db: Db,
  scope: Subject,
  groupId: string,
  query: GroupMembersQuery,
  login: LoginThrottleConfig,
): Promise<GroupMember[]> {
  const { group, schoolGroups } = await requireManagedGroup(db, scope, groupId);
  const groupIds = query.withChildGroup
    ? withDescendants([group], schoolGroups).map((g) => g.id)
    : [group.id];

  let q = db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .selectAll('users')
    .distinctOn('users.id')
    .where('group_members.group_id', 'in', groupIds)
    .where('users.status', '!=', 'withdrawn');
  if (query.isStrict) q = q.where('users.status', '=', 'active');
  if (query.memberOnly) q = q.where('users.role', 'in', ['member', 'supporter']);
  if (query.userId !== undefined) {
    const userId = query.userId;
    q = q.where((eb) =>
      eb.or([
        eb('users.id', '=', userId),
        eb(eb.fn('lower', ['users.account']), '=', userId.toLowerCase()),
      ]),
    );
  }
  const rows: UserRow[] = await q.orderBy('users.id').execute();
  // Open password-reset requests (POST /v0/password-reset) reach the teacher here.
  const requests = rows.length
    ? await db
        .selectFrom('password_reset_requests')
        .select(['user_id', 'created_at'])
        .where('resolved_at', 'is', null)
        .where(
          'user_id',
          'in',
          rows.map((u) => u.id),
        )
        .execute()
    : [];
  const requestedAt = new Map(requests.map((r) => [r.user_id, msOf(r.created_at)]));
  // Issue 24: whether wrong passwords hold the pupil's sign-in back (unlock is offered then).
  const delayed = await delayedAccounts(
    db,
    login,
    rows.map((u) => u.account),
  );
  return rows
    .map((u) => ({
      id: u.id,
      name: u.name,
      displayName: u.display_name,
      // Staff see the name and whether pupils see 'no permission' in its place, to correct it.
      displayNameHidden: isForbiddenName(u.display_name),
      studentNumber: u.student_number,
      role: u.role,
      passwordResetRequestedAt: requestedAt.get(u.id) ?? null,
      signInDelayed: delayed.has(u.account.toLowerCase()),
    }))
    .sort(byStudentNumberThenName);
}

export interface FeedbackApproval {
  groupId: string;
  enabled: boolean;
}

/**
 * The "approve first" rules a managed group has: feedback (issue 8) and output pictures
 * (issue 26), each a column of `groups`, read and set the same way.
 */
export const APPROVAL_RULES = {
  feedbackApproval: 'feedback_approval',
  pictureApproval: 'picture_approval',
} as const;
export type ApprovalRule = keyof typeof APPROVAL_RULES;

/** Whether a managed group's posts of this rule wait for a teacher's approval. */
export async function groupApproval(
  db: Db,
  scope: Subject,
  groupId: string,
  rule: ApprovalRule,
): Promise<FeedbackApproval> {
  const { group } = await requireManagedGroup(db, scope, groupId);
  return { groupId: group.id, enabled: group[APPROVAL_RULES[rule]] };
}

/** Turns one "approve first" rule on or off for a managed group. */
export async function setGroupApproval(
  db: Db,
  scope: Subject,
  groupId: string,
  rule: ApprovalRule,
  enabled: boolean,
): Promise<FeedbackApproval> {
  const { group } = await requireManagedGroup(db, scope, groupId);
  const column = APPROVAL_RULES[rule];
  const updated = await db
    .updateTable('groups')
    .set({ [column]: enabled, updated_at: new Date() })
    .where('id', '=', group.id)
    .returning(['id', column])
    .executeTakeFirstOrThrow();
  return { groupId: updated.id, enabled: updated[column] };
}

/** Makes a class under a managed group of the scope's school; a sibling's name → 409. */
export async function createClass(
  db: Db,
  scope: Subject,
  parentId: string,
  name: string,
): Promise<GroupRow> {
  const parent = await requireOwnSchoolManagedGroup(db, scope, parentId);
  const sibling = await db
    .selectFrom('groups')
    .select('id')
    .where('school_id', '=', parent.school_id)
    .where('parent_id', '=', parent.id)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  if (sibling) throw new AppError('conflict', 'A class with this name already exists');
  return db
    .insertInto('groups')
    .values({ school_id: parent.school_id, parent_id: parent.id, name })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const isPupilRole = (role: string) => role === 'member' || role === 'supporter';

/** A pupil of the group's school (not withdrawn); anyone else answers like a missing user. */
async function schoolPupil(db: Db, schoolId: string, userId: string): Promise<UserRow> {
  const pupil = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!pupil || pupil.school_id !== schoolId || pupil.status === 'withdrawn')
    throw new AppError('notFound', 'User not found');
  if (!isPupilRole(pupil.role))
    throw new AppError('forbidden', 'Only pupils are placed in classes');
  return pupil;
}

/** The pupils of a managed class's school who are not in it, with the classes they are in. */
export async function groupCandidates(
  db: Db,
  scope: Subject,
  groupId: string,
): Promise<GroupCandidate[]> {
  const group = await requireOwnSchoolManagedGroup(db, scope, groupId);
  const [pupils, memberships] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'name', 'display_name', 'student_number'])
      .where('school_id', '=', group.school_id)
      .where('role', 'in', ['member', 'supporter'])
      .where('status', '!=', 'withdrawn')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('group_members')
              .select('user_id')
              .whereRef('group_members.user_id', '=', 'users.id')
              .where('group_members.group_id', '=', group.id),
          ),
        ),
      )
      .execute(),
    db
      .selectFrom('group_members')
      .innerJoin('groups', 'groups.id', 'group_members.group_id')
      .selectAll('groups')
      .select('group_members.user_id')
      .where('groups.school_id', '=', group.school_id)
      .execute(),
  ]);
  const byUser = new Map<string, GroupRow[]>();
  for (const m of memberships) {
    const list = byUser.get(m.user_id) ?? [];
    const { user_id: _, ...row } = m;
    list.push(row);
    byUser.set(m.user_id, list);
  }
  return pupils
    .map((p) => ({
      id: p.id,
      name: p.name,
      displayName: p.display_name,
      studentNumber: p.student_number,
      groups: sortGroups(byUser.get(p.id) ?? []).map((g) => ({ id: g.id, name: g.name })),
    }))
    .sort(
      (a, b) =>
        (a.studentNumber ?? '\uffff').localeCompare(b.studentNumber ?? '\uffff', 'ja', {
          numeric: true,
        }) || a.name.localeCompare(b.name, 'ja'),
    );
}

/**
 * Puts a pupil of the school in a managed class, or moves them there from another managed class
 * (`fromGroupId`; the pupil must be in it).
 */
export async function placePupil(
  db: Db,
  scope: Subject,
  groupId: string,
  userId: string,
  fromGroupId: string | undefined,
): Promise<{ groupId: string; userId: string; movedFrom: string | null }> {
  const group = await requireOwnSchoolManagedGroup(db, scope, groupId);
  if (fromGroupId === group.id) throw new AppError('badRequest', 'Pick another class');
  const from = fromGroupId ? await requireOwnSchoolManagedGroup(db, scope, fromGroupId) : null;
  const pupil = await schoolPupil(db, group.school_id, userId);
  await db.transaction().execute(async (trx) => {
    if (from) {
      const left = await trx
        .deleteFrom('group_members')
        .where('group_id', '=', from.id)
        .where('user_id', '=', pupil.id)
        .executeTakeFirst();
      if (Number(left.numDeletedRows) === 0)
        throw new AppError('notFound', 'The pupil is not in that class');
    }
    await trx
      .insertInto('group_members')
      .values({ group_id: group.id, user_id: pupil.id })
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .execute();
  });
  return { groupId: group.id, userId: pupil.id, movedFrom: from?.id ?? null };
}
