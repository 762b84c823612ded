import type { Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { msOf } from '../db/json';

/**
 * POST /v1/violation's record: a report by the scope's user of a feedback, an output or a
 * comment they could see (the route checks that with the target's own access rule). A reported
 * feedback is marked so it is hidden from other pupils for an hour while staff look at it.
 */
export async function fileViolationReport(
  db: Db,
  scope: Subject,
  report: {
    type: 'feedback' | 'output' | 'comment';
    id: string;
    targetUserId: string;
    content: string;
    now: number;
  },
): Promise<{ id: string; createdAt: number }> {
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('violation_reports')
      .values({
        reporter_user_id: scope.userId,
        target_type: report.type,
        target_id: report.id,
        target_user_id: report.targetUserId,
        content: report.content.trim(),
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    if (report.type === 'feedback') {
      await trx
        .updateTable('feedbacks')
        .set({ reported_at: new Date(report.now) })
        .where('id', '=', report.id)
        .execute();
    }
    return inserted;
  });
  return { id: row.id, createdAt: msOf(row.created_at) };
}
