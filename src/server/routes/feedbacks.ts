import { noteFor, rejectionNotes } from '../moderation/rejection-notes';
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
import { isStaffRole, type Lang } from '../../contracts/entities';
import { isBlocked, isProviderRole } from '../auth/permissions';
import { json, msOf } from '../db/json';
import {
  requireVisibleFeedback,
  requireVisibleOutput,
  toFeedbackViews,
  toOutput,
} from '../feedback/repository';
import { feedbackNeedsApproval } from '../feedback/approval';
import { AppError } from '../http/errors';
import { COUNTRIES, STATES } from '../location/data';
import { moderateText } from '../moderation/checks';
import { publishSessionChange } from '../realtime/session-feed';
import type { App } from '../http/app-type';

/**
 * Where the author lives, in the viewer's language: the prefecture (Japan) or state, else the
 * country; null when nothing known is set.
 */
export function locationName(
  u: { country: string; state: string | null; prefecture: string | null },
  lang: Lang,
): string | null {
  const region = u.country === 'JP' ? u.prefecture : u.state;
  const state = region ? STATES[u.country]?.find((s) => s.isoCode === region) : undefined;
  if (state) return state.name[lang];
  return COUNTRIES.find((c) => c.isoCode === u.country)?.name[lang] ?? null;
}

/**
 * Feedback on outputs: the viewer's output detail, the feedback list with the visibility rules,
 * posting (submitFeedback; limits, same-comment rule, moderation hold), likes, and the staff
 * publish call the moderation queue uses.
 */
/** The push notification's text for new feedback, in the recipient's language. */
const NEW_FEEDBACK_TEXT = {
  ja: 'あなたのアウトプットに新しいフィードバックが届きました',
  en: 'Your output has new feedback',
} as const;

export async function feedbackRoutes(app: App): Promise<void> {
  app.get(
    '/v1/output/:id/viewer',
    { schema: { params: OutputIdParams, response: { 200: OutputViewerResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const row = await requireVisibleOutput(app.db, app.permissions, user, req.params.id);
      const [output, work, session, author] = await Promise.all([
        toOutput(app.db, user, row),
        app.db
          .selectFrom('works')
          .select(['id', 'title', 'questions'])
          .where('id', '=', row.work_id)
          .executeTakeFirstOrThrow(),
        app.db
          .selectFrom('sessions')
          .select(['id', 'title', 'status', 'start_time', 'end_time'])
          .where('id', '=', row.session_id)
          .executeTakeFirstOrThrow(),
        app.db
          .selectFrom('users')
          .select(['country', 'state', 'prefecture'])
          .where('id', '=', row.user_id)
          .executeTakeFirstOrThrow(),
      ]);
      const now = Date.now();
      const notes = await rejectionNotes(
        app.db,
        'output',
        row.status === 'rejected' ? [row.id] : [],
      );
      return {
        item: {
          ...noteFor(user, row, notes),
          output,
          location: locationName(author, user.lang),
          work: { id: work.id, title: work.title, questions: work.questions },
          session: { id: session.id, title: session.title },
          // Live: marked in progress, or inside its scheduled hours.
          sessionLive:
            session.status === 'IN_PROGRESS' ||
            (msOf(session.start_time) <= now && now < msOf(session.end_time)),
        },
      };
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
      const rows = await app.db
        .selectFrom('feedbacks')
        .selectAll()
        .where('output_id', '=', output.id)
        .orderBy('created_at')
        .orderBy('id')
        .limit(500)
        .execute();
      return { items: await toFeedbackViews(app.db, user, rows, Date.now()) };
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
      const previous = await app.db
        .selectFrom('feedbacks')
        .select('content')
        .where('output_id', '=', output.id)
        .where('user_id', '=', user.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (previous && previous.content.trim() === content) {
        throw new AppError('conflict', SAME_COMMENT_MESSAGE);
      }
      const verdict = moderateText(content);
      // Held when the screening found something, or the author's group approves all feedback first.
      const awaitsApproval = !verdict.held && (await feedbackNeedsApproval(app.db, user));
      const held = verdict.held || awaitsApproval;
      const row = await app.db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('feedbacks')
          .values({
            output_id: output.id,
            session_id: output.session_id,
            work_id: output.work_id,
            user_id: user.id,
            content,
            status: held ? 'pending' : 'published',
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (verdict.held) {
          // The author learns their feedback is held (core platform: outputsViolation). Feedback
          // waiting only for the group's approval mode is no violation: no notice.
          await trx
            .insertInto('notifications')
            .values({
              user_id: user.id,
              type: 'outputsViolation',
              items: json({ feedback: { outputId: output.id } }),
              payload: json({ id: inserted.id, kinds: verdict.findings.map((f) => f.kind) }),
            })
            .execute();
        }
        return inserted;
      });
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
      const [item] = await toFeedbackViews(app.db, user, [row], Date.now());
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
      const rows = await app.db
        .selectFrom('feedbacks')
        .innerJoin('users as author', 'author.id', 'feedbacks.user_id')
        .select(['feedbacks.id', 'author.school_id'])
        .where('feedbacks.id', 'in', req.body.ids)
        .execute();
      // A teacher moderates their own school only; another school's feedback does not exist for them.
      const mine = rows.filter(
        (r) =>
          isProviderRole(user.role) || (r.school_id !== null && r.school_id === user.school_id),
      );
      if (mine.length !== new Set(req.body.ids).size) {
        throw new AppError('notFound', 'No such feedback');
      }
      // Every release is a moderation decision on the record, like the queue's publish button.
      const now = new Date();
      const updated = await app.db.transaction().execute(async (trx) => {
        const released = await trx
          .updateTable('feedbacks')
          .set({ status: 'published', updated_at: now })
          .where('id', 'in', req.body.ids)
          .where('status', '=', 'pending')
          .returningAll()
          .execute();
        if (released.length > 0) {
          await trx
            .insertInto('moderation_decisions')
            .values(
              released.map((f) => ({
                target_type: 'feedback' as const,
                target_id: f.id,
                decision: 'publish' as const,
                previous_status: 'pending',
                note: null,
                decided_by: user.id,
                decided_at: now,
              })),
            )
            .execute();
        }
        return released;
      });
      for (const f of updated) {
        await publishSessionChange(app, user, {
          sessionId: f.session_id,
          kind: 'feedback',
          targetId: f.id,
          outputId: f.output_id,
        });
      }
      return { items: await toFeedbackViews(app.db, user, updated, Date.now()) };
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
      if (body.type === 'like') {
        await app.db
          .insertInto('actions')
          .values({
            type: 'like',
            target: 'output-comment',
            target_id: row.id,
            output_id: row.output_id,
            session_id: row.session_id,
            user_id: user.id,
          })
          .onConflict((oc) => oc.columns(['user_id', 'target', 'target_id', 'type']).doNothing())
          .execute();
      } else {
        await app.db
          .deleteFrom('actions')
          .where('user_id', '=', user.id)
          .where('target', '=', 'output-comment')
          .where('target_id', '=', row.id)
          .where('type', '=', 'like')
          .execute();
      }
      const [mine] = await toFeedbackViews(app.db, user, [row], Date.now());
      return { item: { likes: mine?.likes ?? 0, liked: mine?.liked ?? false } };
    },
  );
}
