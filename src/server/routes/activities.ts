import {
  ActivitiesParams,
  ActivitiesResponse,
  ActivityResponse,
  PostActivityRequest,
} from '../../contracts/api/catalogue';
import { isBlocked } from '../auth/permissions';
import { ownActivities, recordActivity } from '../activities/repository';
import { AppError } from '../http/errors';
import { requireVisibleSession } from '../sessions/access';
import type { App } from '../http/app-type';

/** Activities: the caller's own, in sessions the caller may see. */
export async function activityRoutes(app: App): Promise<void> {
  app.get(
    '/v1/activities/:id',
    { schema: { params: ActivitiesParams, response: { 200: ActivitiesResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      const scope = await app.permissions.subject(user);
      return { items: await ownActivities(app.db, scope, req.params.id) };
    },
  );

  app.post(
    '/v1/activity',
    { schema: { body: PostActivityRequest, response: { 200: ActivityResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      if (isBlocked(scope)) throw new AppError('forbidden', 'Account suspended');
      await requireVisibleSession(app.db, app.permissions, user, req.body.sessionId);
      return { item: await recordActivity(app.db, scope, req.body) };
    },
  );
}
