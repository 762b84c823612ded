import { noteFor, rejectionNotes } from '../moderation/rejection-notes';
import { keepConcern } from '../safeguarding/concerns';
import { MyFeedbacksQuery } from '../../contracts/api/catalogue';
import {
  FeedbackReactionRequest,
  FeedbackReactionResponse,
  FeedbackResponse,
  FeedbacksResponse,
  isBlankText,
  OutputFeedbacksQuery,
  OutputIdParams,
  OutputViewerResponse,
  PostFeedbackRequest,
  PublishFeedbacksRequest,
  SAME_COMMENT_MESSAGE,
} from '../../contracts/api/feedback';
import { UserFeedbacksResponse } from '../../contracts/api/profile';
import { SessionIdParams } from '../../contracts/api/sessions';
import { isStaffRole } from '../../contracts/entities';
import { isBlocked } from '../auth/permissions';
import {
  createFeedback,
  lastOwnFeedbackContent,
  outputFeedbackViews,
  outputViewerDetails,
  releaseFeedbacks,
  requireVisibleFeedback,
  requireVisibleOutput,
  sessionFeedbacks,
  setFeedbackLike,
  toFeedbackViews,
  toOutput,
} from '../feedback/repository';
import { feedbackNeedsApproval } from '../feedback/approval';
import { AppError } from '../http/errors';
import { moderateText } from '../moderation/checks';
import { publishSessionChange } from '../realtime/session-feed';
import { requireSessionWall, SESSION_LIST_MAX } from '../sessions/walls';
import type { App } from '../http/app-type';
import { userFeedbacks } from '../users/profile-lists';

/** The push notification's text for new feedback, in the recipient's language. */
const NEW_FEEDBACK_TEXT = {
  ja: 'あなたのアウトプットに新しいフィードバックが届きました',
  en: 'Your output has new feedback',
} as const;

/**
 * Feedback on outputs: the viewer's output detail, the feedback list with the visibility rules,
 * posting (submitFeedback; limits, same-comment rule, moderation hold), likes, the staff
 * publish call the moderation queue uses, and the lists of feedback: the caller's own
 * (GET /v1/me/feedbacks) and a session's (GET /v1/session/{id}/feedbacks, within the walls).
 */
