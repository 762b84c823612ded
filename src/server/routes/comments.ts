import {
  CommentIdParams,
  DeleteCommentResponse,
  DismissCommentReportResponse,
  PauseCommentsRequest,
  PauseCommentsResponse,
  PinCommentRequest,
} from '../../contracts/api/comments';
import {
  CommentResponse,
  CreateCommentRequest,
  ListCommentsQuery,
  ListCommentsResponse,
  SessionIdParams,
} from '../../contracts/api/sessions';
import { isStaffRole } from '../../contracts/entities';
import { StreamIdParams } from '../../contracts/stream';
import { isBlocked } from '../auth/permissions';
import { AppError } from '../http/errors';
import { dismissReport } from '../moderation/comment-reports';
import { requirePermission, requireRoomOfSession, requireVisibleSession } from '../sessions/access';
import { CommentService } from '../sessions/comments';
import type { App } from '../http/app-type';

/**
 * Session and live comments: GET /v1/session/{id}/comments (pinned first, then newest; without a
 * streamId only session-wide comments of the caller's school scope, with one only that room's),
 * POST /v1/session/{id}/comment (SESSION, LIVE-JA, LIVE-EN; ≤ 400 characters, not blank,
 * screened: a finding is 400 commentRefused; a paused room is 409 commentsPaused), DELETE
 * /v1/comment/{id} (author, room host, staff roles) and PUT /v1/stream/{id}/comments-paused
 * (the room's host); PUT /v1/comment/{id}/pin (staff roles); POST /v1/moderation/comment-reports/{id}/dismiss (staff keep a reported
 * comment). Live changes reach the room's sockets.
 */
export async function commentRoutes(app: App): Promise<void> {
  const comments = new CommentService(app.db, app.roomBus, app.permissions);

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
      return { items: await comments.list(user, session.id, req.query) };
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
      const room = req.body.streamId
        ? await requireRoomOfSession(app.db, user, session.id, req.body.streamId)
        : undefined;
      return { item: await comments.post(user, session.id, req.body, room) };
    },
  );

  app.delete(
    '/v1/comment/:id',
    { schema: { params: CommentIdParams, response: { 200: DeleteCommentResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      await comments.remove(user, req.params.id);
      return { item: { id: req.params.id, deleted: true as const } };
    },
  );

  app.put(
    '/v1/comment/:id/pin',
    {
      schema: {
        params: CommentIdParams,
        body: PinCommentRequest,
        response: { 200: CommentResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      return { item: await comments.setPinned(user, req.params.id, req.body.isPinned) };
    },
  );

  app.post(
    '/v1/moderation/comment-reports/:id/dismiss',
    { schema: { params: CommentIdParams, response: { 200: DismissCommentReportResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      if (!isStaffRole(user.role) || isBlocked(await app.permissions.subject(user))) {
        throw new AppError('forbidden', 'Staff roles only');
      }
      await dismissReport(app.db, user, req.params.id);
      return { item: { id: req.params.id, status: 'closed' as const } };
    },
  );

  app.put(
    '/v1/stream/:id/comments-paused',
    {
      schema: {
        params: StreamIdParams,
        body: PauseCommentsRequest,
        response: { 200: PauseCommentsResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const paused = await comments.setPaused(user, req.params.id, req.body.paused);
      return { item: { streamId: req.params.id, commentsPaused: paused } };
    },
  );
}
