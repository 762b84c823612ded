import { CommentIdParams, DismissCommentReportResponse } from '../../contracts/api/comments';
import {
  ModerationDecisionParams,
  RemovalParams,
  RemovalRequest,
  RemovalResponse,
  ModerationDecisionRequest,
  ModerationDecisionResponse,
  ModerationQueueResponse,
} from '../../contracts/api/moderation';
import { isStaffRole } from '../../contracts/entities';
import { isBlocked } from '../auth/permissions';
import { contentLangOf } from '../content/localize';
import { AppError } from '../http/errors';
import {
  dismissReport,
  openCommentReports,
  openContentReports,
} from '../moderation/comment-reports';
import { removePublished } from '../moderation/takedown';
import { CommentService } from '../sessions/comments';
import { decideHeldPost, pendingItems, recentDecisions } from '../moderation/repository';
import type { App } from '../http/app-type';

/**
 * The staff moderation queue (outputs, feedback and, since issue 8, reflections the screening
 * held). Teachers moderate their own school's pupils; admin and staff
 * every school. A decision is taken once: deciding an item that is no longer pending is 409, so
 * two teachers clicking at once cannot overwrite each other. Publishing changes the status only
 * (violation statuses stay as the checker set them, for the record); rejecting tells the author.
 * Since issue 26 every report of a published post is listed too, and staff take down any
 * published output, feedback, reflection or comment (moderation/takedown.ts).
 */
export async function moderationRoutes(app: App): Promise<void> {
  const comments = new CommentService(app.db, app.roomBus, app.permissions);
  const moderator = async (req: Parameters<typeof app.auth.require>[0]) => {
    const { user } = await app.auth.require(req);
    if (!isStaffRole(user.role)) throw new AppError('forbidden', 'Staff roles only');
    const scope = await app.permissions.subject(user);
    if (isBlocked(scope)) throw new AppError('forbidden', 'This account is suspended');
    return { user, scope };
  };

  app.get(
    '/v1/moderation/queue',
    { schema: { response: { 200: ModerationQueueResponse } } },
    async (req) => {
      const { user, scope } = await moderator(req);
      return {
        items: await pendingItems(app.db, scope, contentLangOf(user)),
        decisions: await recentDecisions(app.db, scope),
        commentReports: await openCommentReports(app.db, user),
        reports: await openContentReports(app.db, user),
      };
    },
  );

  app.post(
    '/v1/moderation/:type/:id/decision',
    {
      schema: {
        params: ModerationDecisionParams,
        body: ModerationDecisionRequest,
        response: { 200: ModerationDecisionResponse },
      },
    },
    async (req) => {
      const { user, scope } = await moderator(req);
      const targetType =
        req.params.type === 'outputs'
          ? 'output'
          : req.params.type === 'feedbacks'
            ? 'feedback'
            : 'reflection';
      const note = req.body.note ? req.body.note : null;
      const { status, decision } = await decideHeldPost(
        app.db,
        scope,
        targetType,
        req.params.id,
        req.body.decision,
        note,
        req.body.reason ?? null,
      );
      return {
        status,
        decision: {
          id: decision.id,
          targetType: decision.targetType,
          targetId: decision.targetId,
          decision: decision.decision,
          previousStatus: decision.previousStatus,
          note: decision.note,
          reason: decision.reason,
          decidedBy: { id: user.id, displayName: user.display_name },
          decidedAt: decision.decidedAt,
        },
      };
    },
  );

  app.post(
    '/v1/moderation/:type/:id/removal',
    {
      schema: {
        params: RemovalParams,
        body: RemovalRequest,
        response: { 200: RemovalResponse },
      },
    },
    async (req) => {
      const { user, scope } = await moderator(req);
      const type = (
        {
          outputs: 'output',
          feedbacks: 'feedback',
          reflections: 'reflection',
          comments: 'comment',
        } as const
      )[req.params.type];
      const removed = await removePublished(
        app.db,
        scope,
        type,
        req.params.id,
        req.body.reason,
        req.body.note ? req.body.note : null,
      );
      // Open pages drop a removed comment at once (a room's sockets, a session page's hint).
      if (removed.comment) await comments.announceRemoval(removed.comment);
      return {
        decision: {
          ...removed.decision,
          decidedBy: { id: user.id, displayName: user.display_name },
        },
      };
    },
  );

  app.post(
    '/v1/moderation/reports/:id/dismiss',
    { schema: { params: CommentIdParams, response: { 200: DismissCommentReportResponse } } },
    async (req) => {
      const { user } = await moderator(req);
      await dismissReport(app.db, user, req.params.id);
      return { item: { id: req.params.id, status: 'closed' as const } };
    },
  );
}
