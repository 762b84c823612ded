import { sql } from 'kysely';
import type { CommentReport, ContentReport } from '../../contracts/api/moderation';
import { contentLangOf, sessionTitleSql } from '../content/localize';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { msOf } from '../db/json';
import { reportSchoolScope } from '../reports/access';
import type { UserRow } from '../users/repository';

/** How many open comment reports the queue lists (newest first). */
const COMMENT_REPORTS_MAX = 100;

/**
 * Open reports of session and live comments (violation_reports, target_type 'comment') for the
 * moderation queue, scoped like the queue: the commented author's school for teachers, every
 * school for admin and staff. A deleted comment's reports are closed when it is deleted.
 */
export async function openCommentReports(db: Db, user: UserRow): Promise<CommentReport[]> {
  const scope = reportSchoolScope(user);
  if (scope?.length === 0) return [];
  let q = db
    .selectFrom('violation_reports as r')
    .innerJoin('comments as c', 'c.id', 'r.target_id')
    .innerJoin('users as author', 'author.id', 'c.user_id')
    .innerJoin('sessions as s', 's.id', 'c.session_id')
    .select([
      'r.id',
      'r.content as reason',
      'r.created_at',
      'c.id as comment_id',
      'c.content',
      'c.stream_id',
      'c.user_id',
      'author.display_name',
      's.id as session_id',
      sessionTitleSql(contentLangOf(user)).as('title'),
    ])
    .where('r.target_type', '=', 'comment')
    .where('r.status', '=', 'open')
    .where('c.is_deleted', '=', false);
  if (scope) q = q.where('author.school_id', 'in', scope);
  const rows = await q.orderBy('r.created_at', 'desc').limit(COMMENT_REPORTS_MAX).execute();
  return rows.map((r) => ({
    id: r.id,
    commentId: r.comment_id,
    sessionId: r.session_id,
    sessionTitle: r.title,
    streamId: r.stream_id,
    author: { id: r.user_id, displayName: r.display_name },
    content: r.content,
    reason: r.reason,
    reportedAt: msOf(r.created_at),
  }));
}

/** Closes a deleted comment's open reports. */
export async function closeCommentReports(db: Db, commentId: string): Promise<void> {
  await db
    .updateTable('violation_reports')
    .set({ status: 'closed' })
    .where('target_type', '=', 'comment')
    .where('target_id', '=', commentId)
    .where('status', '=', 'open')
    .execute();
}

/**
 * Open reports of published outputs and feedback (issue 26), in the same scope as the comment
 * reports: what the reporter wrote, the post and its author. A report whose post is no longer
 * published (removed, or rejected) has been answered and is not listed.
 */
export async function openContentReports(db: Db, user: UserRow): Promise<ContentReport[]> {
  const scope = reportSchoolScope(user);
  if (scope?.length === 0) return [];
  const lang = contentLangOf(user);
  let feedbacks = db
    .selectFrom('violation_reports as r')
    .innerJoin('feedbacks as t', 't.id', 'r.target_id')
    .innerJoin('users as author', 'author.id', 't.user_id')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .select([
      'r.id',
      'r.content as reason',
      'r.created_at',
      't.id as target_id',
      't.output_id',
      't.content',
      't.user_id',
      'author.display_name',
      's.id as session_id',
      sessionTitleSql(lang).as('title'),
    ])
    .where('r.target_type', '=', 'feedback')
    .where('r.status', '=', 'open')
    .where('t.status', '=', 'published');
  let outputs = db
    .selectFrom('violation_reports as r')
    .innerJoin('outputs as t', 't.id', 'r.target_id')
    .innerJoin('users as author', 'author.id', 't.user_id')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .select([
      'r.id',
      'r.content as reason',
      'r.created_at',
      't.id as target_id',
      't.id as output_id',
      't.description as content',
      't.user_id',
      'author.display_name',
      's.id as session_id',
      sessionTitleSql(lang).as('title'),
    ])
    .where('r.target_type', '=', 'output')
    .where('r.status', '=', 'open')
    .where('t.status', '=', 'published');
  if (scope) {
    feedbacks = feedbacks.where('author.school_id', 'in', scope);
    outputs = outputs.where('author.school_id', 'in', scope);
  }
  const [f, o] = await Promise.all([
    feedbacks.orderBy('r.created_at', 'desc').limit(COMMENT_REPORTS_MAX).execute(),
    outputs.orderBy('r.created_at', 'desc').limit(COMMENT_REPORTS_MAX).execute(),
  ]);
  const wire = (type: 'feedback' | 'output') => (r: (typeof f)[number]) => ({
    id: r.id,
    targetType: type,
    targetId: r.target_id,
    outputId: r.output_id,
    sessionId: r.session_id,
    sessionTitle: r.title,
    author: { id: r.user_id, displayName: r.display_name },
    content: r.content,
    reason: r.reason,
    reportedAt: msOf(r.created_at),
  });
  return [...f.map(wire('feedback')), ...o.map(wire('output'))]
    .sort((a, b) => b.reportedAt - a.reportedAt)
    .slice(0, COMMENT_REPORTS_MAX);
}

/**
 * Staff keep a reported post (close the report without removing the post), recorded as a
 * 'dismiss' decision so the history shows who kept what. Any kind of report; out of the caller's
 * scope or missing: 404, as for one that does not exist; already answered: 409.
 */
export async function dismissReport(db: Db, user: UserRow, id: string): Promise<void> {
  const scope = reportSchoolScope(user);
  let q = db
    .selectFrom('violation_reports as r')
    .innerJoin('users as author', 'author.id', 'r.target_user_id')
    .select(['r.id', 'r.status', 'r.target_type', 'r.target_id'])
    .where('r.id', '=', id);
  if (scope)
    q =
      scope.length === 0 ? q.where(sql<boolean>`false`) : q.where('author.school_id', 'in', scope);
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('notFound', 'No such report');
  if (row.status !== 'open') throw new AppError('conflict', 'This report is already answered');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('violation_reports')
      .set({ status: 'closed', updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await trx
      .insertInto('moderation_decisions')
      .values({
        target_type: row.target_type,
        target_id: row.target_id,
        decision: 'dismiss',
        previous_status: 'published',
        note: null,
        decided_by: user.id,
      })
      .execute();
  });
}
