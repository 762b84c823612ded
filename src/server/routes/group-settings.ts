import {
  AddGroupMemberRequest,
  AddGroupMemberResponse,
  CreateGroupRequest,
  GroupCandidatesResponse,
  GroupIdParams,
  GroupResponse,
} from '../../contracts/api/groups';
import { FeedbackApprovalRequest, FeedbackApprovalResponse } from '../../contracts/api/screening';
import { isStaffRole } from '../../contracts/entities';
import { isBlocked, isProviderRole } from '../auth/permissions';
import { AppError } from '../http/errors';
import {
  groupsOfSchools,
  groupsOfUser,
  sortGroups,
  toGroup,
  withDescendants,
  type GroupRow,
  type UserRow,
} from '../users/repository';
import type { App } from '../http/app-type';

/**
 * Group settings staff change from the settings page's group pane (issue 8): "approve all
 * feedback first". Staff roles of the group (or a group above it) and the school's admin;
 * another school's group answers like a missing one; pupils get 403.
 *
 * Issue 24, classes: make a class under a managed group, put a pupil of the same school in a
 * class, move a pupil from one managed class to another. These are strictly within the caller's
 * own school (provider roles included): any other school's group or pupil answers 404.
 */
export async function groupSettingsRoutes(app: App): Promise<void> {
  async function managedGroup(user: UserRow, id: string) {
    if (!isStaffRole(user.role)) throw new AppError('forbidden', 'Staff roles only');
    if (isBlocked(await app.permissions.subject(user)))
      throw new AppError('forbidden', 'This account is suspended');
    const group = await app.db
      .selectFrom('groups')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
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
    return group;
  }

  app.get(
    '/v1/group/:id/feedbackApproval',
    { schema: { params: GroupIdParams, response: { 200: FeedbackApprovalResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const group = await managedGroup(user, req.params.id);
      return { item: { groupId: group.id, enabled: group.feedback_approval } };
    },
  );

  app.put(
    '/v1/group/:id/feedbackApproval',
    {
      schema: {
        params: GroupIdParams,
        body: FeedbackApprovalRequest,
        response: { 200: FeedbackApprovalResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const group = await managedGroup(user, req.params.id);
      const updated = await app.db
        .updateTable('groups')
        .set({ feedback_approval: req.body.enabled, updated_at: new Date() })
        .where('id', '=', group.id)
        .returning(['id', 'feedback_approval'])
        .executeTakeFirstOrThrow();
      return { item: { groupId: updated.id, enabled: updated.feedback_approval } };
    },
  );

  const isPupilRole = (role: string) => role === 'member' || role === 'supporter';

  /** A group of the caller's own school that they manage; another school's (or none) → 404. */
  async function ownSchoolManagedGroup(user: UserRow, id: string): Promise<GroupRow> {
    if (!isStaffRole(user.role)) throw new AppError('forbidden', 'Staff roles only');
    const group = await app.db
      .selectFrom('groups')
      .select('school_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!group || !user.school_id || group.school_id !== user.school_id)
      throw new AppError('notFound', 'Group not found');
    return managedGroup(user, id);
  }

  app.post(
    '/v1/group',
    { schema: { body: CreateGroupRequest, response: { 200: GroupResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const parent = await ownSchoolManagedGroup(user, req.body.parentId);
      const name = req.body.name;
      const sibling = await app.db
        .selectFrom('groups')
        .select('id')
        .where('school_id', '=', parent.school_id)
        .where('parent_id', '=', parent.id)
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
        .executeTakeFirst();
      if (sibling) throw new AppError('conflict', 'A class with this name already exists');
      const row = await app.db
        .insertInto('groups')
        .values({ school_id: parent.school_id, parent_id: parent.id, name })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { item: toGroup(row) };
    },
  );

  /** A pupil of the group's school (not withdrawn); anyone else answers like a missing user. */
  async function schoolPupil(schoolId: string, userId: string): Promise<UserRow> {
    const pupil = await app.db
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

  app.get(
    '/v1/group/:id/candidates',
    { schema: { params: GroupIdParams, response: { 200: GroupCandidatesResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const group = await ownSchoolManagedGroup(user, req.params.id);
      const [pupils, memberships] = await Promise.all([
        app.db
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
        app.db
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
      const items = pupils
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
      return { items };
    },
  );

  app.post(
    '/v1/group/:id/members',
    {
      schema: {
        params: GroupIdParams,
        body: AddGroupMemberRequest,
        response: { 200: AddGroupMemberResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const group = await ownSchoolManagedGroup(user, req.params.id);
      const { fromGroupId } = req.body;
      if (fromGroupId === group.id) throw new AppError('badRequest', 'Pick another class');
      const from = fromGroupId ? await ownSchoolManagedGroup(user, fromGroupId) : null;
      const pupil = await schoolPupil(group.school_id, req.body.userId);
      await app.db.transaction().execute(async (trx) => {
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
    },
  );
}
