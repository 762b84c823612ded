import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { ActivityItem, PostActivityRequest } from '../../contracts/api/catalogue';
import type { Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { json, msOf } from '../db/json';
import type { ActivitiesTable } from '../db/schema';
import { AppError } from '../http/errors';
import { PROFILE_LIST_MAX } from '../users/profile-lists';

/**
 * A user's own activity records (where they are in a session: opened it, a work, a position).
 * Each function reads or writes the scope's own records only.
 */

type Activity = z.infer<typeof ActivityItem>;

function toActivity(r: Selectable<ActivitiesTable>): Activity {
  const p = r.payload;
  return {
    id: r.id,
    type: r.type,
    sessionId: r.session_id,
    streamId: r.stream_id,
    payload: {
      ...(typeof p.timestamp === 'number' ? { timestamp: p.timestamp } : {}),
      ...(typeof p.sessionId === 'string' ? { sessionId: p.sessionId } : {}),
      ...(typeof p.workId === 'string' ? { workId: p.workId } : {}),
    },
    createdAt: msOf(r.created_at),
  };
}

/** The scope's own activity in one session, newest first. */
export async function ownActivities(
  db: Db,
  scope: Subject,
  sessionId: string,
): Promise<Activity[]> {
  const rows = await db
    .selectFrom('activities')
    .selectAll()
    .where('user_id', '=', scope.userId)
    .where('session_id', '=', sessionId)
    .orderBy('created_at', 'desc')
    .limit(PROFILE_LIST_MAX)
    .execute();
  return rows.map(toActivity);
}

/**
 * Records an activity of the scope's user in a session the caller has checked they may see; a
 * work must be one of the session's (400 otherwise).
 */
export async function recordActivity(
  db: Db,
  scope: Subject,
  b: z.infer<typeof PostActivityRequest>,
): Promise<Activity> {
  if (b.workId !== undefined) {
    const link = await db
      .selectFrom('session_works')
      .select('work_id')
      .where('session_id', '=', b.sessionId)
      .where('work_id', '=', b.workId)
      .executeTakeFirst();
    if (!link) throw new AppError('badRequest', 'The work is not part of the session');
  }
  const payload = {
    sessionId: b.sessionId,
    ...(b.workId !== undefined ? { workId: b.workId } : {}),
    ...(b.timestamp !== undefined ? { timestamp: b.timestamp } : {}),
  };
  const row = await db
    .insertInto('activities')
    .values({
      type: b.type,
      user_id: scope.userId,
      session_id: b.sessionId,
      stream_id: null,
      target_id: b.workId ?? null,
      payload: json(payload),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toActivity(row);
}
