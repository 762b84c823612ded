import { sql } from 'kysely';
import {
  GetUserQuery,
  GetUserResponse,
  UpdateUserResponse,
  UserIdParams,
} from '../../contracts/api/users';
import type { EmotionCounts } from '../../contracts/entities';
import { isProviderRole } from '../auth/permissions';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import {
  findSchool,
  findUserByAccount,
  findUserById,
  toPublicUser,
  type UserRow,
} from '../users/repository';
import { updateUser } from '../users/update-user';
import type { App } from '../http/app-type';

/** A user by row id (the API's `_id`) or, failing that, by account name. */
export async function resolveUser(db: Db, idOrAccount: string): Promise<UserRow | undefined> {
  return (await findUserById(db, idOrAccount)) ?? (await findUserByAccount(db, idOrAccount));
}

/**
 * Who may read a profile: the user themself, provider staff (staff, admin), and users of the same
 * school. Everyone else gets the same 404 as for a missing user, so ids cannot be probed.
 */
export function mayView(viewer: UserRow, target: UserRow): boolean {
  if (target.status === 'withdrawn') return false;
  if (viewer.id === target.id || isProviderRole(viewer.role)) return true;
  return viewer.school_id !== null && viewer.school_id === target.school_id;
}

/**
 * The profile's counts. Followers and follows count only the users the viewer's follow lists
 * would show (not withdrawn; the viewer, the viewer's school, or anyone for provider staff), so a
 * profile header can show them without loading both lists (issue 10).
 */
async function countsOf(db: Db, userId: string, viewer: UserRow) {
  const provider = isProviderRole(viewer.role);
  const row = await db
    .selectNoFrom((eb) => {
      const follow = (side: 'follower_id' | 'followee_id', other: 'follower_id' | 'followee_id') =>
        eb
          .selectFrom('follows')
          .innerJoin('users as u', 'u.id', `follows.${other}`)
          .select(sql<number>`count(*)::int`.as('n'))
          .where(`follows.${side}`, '=', userId)
          .where('u.status', '!=', 'withdrawn')
          .$if(!provider, (q) =>
            q.where((w) =>
              w.or([w('u.id', '=', viewer.id), w('u.school_id', '=', viewer.school_id ?? '')]),
            ),
          );
      return [
        eb
          .selectFrom('outputs')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_id', '=', userId)
          .where('status', '=', 'published')
          .where('is_hidden', '=', false)
          .as('outputs'),
        eb
          .selectFrom('feedbacks')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_id', '=', userId)
          .where('status', '=', 'published')
          .as('feedbacks'),
        eb
          .selectFrom('reflections')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_id', '=', userId)
          .where('status', '=', 'published')
          .as('reflections'),
        follow('followee_id', 'follower_id').as('followers'),
        follow('follower_id', 'followee_id').as('follows'),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    outputs: Number(row.outputs ?? 0),
    feedbacks: Number(row.feedbacks ?? 0),
    reflections: Number(row.reflections ?? 0),
    followers: Number(row.followers ?? 0),
    follows: Number(row.follows ?? 0),
  };
}

/** Reactions others gave to the user's outputs, by emotion. */
async function emotionsOf(db: Db, userId: string): Promise<EmotionCounts> {
  const rows = await db
    .selectFrom('actions')
    .innerJoin('outputs', 'outputs.id', 'actions.output_id')
    .select(['actions.type', sql<number>`count(*)::int`.as('n')])
    .where('outputs.user_id', '=', userId)
    .where('actions.type', 'in', ['inspired', 'wow', 'thinking', 'crying'])
    .groupBy('actions.type')
    .execute();
  const counts: EmotionCounts = { inspired: 0, wow: 0, thinking: 0, crying: 0 };
  for (const r of rows) counts[r.type as keyof EmotionCounts] = Number(r.n);
  return counts;
}

export async function userRoutes(app: App): Promise<void> {
  app.get(
    '/v1/user/:id',
    {
      schema: {
        params: UserIdParams,
        querystring: GetUserQuery,
        response: { 200: GetUserResponse },
      },
    },
    async (req) => {
      const { user: viewer } = await app.auth.require(req);
      const target = await resolveUser(app.db, req.params.id);
      if (!target || !mayView(viewer, target)) throw new AppError('notFound', 'User not found');
      const [school, counts, emotions] = await Promise.all([
        findSchool(app.db, target.school_id),
        countsOf(app.db, target.id, viewer),
        req.query.withEmotion ? emotionsOf(app.db, target.id) : Promise.resolve(undefined),
      ]);
      return {
        item: {
          ...toPublicUser(target, school, viewer),
          counts,
          ...(emotions ? { emotions } : {}),
        },
      };
    },
  );

  app.put(
    '/v1/user/:id',
    // The body is parsed in updateUser: a bad new password must answer weakPassword, not badRequest.
    { schema: { params: UserIdParams, response: { 200: UpdateUserResponse } } },
    async (req) => {
      const { user: actor, familyId } = await app.auth.require(req);
      const target = await resolveUser(app.db, req.params.id);
      if (!target || target.status === 'withdrawn')
        throw new AppError('notFound', 'User not found');
      if (target.id !== actor.id && !mayView(actor, target) && !isProviderRole(actor.role)) {
        // Not even visible: answer as for a user that does not exist (no existence oracle).
        throw new AppError('notFound', 'User not found');
      }
      const updated = await updateUser({
        db: app.db,
        permissions: app.permissions,
        tokens: app.auth.tokens,
        actor,
        actorFamilyId: familyId,
        target,
        body: req.body,
      });
      return { item: await app.permissions.me(updated, true) };
    },
  );
}