export async function feedbackRoutes(app: App): Promise<void> {
  app.get(
    '/v1/output/:id/viewer',
    { schema: { params: OutputIdParams, response: { 200: OutputViewerResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const row = await requireVisibleOutput(app.db, app.permissions, user, req.params.id);
      const [output, details] = await Promise.all([
        toOutput(app.db, user, row),
        outputViewerDetails(app.db, row, user.lang),
      ]);
      const notes = await rejectionNotes(
        app.db,
        'output',
        row.status === 'rejected' ? [row.id] : [],
      );
      return { item: { ...noteFor(user, row, notes), output, ...details } };
    },
  );

  app.get(
    '/v1/output/:id/feedbacks',
    {
      schema: {
        params: OutputIdParams,
        querystring: OutputFeedbacksQuery,
        response: { 200: FeedbacksResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const output = await requireVisibleOutput(app.db, app.permissions, user, req.params.id);
      const scope = await app.permissions.subject(user);
      return { items: await outputFeedbackViews(app.db, scope, output, Date.now()) };
    },
  );

  app.post(
    '/v1/feedback',
    { schema: { body: PostFeedbackRequest, response: { 200: FeedbackResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const body = req.body;
      if (body.userId !== user.id) throw new AppError('forbidden', 'userId must be the caller');
      if (!(await app.permissions.check('submitFeedback', user))) {
        throw new AppError('forbidden', 'Not permitted: submitFeedback');
      }
      const output = await requireVisibleOutput(app.db, app.permissions, user, body.outputId);
      if (output.status !== 'published') {
        throw new AppError('badRequest', 'The output does not take feedback');
      }
      if (output.session_id !== body.sessionId || output.work_id !== body.workId) {
        throw new AppError('badRequest', 'sessionId and workId must be those of the output');
      }
      if (isBlankText(body.content)) {
        throw new AppError('badRequest', 'Empty comment', [{ path: 'content', message: 'empty' }]);
      }
      const content = body.content.trim();
      const scope = await app.permissions.subject(user);
      const previous = await lastOwnFeedbackContent(app.db, scope, output.id);
      if (previous !== undefined && previous.trim() === content) {
        throw new AppError('conflict', SAME_COMMENT_MESSAGE);
      }
      await keepConcern(app.db, user.id, 'feedback', [content]);
      const verdict = moderateText(content);
      // Held when the screening found something, or the author's group approves all feedback first.
      const awaitsApproval = !verdict.held && (await feedbackNeedsApproval(app.db, user));
      const held = verdict.held || awaitsApproval;
      // The author learns their feedback is held when the screening held it (outputsViolation).
      const row = await createFeedback(app.db, scope, output, content, held, verdict);
      await publishSessionChange(app, user, {
        sessionId: row.session_id,
        kind: 'feedback',
        targetId: row.id,
        outputId: row.output_id,
      });
      // The output's author hears of published feedback on their subscribed browsers (issue 14).
      if (row.status === 'published' && output.user_id !== user.id) {
        void app.push.notify(output.user_id, (lang) => ({
          title: 'Tomoni',
          body: NEW_FEEDBACK_TEXT[lang],
          url: `/session/${encodeURIComponent(output.session_id)}`,
          tag: `feedback-${output.id}`,
        }));
      }
      const [item] = await toFeedbackViews(app.db, scope, [row], Date.now());
      return { item: item! };
    },
  );

  app.post(
    '/v1/feedbacks/publish',
    { schema: { body: PublishFeedbacksRequest, response: { 200: FeedbacksResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const subject = await app.permissions.subject(user);
      if (isBlocked(subject) || !isStaffRole(user.role)) {
        throw new AppError('forbidden', 'Staff roles only');
      }
      // A teacher moderates their own school only; another school's feedback does not exist for them.
      const updated = await releaseFeedbacks(app.db, subject, req.body.ids);
      for (const f of updated) {
        await publishSessionChange(app, user, {
          sessionId: f.session_id,
          kind: 'feedback',
          targetId: f.id,
          outputId: f.output_id,
        });
      }
      return { items: await toFeedbackViews(app.db, subject, updated, Date.now()) };
    },
  );

  app.post(
    '/v1/feedback/:id/reaction',
    {
      schema: {
        params: OutputIdParams,
        body: FeedbackReactionRequest,
        response: { 200: FeedbackReactionResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const body = req.body;
      if (body.userId !== user.id) throw new AppError('forbidden', 'userId must be the caller');
      if (body.feedbackId !== req.params.id) {
        throw new AppError('badRequest', 'feedbackId must match the path');
      }
      const { row, view } = await requireVisibleFeedback(
        app.db,
        app.permissions,
        user,
        req.params.id,
        Date.now(),
      );
      if (row.output_id !== body.outputId) {
        throw new AppError('badRequest', 'outputId must be that of the feedback');
      }
      if (!view.canReact) throw new AppError('badRequest', 'This feedback cannot be liked');
      const scope = await app.permissions.subject(user);
      await setFeedbackLike(app.db, scope, row, body.type === 'like');
      const [mine] = await toFeedbackViews(app.db, scope, [row], Date.now());
      return { item: { likes: mine?.likes ?? 0, liked: mine?.liked ?? false } };
    },
  );

  app.get(
    '/v1/me/feedbacks',
    { schema: { querystring: MyFeedbacksQuery, response: { 200: UserFeedbacksResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      return userFeedbacks(app.db, await app.permissions.subject(user), user);
    },
  );

  // A session-wide list: the caller's school only (provider roles: every school).
  app.get(
    '/v1/session/:id/feedbacks',
    { schema: { params: SessionIdParams, response: { 200: FeedbacksResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const wall = await requireSessionWall(app.db, app.permissions, user, req.params.id);
      const scope = await app.permissions.subject(user);
      return {
        items: await sessionFeedbacks(app.db, scope, wall, req.params.id, SESSION_LIST_MAX),
      };
    },
  );
}
