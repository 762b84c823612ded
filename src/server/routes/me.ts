import { MeResponse } from '../../contracts/api/auth';
import {
  DeleteViolationResponse,
  MyGroupsQuery,
  MyGroupsResponse,
  ViolationParams,
} from '../../contracts/api/users';
import { json } from '../db/json';
import {
  groupsOfSchools,
  groupsOfUser,
  sortGroups,
  toGroup,
  withDescendants,
} from '../users/repository';
import type { App } from '../http/app-type';

export async function meRoutes(app: App): Promise<void> {
  app.get('/v1/me', { schema: { response: { 200: MeResponse } } }, async (req) => {
    const { user } = await app.auth.require(req);
    // The row, school and groups: reused for a moment like the row itself (issue 10).
    return { item: await app.auth.remember(`me:${user.id}`, () => app.permissions.me(user)) };
  });

  app.get(
    '/v1/me/groups',
    { schema: { querystring: MyGroupsQuery, response: { 200: MyGroupsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const own = await groupsOfUser(app.db, user.id);
      if (!req.query.withChildren) return { items: sortGroups(own).map(toGroup) };
      const all = await groupsOfSchools(app.db, [...new Set(own.map((g) => g.school_id))]);
      return { items: sortGroups(withDescendants(own, all)).map(toGroup) };
    },
  );

  app.delete(
    '/v1/me/violation/:keyName',
    { schema: { params: ViolationParams, response: { 200: DeleteViolationResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const remaining = user.violation_statuses.filter((k) => k !== req.params.keyName);
      const updated = await app.db
        .updateTable('users')
        .set({ violation_statuses: json(remaining), updated_at: new Date() })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { item: await app.permissions.me(updated, true) };
    },
  );
}
