import { sql } from 'kysely';
import {
  ModerationDecisionParams,
  ModerationDecisionRequest,
  ModerationDecisionResponse,
  ModerationQueueResponse,
  type ModerationDecision,
  type ModerationItem,
} from '../../contracts/api/moderation';
import { isStaffRole } from '../../contracts/entities';
import { isBlocked } from '../auth/permissions';
import type { Db } from '../db/database';
import { json } from '../db/json';
import { contentLangOf, sessionTitleSql } from '../content/localize';
import { AppError } from '../http/errors';
import { openCommentReports } from '../moderation/comment-reports';
import { reportSchoolScope } from '../reports/access';
import type { UserRow } from '../users/repository';
import type { App } from '../http/app-type';

/** The three kinds of held post a decision applies to, and their tables. */
const TARGET_TABLES = {
  output: 'outputs',
  reflection: 'reflections',
  feedback: 'feedbacks',
} as const;

/** What a decision's excerpt quotes of each kind of post (a reflection: its notes in order). */
const TARGET_TEXT = {
  output: 't.description',
  feedback: 't.content',
  reflection: "concat_ws(' ', t.idea_note, t.think_note, t.action_note)",
} as const;

/**
 * A held post with its author's school and its session, locked for the decision. A feedback's
 * output is its own `output_id`; an output's (and a reflection's, for the notification) is itself.
 */
function lockPendingTarget(trx: Db, targetType: keyof typeof TARGET_TABLES, id: string) {
  const table = TARGET_TABLES[targetType];
  return (
    trx
      // The three tables share the columns read here; typed as one of them for Kysely.
      .selectFrom(`${table} as t` as 'outputs as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .select([
        't.id',
        't.status',
        't.user_id',
        'u.school_id',
        's.id as session_id',
        's.title',
        's.image',
      ])
      .select(sql.ref<string>(targetType === 'feedback' ? 't.output_id' : 't.id').as('output_id'))
      .where('t.id', '=', id)
      .forUpdate('t')
      .executeTakeFirst()
  );
}

/** How many recent decisions the queue page lists under the pending items. */
export const RECENT_DECISIONS = 30;

/**
 * The staff moderation queue (outputs, feedback and, since issue 8, reflections the screening
 * held). Teachers moderate their own school's pupils; admin and staff
 * every school. A decision is taken once: deciding an item that is no longer pending is 409, so
 * two teachers clicking at once cannot overwrite each other. Publishing changes the status only
 * (violation statuses stay as the checker set them, for the record); rejecting tells the author.
 */
