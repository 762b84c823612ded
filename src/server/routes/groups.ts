import { msOf } from '../db/json';
import { isStaffRole } from '../../contracts/entities';
import { GroupIdParams, GroupMembersQuery, GroupMembersResponse } from '../../contracts/api/groups';
import { delayedAccounts } from '../auth/login-throttle';
import { isBlocked, isProviderRole } from '../auth/permissions';
import { AppError } from '../http/errors';
import { isForbiddenName } from '../moderation/forbidden-name';
import { groupsOfSchools, groupsOfUser, withDescendants, type UserRow } from '../users/repository';
import type { App } from '../http/app-type';

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

export async function groupRoutes(app: App): Promise<void> {
  app.get(
    '/v1/group/:id/members',
    {
      schema: {
        params: GroupIdParams,
        querystring: GroupMembersQuery,
        response: { 200: GroupMembersResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      // Pupils never list a group, not even their own: 403 before anything about the group is read.
      if (!isStaffRole(user.role)) throw new AppError('forbidden', 'Staff roles only');
      const subject = await app.permissions.subject(user);
      if (isBlocked(subject)) throw new AppError('forbidden', 'This account is suspended');

      const group = await app.db
        .selectFrom('groups')
        .selectAll()
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      // Another school's group answers like a missing one, so group ids cannot be probed.
      if (!group || (group.school_id !== user.school_id && !isProviderRole(user.role)))
        throw new AppError('notFound', 'Group not found');

      const own = await groupsOfUser(app.db, user.id);
      const schoolGroups = await groupsOfSchools(app.db, [
        ...new Set([...own.map((g) => g.school_id), group.school_id]),
      ]);
      const managed = new Set(withDescendants(own, schoolGroups).map((g) => g.id));
      const sameSchoolAdmin = user.role === 'admin' && user.school_id === group.school_id;
      if (!managed.has(group.id) && !sameSchoolAdmin)
        throw new AppError('forbidden', 'You do not belong to this group');

      const { query } = req;
      const groupIds = query.withChildGroup
        ? withDescendants([group], schoolGroups).map((g) => g.id)
        : [group.id];

      let q = app.db
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
        ? await app.db
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
        app.db,
        app.config.login,
        rows.map((u) => u.account),
      );
      const items = rows
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
      return { items };
    },
  );
}
