import { sql } from 'kysely';
import type {
  ModerationDecision,
  ModerationReason,
  RemovableType,
} from '../../contracts/api/moderation';
import type { Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { json, msOf } from '../db/json';
import { AppError } from '../http/errors';
import { moderatedSchools } from './scope';

/**
 * Takedown (issue 26): the one path by which staff remove anything published — an output, a
 * feedback, a reflection or a session/live comment — whether from the moderation queue (a
 * report) or from the post itself. A removed output, feedback or reflection becomes 'rejected',
 * a removed comment deleted, so every read path that shows only published, undeleted posts
 * (lists, feeds, home, the activity panel, notifications, counts) drops it without a change of
 * its own. The removal is a moderation decision ('remove': who, when, the preset reason and the
 * optional note), the post's open reports are closed, and its author is told (the violation
 * notice they already know), reading why in their own language where they see the post.
 *
 * Scope: teachers remove their own school's pupils' posts, admin and staff any school's; another
 * school's post answers 404 like a missing one, so ids cannot be probed. The caller has checked
 * the staff role and that the account is not blocked.
 */

const POST_TABLES = {
  output: 'outputs',
  feedback: 'feedbacks',
  reflection: 'reflections',
} as const;

/** The removed post as the route needs it to tell open pages (comments only). */
export interface Removed {
  decision: Omit<ModerationDecision, 'decidedBy'>;
  comment: {
    id: string;
    stream_id: string | null;
    session_id: string | null;
    user_id: string;
  } | null;
}

interface Target {
  id: string;
  user_id: string;
  school_id: string | null;
  session_id: string | null;
  /** 'published' for a post that may be removed; for a comment 'visible' or 'deleted'. */
  status: string;
  /** A feedback's output, for the author's notice. */
  output_id: string | null;
}

/** The target row with its author's school, locked for the removal; undefined when missing. */
async function lockTarget(trx: Db, type: RemovableType, id: string): Promise<Target | undefined> {
  if (type === 'comment') {
    const row = await trx
      .selectFrom('comments as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.id', 't.user_id', 'u.school_id', 't.session_id', 't.stream_id', 't.is_deleted'])
      .where('t.id', '=', id)
      // A memo is the pupil's private note: never published, so nothing to take down.
      .where('t.type', '!=', 'MEMO')
      .forUpdate('t')
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          user_id: row.user_id,
          school_id: row.school_id,
          session_id: row.session_id,
          status: row.is_deleted ? 'deleted' : 'visible',
          output_id: null,
        }
      : undefined;
  }
  return (
    trx
      // The three tables share the columns read here; typed as one of them for Kysely.
      .selectFrom(`${POST_TABLES[type]} as t` as 'outputs as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.id', 't.user_id', 'u.school_id', 't.session_id', 't.status'])
      .select(sql.ref<string>(type === 'feedback' ? 't.output_id' : 't.id').as('output_id'))
      .where('t.id', '=', id)
      .forUpdate('t')
      .executeTakeFirst()
  );
}

/**
 * Removes one published post for `scope`: 404 outside the scope or missing, 409 when it is not
 * published (held posts are decided in the queue; a removed one stays removed).
 */
export async function removePublished(
  db: Db,
  scope: Subject,
  type: RemovableType,
  id: string,
  reason: ModerationReason,
  note: string | null,
): Promise<Removed> {
  const schools = moderatedSchools(scope);
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const target = await lockTarget(trx, type, id);
    if (!target || (schools && (target.school_id === null || !schools.includes(target.school_id))))
      throw new AppError('notFound', `No such ${type}`);
    const removable =
      type === 'comment' ? target.status === 'visible' : target.status === 'published';
    if (!removable)
      throw new AppError('conflict', `This ${type} is ${target.status}, not published`);

    let comment: Removed['comment'] = null;
    if (type === 'comment') {
      const row = await trx
        .updateTable('comments')
        .set({ is_deleted: true, deleted_by: scope.userId, updated_at: now })
        .where('id', '=', id)
        .returning(['id', 'stream_id', 'session_id', 'user_id'])
        .executeTakeFirstOrThrow();
      comment = row;
    } else if (type === 'output') {
      await trx
        .updateTable('outputs')
        .set({ status: 'rejected', updated_at: now })
        .where('id', '=', id)
        .execute();
    } else if (type === 'feedback') {
      await trx
        .updateTable('feedbacks')
        .set({ status: 'rejected', updated_at: now })
        .where('id', '=', id)
        .execute();
    } else {
      await trx
        .updateTable('reflections')
        .set({ status: 'rejected', updated_at: now })
        .where('id', '=', id)
        .execute();
    }
    // The reports are answered: the post is gone.
    await trx
      .updateTable('violation_reports')
      .set({ status: 'closed', updated_at: now })
      .where('target_type', '=', type as 'feedback' | 'output' | 'comment')
      .where('target_id', '=', id)
      .where('status', '=', 'open')
      .execute();
    const recorded = await trx
      .insertInto('moderation_decisions')
      .values({
        target_type: type,
        target_id: id,
        decision: 'remove',
        previous_status: type === 'comment' ? 'published' : target.status,
        note,
        reason_key: reason,
        decided_by: scope.userId,
        decided_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await noticeToAuthor(trx, type, target);
    return {
      decision: {
        id: recorded.id,
        targetType: recorded.target_type,
        targetId: recorded.target_id,
        decision: recorded.decision,
        previousStatus: recorded.previous_status,
        note: recorded.note,
        reason,
        decidedAt: msOf(recorded.decided_at),
      },
      comment,
    };
  });
}

/** The author learns their post was taken down (the violation notice of the home page). */
async function noticeToAuthor(trx: Db, type: RemovableType, target: Target): Promise<void> {
  const session = target.session_id
    ? await trx
        .selectFrom('sessions')
        .select(['id', 'title', 'image'])
        .where('id', '=', target.session_id)
        .executeTakeFirst()
    : undefined;
  await trx
    .insertInto('notifications')
    .values({
      user_id: target.user_id,
      type: 'outputsViolation',
      action: 'outputsViolation',
      actor_user_id: null,
      items: json(
        type === 'feedback' && target.output_id
          ? { feedback: { outputId: target.output_id } }
          : session
            ? { session }
            : {},
      ),
      payload: json({ id: target.id }),
    })
    .execute();
}
