import type { Selectable } from 'kysely';
import type { SessionReflectionsResponse } from '../../contracts/api/catalogue';
import type { ProfileReflection } from '../../contracts/api/profile';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import type { ReflectionsTable } from '../db/schema';
import { withinWall, type SessionWall } from '../sessions/walls';
import type { UserRow } from '../users/repository';

export type ReflectionRow = Selectable<ReflectionsTable>;
type SessionReflection = z.infer<typeof SessionReflectionsResponse>['items'][number];

/** What every reflection item carries: whose notes on which session. */
const notesOf = (r: ReflectionRow) => ({
  id: r.id,
  sessionId: r.session_id,
  userId: r.user_id,
  ideaNote: r.idea_note,
  thinkNote: r.think_note,
  actionNote: r.action_note,
});

/** A reflection on the wire (the reflection calls and the profile lists). */
export const toReflection = (r: ReflectionRow): ProfileReflection => ({
  ...notesOf(r),
  score: r.score,
  status: r.status,
  createdAt: msOf(r.created_at),
  updatedAt: msOf(r.updated_at),
});

/**
 * GET /v1/session/{id}/reflections: the session's published reflections and the caller's own
 * drafts, newest first, of authors within the caller's wall (withdrawn authors left out).
 */
export async function sessionReflections(
  db: Db,
  viewer: UserRow,
  wall: SessionWall,
  sessionId: string,
  limit: number,
): Promise<SessionReflection[]> {
  const rows = await db
    .selectFrom('reflections')
    .innerJoin('users', 'users.id', 'reflections.user_id')
    .selectAll('reflections')
    .select('users.school_id as author_school')
    .where('reflections.session_id', '=', sessionId)
    .where('users.status', '!=', 'withdrawn')
    // Drafts are the author's own.
    .where((eb) =>
      eb.or([
        eb('reflections.status', '=', 'published'),
        eb('reflections.user_id', '=', viewer.id),
      ]),
    )
    .orderBy('reflections.updated_at', 'desc')
    .limit(limit)
    .execute();
  return withinWall(wall, viewer, rows).map((r) => ({
    ...notesOf(r),
    score: r.score,
    updatedAt: msOf(r.updated_at),
  }));
}
