import type { z } from 'zod';
import type { ActionSummary } from '../../contracts/api/feedback';
import { Action, ActionType, type ActionTarget } from '../../contracts/entities';
import { isProviderRole, type Permissions, type Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import { requireVisibleFeedback, requireVisibleOutput } from '../feedback/repository';
import { AppError } from '../http/errors';
import type { UserRow } from '../users/repository';
import { requireVisibleSession } from './access';
import { sessionWallOf, withinSchool } from './walls';

/**
 * Reactions (core platform, Action): wow, thinking, crying, inspired, noting and worthy on
 * sessions, outputs and comments, one per user, target and type. Counts and lists keep to the
 * viewer's school (provider roles: every school), as reactionCounts does for output cards: a
 * shared session never shows another school's activity.
 */

export type Target = z.infer<typeof ActionTarget>;

/** Where a reaction points, after checking the user may see it. */
export interface ActionPlace {
  sessionId: string | null;
  outputId: string | null;
  /** The room of a room comment (its reactions belong to the room, not the session page). */
  streamId?: string | null;
}

/** The reaction's target if the user may see it; 404 otherwise (another school's output too). */
export async function requireActionTarget(
  db: Db,
  permissions: Permissions,
  user: UserRow,
  target: Target,
  id: string,
): Promise<ActionPlace> {
  switch (target) {
    case 'session': {
      const s = await requireVisibleSession(db, permissions, user, id);
      return { sessionId: s.id, outputId: null };
    }
    case 'output': {
      const o = await requireVisibleOutput(db, permissions, user, id);
      return { sessionId: o.session_id, outputId: o.id };
    }
    case 'output-comment': {
      const { row, view } = await requireVisibleFeedback(db, permissions, user, id, Date.now());
      // Unpublished feedback is shown without reactions (accounts and people, visibility).
      if (view.awaitingApproval) throw new AppError('notFound', 'No such feedback');
      return { sessionId: row.session_id, outputId: row.output_id };
    }
    case 'comment': {
      const c = await db
        .selectFrom('comments')
        .innerJoin('users', 'users.id', 'comments.user_id')
        .select([
          'comments.id',
          'comments.session_id',
          'comments.output_id',
          'comments.stream_id',
          'comments.is_deleted',
          'comments.user_id',
          'users.school_id',
        ])
        .where('comments.id', '=', id)
        .executeTakeFirst();
      if (!c || c.is_deleted) throw new AppError('notFound', 'No such comment');
      if (c.output_id) await requireVisibleOutput(db, permissions, user, c.output_id);
      if (c.session_id) {
        await requireVisibleSession(db, permissions, user, c.session_id);
        // A room's comment belongs to the room, a session comment to its author's school: one
        // the caller may not read answers like one that does not exist (sessions/walls.ts).
        const wall = await sessionWallOf(db, user, c.session_id);
        if (
          (c.stream_id !== null && !wall.roomIds.has(c.stream_id)) ||
          (c.user_id !== user.id && !withinSchool(wall, c.school_id))
        ) {
          throw new AppError('notFound', 'No such comment');
        }
      }
      if (!c.output_id && !c.session_id) throw new AppError('notFound', 'No such comment');
      return { sessionId: c.session_id, outputId: c.output_id, streamId: c.stream_id };
    }
  }
}

/** The counts on one target, by people of the scope's school only (and the caller's own). */
export async function actionSummary(
  db: Db,
  scope: Subject,
  target: Target,
  targetId: string,
): Promise<ActionSummary> {
  const userId = scope.userId;
  const allSchools = isProviderRole(scope.role);
  const rows = await db
    .selectFrom('actions')
    .innerJoin('users', 'users.id', 'actions.user_id')
    .select(['actions.type', 'actions.user_id'])
    .where('actions.target', '=', target)
    .where('actions.target_id', '=', targetId)
    .$if(!allSchools, (q) =>
      q.where((eb) =>
        eb.or([
          eb('actions.user_id', '=', userId),
          eb('users.school_id', '=', scope.schoolId ?? ''),
        ]),
      ),
    )
    .execute();
  const counts: ActionSummary['counts'] = {
    like: 0,
    unlike: 0,
    wow: 0,
    thinking: 0,
    crying: 0,
    noting: 0,
    feedbacking: 0,
    inspired: 0,
    worthy: 0,
  };
  const mine: ActionSummary['mine'] = [];
  for (const r of rows) {
    const type = ActionType.safeParse(r.type);
    if (!type.success) continue;
    counts[type.data] += 1;
    if (r.user_id === userId) mine.push(type.data);
  }
  return { target, targetId, counts, mine };
}

/** The caller's reaction of this type on the target: posting the same again takes it back. */
export async function toggleAction(
  db: Db,
  scope: Subject,
  reaction: { type: z.infer<typeof ActionType>; target: Target; targetId: string },
  place: ActionPlace,
): Promise<void> {
  const { type, target, targetId } = reaction;
  const removed = await db
    .deleteFrom('actions')
    .where('user_id', '=', scope.userId)
    .where('target', '=', target)
    .where('target_id', '=', targetId)
    .where('type', '=', type)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) {
    await db
      .insertInto('actions')
      .values({
        type,
        target,
        target_id: targetId,
        session_id: place.sessionId,
        output_id: place.outputId,
        user_id: scope.userId,
      })
      // A double click racing itself: the unique index keeps one.
      .onConflict((oc) => oc.columns(['user_id', 'target', 'target_id', 'type']).doNothing())
      .execute();
  }
}

/**
 * GET /v1/session/{id}/actions: the reactions on a session the caller may see, newest first, by
 * the caller and people of their school (provider roles: every school).
 */
export async function listSessionActions(
  db: Db,
  scope: Subject,
  sessionId: string,
  limit: number,
): Promise<Action[]> {
  const allSchools = isProviderRole(scope.role);
  const rows = await db
    .selectFrom('actions')
    .innerJoin('users', 'users.id', 'actions.user_id')
    .selectAll('actions')
    .where('actions.target', '=', 'session')
    .where('actions.target_id', '=', sessionId)
    .$if(!allSchools, (q) =>
      q.where((eb) =>
        eb.or([
          eb('actions.user_id', '=', scope.userId),
          eb('users.school_id', '=', scope.schoolId ?? ''),
        ]),
      ),
    )
    .orderBy('actions.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.flatMap((r) => {
    const parsed = Action.safeParse({
      id: r.id,
      type: r.type,
      target: r.target,
      targetId: r.target_id,
      ...(r.output_id ? { outputId: r.output_id } : {}),
      sessionId,
      userId: r.user_id,
      createdAt: msOf(r.created_at),
      updatedAt: msOf(r.updated_at),
    });
    return parsed.success ? [parsed.data] : [];
  });
}
