import { ViolationRequest, ViolationResponse } from '../../contracts/api/feedback';
import { requireVisibleFeedback, requireVisibleOutput } from '../feedback/repository';
import { AppError } from '../http/errors';
import { fileViolationReport } from '../moderation/violation-reports';
import { CommentService } from '../sessions/comments';
import type { App } from '../http/app-type';

/**
 * POST /v1/violation: a user reports a feedback, an output or a session/live comment they can
 * see (text required, at most 300); a comment report is listed in the staff moderation queue. A feedback reported by someone other than its author is hidden from other
 * pupils for an hour while staff look at it (docs/decisions/0156-feedback.md).
 */
export async function violationRoutes(app: App): Promise<void> {
  const comments = new CommentService(app.db, app.roomBus, app.permissions);
  app.post(
    '/v1/violation',
    { schema: { body: ViolationRequest, response: { 200: ViolationResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const body = req.body;
      if (body.userId !== user.id) throw new AppError('forbidden', 'userId must be the caller');
      const now = Date.now();
      let targetUserId: string;
      if (body.type === 'feedback') {
        const { row, view } = await requireVisibleFeedback(
          app.db,
          app.permissions,
          user,
          body.id,
          now,
        );
        if (!view.canReact) throw new AppError('badRequest', 'This feedback cannot be reported');
        targetUserId = row.user_id;
      } else if (body.type === 'comment') {
        // A session or live comment the caller can see (its room, or the school scope).
        const row = await comments.requireVisible(user, body.id);
        if (row.user_id === user.id) throw new AppError('badRequest', 'Own comment');
        targetUserId = row.user_id;
      } else {
        const row = await requireVisibleOutput(app.db, app.permissions, user, body.id);
        if (row.user_id === user.id) throw new AppError('badRequest', 'Own output');
        targetUserId = row.user_id;
      }
      const scope = await app.permissions.subject(user);
      const item = await fileViolationReport(app.db, scope, {
        type: body.type,
        id: body.id,
        targetUserId,
        content: body.content,
        now,
      });
      return { item };
    },
  );
}
