import { MeResponse } from '../../contracts/api/auth';
import { UserSessionsResponse } from '../../contracts/api/profile';
import {
  DeleteViolationResponse,
  MyGroupsQuery,
  MyGroupsResponse,
  ViolationParams,
} from '../../contracts/api/users';
import { ownGroups } from '../users/groups';
import { userJoinedSessions } from '../users/profile-lists';
import { setOwnViolationStatuses } from '../users/own-record';
import { toGroup } from '../users/repository';
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
      const scope = await app.permissions.subject(user);
      const groups = await ownGroups(app.db, scope, req.query.withChildren === true);
      return { items: groups.map(toGroup) };
    },
  );

  // The caller's own profile list of joined sessions (GET /v1/user/{id}/sessions of oneself).
  app.get(
    '/v1/me/joinedSessions',
    { schema: { response: { 200: UserSessionsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      return userJoinedSessions(app.db, await app.permissions.subject(user), user, user);
    },
  );

  app.delete(
    '/v1/me/violation/:keyName',
    { schema: { params: ViolationParams, response: { 200: DeleteViolationResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const remaining = user.violation_statuses.filter((k) => k !== req.params.keyName);
      const scope = await app.permissions.subject(user);
      const updated = await setOwnViolationStatuses(app.db, scope, remaining);
      return { item: await app.permissions.me(updated, true) };
    },
  );
}
