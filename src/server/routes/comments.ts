import {
  CommentResponse,
  CreateCommentRequest,
  ListCommentsQuery,
  ListCommentsResponse,
  SessionIdParams,
} from '../../contracts/api/sessions';
import { requirePermission, requireRoomOfSession, requireVisibleSession } from '../sessions/access';
import { CommentService } from '../sessions/comments';
import type { App } from './types';

/**
 * Session and live comments: GET /v1/session/{id}/comments (pinned first, then newest) and
 * POST /v1/session/{id}/comment (SESSION, LIVE-JA, LIVE-EN; ≤ 400 characters, not blank). A
 * comment with a streamId is delivered live to that room's sockets.
 */
export async function commentRoutes(app: App): Promise<void> {
  const comments = new CommentService(app.db, app.roomBus);

  app.get(
    '/v1/session/:id/comments',
    {
      schema: {
        params: SessionIdParams,
        querystring: ListCommentsQuery,
        response: { 200: ListCommentsResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const session = await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      if (req.query.streamId)
        await requireRoomOfSession(app.db, user, session.id, req.query.streamId);
      return { items: await comments.list(session.id, req.query) };
    },
  );

  app.post(
    '/v1/session/:id/comment',
    {
      schema: {
        params: SessionIdParams,
        body: CreateCommentRequest,
        response: { 200: CommentResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const session = await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      await requirePermission(app.permissions, 'addComment', user, session.id);
      if (req.body.streamId)
        await requireRoomOfSession(app.db, user, session.id, req.body.streamId);
      return { item: await comments.post(session.id, user.id, req.body) };
    },
  );
}
