import { NotificationKindParams, NotificationsResponse } from '../../contracts/api/notifications';
import { listNotifications } from '../notifications/repository';
import type { App } from '../http/app-type';

export interface NotificationRouteOptions {
  /** The clock; tests pass a fixed one. */
  now?: () => number;
}

/**
 * GET /v1/notifications/me, /all and /projectFeedbackAll: always the caller's own. The spec names
 * GET /v1/notifications beside them: it is the full list ("all").
 */
export async function notificationRoutes(
  app: App,
  options: NotificationRouteOptions = {},
): Promise<void> {
  const now = options.now ?? Date.now;
  app.get(
    '/v1/notifications',
    { schema: { response: { 200: NotificationsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      return { items: await listNotifications(app.db, user, 'all', now()) };
    },
  );
  app.get(
    '/v1/notifications/:kind',
    { schema: { params: NotificationKindParams, response: { 200: NotificationsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      return { items: await listNotifications(app.db, user, req.params.kind, now()) };
    },
  );
}
