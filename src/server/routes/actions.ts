import {
  ActionQuery,
  ActionSummaryResponse,
  PostActionRequest,
  type ActionSummary,
} from '../../contracts/api/feedback';
import { ActionType, type ActionTarget } from '../../contracts/entities';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { requireVisibleFeedback, requireVisibleOutput } from '../feedback/repository';
import { AppError } from '../http/errors';
import { isProviderRole } from '../auth/permissions';
import { publishSessionChange } from '../realtime/session-feed';
import { requireVisibleSession } from '../sessions/access';
import { sessionWallOf, withinSchool } from '../sessions/walls';
import type { UserRow } from '../users/repository';
import type { App } from '../http/app-type';

type Target = z.infer<typeof ActionTarget>;

/** Where a reaction points, after checking the user may see it. */
interface Resolved {
  sessionId: string | null;
  outputId: string | null;
  /** The room of a room comment (its reactions belong to the room, not the session page). */
  streamId?: string | null;
}

async function resolveTarget(
  app: App,
  user: UserRow,
  target: Target,
  id: string,
): Promise<Resolved> {
  switch (target) {
    case 'session': {
      const s = await requireVisibleSession(app.db, app.permissions, user, id);
      return { sessionId: s.id, outputId: null };
    }
    case 'output': {
      const o = await requireVisibleOutput(app.db, app.permissions, user, id);
      return { sessionId: o.session_id, outputId: o.id };
    }
    case 'output-comment': {
      const { row, view } = await requireVisibleFeedback(
        app.db,
        app.permissions,
        user,
        id,
        Date.now(),
      );
      // Unpublished feedback is shown without reactions (accounts and people, visibility).
      if (view.awaitingApproval) throw new AppError('notFound', 'No such feedback');
      return { sessionId: row.session_id, outputId: row.output_id };
    }
    case 'comment': {
      const c = await app.db
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
      if (c.output_id) await requireVisibleOutput(app.db, app.permissions, user, c.output_id);
      if (c.session_id) {
        await requireVisibleSession(app.db, app.permissions, user, c.session_id);
        // A room's comment belongs to the room, a session comment to its author's school: one
        // the caller may not read answers like one that does not exist (sessions/walls.ts).
        const wall = await sessionWallOf(app.db, user, c.session_id);
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

/**
 * The counts on one target, by people of the viewer's school only (provider roles: every
 * school), as reactionCounts does for output cards: a shared session never shows another
 * school's activity.
 */
async function summary(
  db: Db,
  viewer: UserRow,
  target: Target,
  targetId: string,
): Promise<ActionSummary> {
  const userId = viewer.id;
  const allSchools = isProviderRole(viewer.role);
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
          eb('users.school_id', '=', viewer.school_id ?? ''),
        ]),
      ),
    )
    .execute();
  const counts = Object.fromEntries(
    ActionType.options.map((t) => [t, 0]),
  ) as ActionSummary['counts'];
  const mine: ActionSummary['mine'] = [];
  for (const r of rows) {
    const type = ActionType.safeParse(r.type);
    if (!type.success) continue;
    counts[type.data] += 1;
    if (r.user_id === userId) mine.push(type.data);
  }
  return { target, targetId, counts, mine };
}

/**
 * Reactions (core platform, Action): wow, thinking, crying, inspired, noting and worthy on
 * sessions, outputs and comments. One per user, target and type; posting the same again takes it
 * back. Every target is checked for visibility first (another school's output is a 404).
 */
export async function actionRoutes(app: App): Promise<void> {
  app.get(
    '/v1/action',
    { schema: { querystring: ActionQuery, response: { 200: ActionSummaryResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      await resolveTarget(app, user, req.query.target, req.query.targetId);
      return { item: await summary(app.db, user, req.query.target, req.query.targetId) };
    },
  );

  app.post(
    '/v1/action',
    { schema: { body: PostActionRequest, response: { 200: ActionSummaryResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const { target, targetId, type } = req.body;
      // Reacting is taking part, like commenting: graduates and blocked accounts may not.
      if (!(await app.permissions.check('addComment', user))) {
        throw new AppError('forbidden', 'Not permitted: addComment');
      }
      const where = await resolveTarget(app, user, target, targetId);
      const removed = await app.db
        .deleteFrom('actions')
        .where('user_id', '=', user.id)
        .where('target', '=', target)
        .where('target_id', '=', targetId)
        .where('type', '=', type)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) {
        await app.db
          .insertInto('actions')
          .values({
            type,
            target,
            target_id: targetId,
            session_id: where.sessionId,
            output_id: where.outputId,
            user_id: user.id,
          })
          // A double click racing itself: the unique index keeps one.
          .onConflict((oc) => oc.columns(['user_id', 'target', 'target_id', 'type']).doNothing())
          .execute();
      }
      // The session's open pages re-read the counts (walled by school like the counts).
      if (where.sessionId && !where.streamId) {
        await publishSessionChange(app, user, {
          sessionId: where.sessionId,
          kind: 'action',
          targetId,
          ...(where.outputId ? { outputId: where.outputId } : {}),
        });
      }
      return { item: await summary(app.db, user, target, targetId) };
    },
  );
}
