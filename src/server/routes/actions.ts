import { SessionActionsResponse } from '../../contracts/api/catalogue';
import {
  ActionQuery,
  ActionSummaryResponse,
  PostActionRequest,
} from '../../contracts/api/feedback';
import { SessionIdParams } from '../../contracts/api/sessions';
import { AppError } from '../http/errors';
import { publishSessionChange } from '../realtime/session-feed';
import { requireVisibleSession } from '../sessions/access';
import {
  actionSummary,
  listSessionActions,
  requireActionTarget,
  toggleAction,
} from '../sessions/actions';
import { SESSION_LIST_MAX } from '../sessions/walls';
import type { App } from '../http/app-type';

/**
 * Reactions (core platform, Action): wow, thinking, crying, inspired, noting and worthy on
 * sessions, outputs and comments. One per user, target and type; posting the same again takes it
 * back. Every target is checked for visibility first (another school's output is a 404). GET
 * /v1/session/{id}/actions lists a session's reactions within the caller's school.
 */
export async function actionRoutes(app: App): Promise<void> {
  app.get(
    '/v1/action',
    { schema: { querystring: ActionQuery, response: { 200: ActionSummaryResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      await requireActionTarget(
        app.db,
        app.permissions,
        user,
        req.query.target,
        req.query.targetId,
      );
      const scope = await app.permissions.subject(user);
      return { item: await actionSummary(app.db, scope, req.query.target, req.query.targetId) };
    },
  );

  app.post(
    '/v1/action',
    { schema: { body: PostActionRequest, response: { 200: ActionSummaryResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const { target, targetId, type, userId } = req.body;
      // The older service names the reacting user; only one's own reactions can be sent.
      if (userId !== undefined && userId !== user.id && userId !== user.account)
        throw new AppError('forbidden', 'Reactions are sent as oneself');
      // Reacting is taking part, like commenting: graduates and blocked accounts may not.
      if (!(await app.permissions.check('addComment', user))) {
        throw new AppError('forbidden', 'Not permitted: addComment');
      }
      const where = await requireActionTarget(app.db, app.permissions, user, target, targetId);
      const scope = await app.permissions.subject(user);
      await toggleAction(app.db, scope, { type, target, targetId }, where);
      // The session's open pages re-read the counts (walled by school like the counts).
      if (where.sessionId && !where.streamId) {
        await publishSessionChange(app, user, {
          sessionId: where.sessionId,
          kind: 'action',
          targetId,
          ...(where.outputId ? { outputId: where.outputId } : {}),
        });
      }
      return { item: await actionSummary(app.db, scope, target, targetId) };
    },
  );

  // A session-wide list: the caller's school only (provider roles: every school).
  app.get(
    '/v1/session/:id/actions',
    { schema: { params: SessionIdParams, response: { 200: SessionActionsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      const scope = await app.permissions.subject(user);
      return { items: await listSessionActions(app.db, scope, req.params.id, SESSION_LIST_MAX) };
    },
  );
}
