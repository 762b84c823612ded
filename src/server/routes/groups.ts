import { GroupIdParams, GroupMembersQuery, GroupMembersResponse } from '../../contracts/api/groups';
import { groupMembers } from '../users/groups';
import type { App } from '../http/app-type';

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
      // Staff roles of the group (or above it) and the school's admin; pupils get 403 before
      // anything about the group is read, another school's group a 404.
      const scope = await app.permissions.subject(user);
      return {
        items: await groupMembers(app.db, scope, req.params.id, req.query, app.config.login),
      };
    },
  );
}
