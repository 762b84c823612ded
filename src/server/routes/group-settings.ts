import { GroupIdParams } from '../../contracts/api/groups';
import { FeedbackApprovalRequest, FeedbackApprovalResponse } from '../../contracts/api/screening';
import { isStaffRole } from '../../contracts/entities';
import { isBlocked, isProviderRole } from '../auth/permissions';
import { AppError } from '../http/errors';
import { groupsOfSchools, groupsOfUser, withDescendants, type UserRow } from '../users/repository';
import type { App } from './types';

/**
 * Group settings staff change from the settings page's group pane (issue 8): "approve all
 * feedback first". Staff roles of the group (or a group above it) and the school's admin;
 * another school's group answers like a missing one; pupils get 403.
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
}
