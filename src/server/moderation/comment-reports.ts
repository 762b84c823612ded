import { sql } from 'kysely';
import type { CommentReport } from '../../contracts/api/moderation';
import { contentLangOf, sessionTitleSql } from '../content/localize';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { msOf } from '../db/json';
import { reportSchoolScope } from '../reports/access';
import type { UserRow } from '../users/repository';

/** How many open comment reports the queue lists (newest first). */
export const COMMENT_REPORTS_MAX = 100;

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
 * Staff keep a reported comment (close the report without deleting it). Out of the caller's
 * scope or not a comment report: 404, as for one that does not exist.
 */
export async function dismissCommentReport(db: Db, user: UserRow, id: string): Promise<void> {
  const scope = reportSchoolScope(user);
  let q = db
    .selectFrom('violation_reports as r')
    .innerJoin('users as author', 'author.id', 'r.target_user_id')
    .select(['r.id', 'r.status'])
    .where('r.id', '=', id)
    .where('r.target_type', '=', 'comment');
  if (scope)
    q =
      scope.length === 0 ? q.where(sql<boolean>`false`) : q.where('author.school_id', 'in', scope);
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('notFound', 'No such report');
  await db
    .updateTable('violation_reports')
    .set({ status: 'closed' })
    .where('id', '=', id)
    .execute();
}