export async function moderationRoutes(app: App): Promise<void> {
  const moderator = async (req: Parameters<typeof app.auth.require>[0]) => {
    const { user } = await app.auth.require(req);
    if (!isStaffRole(user.role)) throw new AppError('forbidden', 'Staff roles only');
    if (isBlocked(await app.permissions.subject(user)))
      throw new AppError('forbidden', 'This account is suspended');
    return user;
  };

  app.get(
    '/v1/moderation/queue',
    { schema: { response: { 200: ModerationQueueResponse } } },
    async (req) => {
      const user = await moderator(req);
      return {
        items: await pendingItems(app.db, user),
        decisions: await recentDecisions(app.db, user),
        commentReports: await openCommentReports(app.db, user),
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
      const user = await moderator(req);
      const targetType =
        req.params.type === 'outputs'
          ? 'output'
          : req.params.type === 'feedbacks'
            ? 'feedback'
            : 'reflection';
      const { decision } = req.body;
      const note = req.body.note ? req.body.note : null;
      const status: 'published' | 'rejected' = decision === 'publish' ? 'published' : 'rejected';
      const scope = reportSchoolScope(user);
      const now = new Date();

      const recorded = await app.db.transaction().execute(async (trx) => {
        const target = await lockPendingTarget(trx, targetType, req.params.id);
        // Another school's item answers like a missing one, so ids cannot be probed.
        if (!target || (scope && (target.school_id === null || !scope.includes(target.school_id))))
          throw new AppError('notFound', `No such ${targetType}`);
        if (target.status !== 'pending')
          throw new AppError('conflict', `This ${targetType} is ${target.status}, not pending`);

        if (targetType === 'output') {
          await trx
            .updateTable('outputs')
            .set({
              status,
              updated_at: now,
              ...(status === 'published'
                ? { published_at: sql<Date>`coalesce(published_at, ${now})` }
                : {}),
            })
            .where('id', '=', target.id)
            .execute();
        } else if (targetType === 'reflection') {
          await trx
            .updateTable('reflections')
            .set({ status, updated_at: now })
            .where('id', '=', target.id)
            .execute();
        } else {
          await trx
            .updateTable('feedbacks')
            .set({ status, updated_at: now })
            .where('id', '=', target.id)
            .execute();
        }
        const row = await trx
          .insertInto('moderation_decisions')
          .values({
            target_type: targetType,
            target_id: target.id,
            decision,
            previous_status: target.status,
            note,
            decided_by: user.id,
            decided_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (decision === 'reject') {
          // The author learns their post stays hidden (the violation notice they already know).
          await trx
            .insertInto('notifications')
            .values({
              user_id: target.user_id,
              type: 'outputsViolation',
              action: 'outputsViolation',
              actor_user_id: null,
              items: json(
                targetType === 'feedback'
                  ? { feedback: { outputId: target.output_id } }
                  : {
                      session: { id: target.session_id, title: target.title, image: target.image },
                    },
              ),
              payload: json({ id: target.id }),
            })
            .execute();
        }
        return row;
      });
      return {
        status,
        decision: {
          id: recorded.id,
          targetType: recorded.target_type,
          targetId: recorded.target_id,
          decision: recorded.decision,
          previousStatus: recorded.previous_status,
          note: recorded.note,
          decidedBy: { id: user.id, displayName: user.display_name },
          decidedAt: new Date(recorded.decided_at).getTime(),
        },
      };
    },
  );
}

async function pendingItems(db: Db, user: UserRow): Promise<ModerationItem[]> {
  const scope = reportSchoolScope(user);
  if (scope?.length === 0) return [];
  let outputs = db
    .selectFrom('outputs as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .select([
      't.id',
      't.session_id',
      sessionTitleSql(contentLangOf(user)).as('title'),
      't.id as output_id',
      't.user_id',
      'u.display_name',
      't.description as content',
      't.violation_statuses',
      't.created_at',
    ])
    .where('t.status', '=', 'pending');
  let feedbacks = db
    .selectFrom('feedbacks as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .select([
      't.id',
      't.session_id',
      sessionTitleSql(contentLangOf(user)).as('title'),
      't.output_id',
      't.user_id',
      'u.display_name',
      't.content',
      't.created_at',
    ])
    .where('t.status', '=', 'pending');
  let reflections = db
    .selectFrom('reflections as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .select([
      't.id',
      't.session_id',
      sessionTitleSql(contentLangOf(user)).as('title'),
      't.user_id',
      'u.display_name',
      't.idea_note',
      't.think_note',
      't.action_note',
      't.created_at',
    ])
    .where('t.status', '=', 'pending');
  if (scope) {
    outputs = outputs.where('u.school_id', 'in', scope);
    feedbacks = feedbacks.where('u.school_id', 'in', scope);
    reflections = reflections.where('u.school_id', 'in', scope);
  }
  const [o, f, r] = await Promise.all([
    outputs.execute(),
    feedbacks.execute(),
    reflections.execute(),
  ]);
  const items: ModerationItem[] = [
    ...o.map((r) => ({
      type: 'output' as const,
      id: r.id,
      sessionId: r.session_id,
      sessionTitle: r.title,
      outputId: r.output_id,
      author: { id: r.user_id, displayName: r.display_name },
      content: r.content,
      violationStatuses: r.violation_statuses,
      createdAt: new Date(r.created_at).getTime(),
    })),
    ...f.map((r) => ({
      type: 'feedback' as const,
      id: r.id,
      sessionId: r.session_id,
      sessionTitle: r.title,
      outputId: r.output_id,
      author: { id: r.user_id, displayName: r.display_name },
      content: r.content,
      violationStatuses: [],
      createdAt: new Date(r.created_at).getTime(),
    })),
    ...r.map((row) => ({
      type: 'reflection' as const,
      id: row.id,
      sessionId: row.session_id,
      sessionTitle: row.title,
      outputId: row.id,
      author: { id: row.user_id, displayName: row.display_name },
      content: [row.idea_note, row.think_note, row.action_note]
        .filter((n) => n !== '')
        .join('\n\n'),
      violationStatuses: ['text'],
      createdAt: new Date(row.created_at).getTime(),
    })),
  ];
  return items.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

/** The opening words of a decided post, for the history (staff of its school only see it). */
const EXCERPT_CHARS = 40;
const excerptOf = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
};

async function recentDecisions(db: Db, user: UserRow): Promise<ModerationDecision[]> {
  const scope = reportSchoolScope(user);
  if (scope?.length === 0) return [];
  // Scoped by the target author's school: a decision is as private as the item it was about.
  const latest = (type: keyof typeof TARGET_TABLES) => {
    let q = db
      .selectFrom('moderation_decisions as d')
      .innerJoin('users as by', 'by.id', 'd.decided_by')
      // The three tables share user_id; typed as one of them for Kysely.
      .innerJoin(`${TARGET_TABLES[type]} as t` as 'outputs as t', 't.id', 'd.target_id')
      .innerJoin('users as author', 'author.id', 't.user_id')
      .selectAll('d')
      .select(['by.display_name', 'author.id as author_id', 'author.display_name as author_name'])
      .select(sql<string>`${sql.raw(TARGET_TEXT[type])}`.as('text'))
      .where('d.target_type', '=', type);
    if (scope) q = q.where('author.school_id', 'in', scope);
    return q.orderBy('d.decided_at', 'desc').limit(RECENT_DECISIONS).execute();
  };
  const rows = (
    await Promise.all((Object.keys(TARGET_TABLES) as Array<keyof typeof TARGET_TABLES>).map(latest))
  ).flat();
  return rows
    .sort((a, b) => new Date(b.decided_at).getTime() - new Date(a.decided_at).getTime())
    .slice(0, RECENT_DECISIONS)
    .map((r) => ({
      id: r.id,
      targetType: r.target_type,
      targetId: r.target_id,
      decision: r.decision,
      previousStatus: r.previous_status,
      note: r.note,
      decidedBy: { id: r.decided_by, displayName: r.display_name },
      decidedAt: new Date(r.decided_at).getTime(),
      author: { id: r.author_id, displayName: r.author_name },
      excerpt: excerptOf(r.text),
    }));
}
