import { sql } from 'kysely';
import type { EmotionCounts } from '../../contracts/entities';
import { isProviderRole, type Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import type { UserRow } from './repository';
import { assertVisibleUser } from './visibility';

/** GET /v1/user/{id}: the profile header's counts and reactions, for a user the scope may see. */

export interface ProfileCounts {
  outputs: number;
  feedbacks: number;
  reflections: number;
  followers: number;
  follows: number;
}

/**
 * The profile's counts. Followers and follows count only the users the scope's follow lists
 * would show (not withdrawn; the caller, the caller's school, or anyone for provider staff), so a
 * profile header can show them without loading both lists (issue 10).
 */
export async function profileCounts(
  db: Db,
  scope: Subject,
  target: UserRow,
): Promise<ProfileCounts> {
  assertVisibleUser(scope, target);
  const userId = target.id;
  const provider = isProviderRole(scope.role);
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
              w.or([w('u.id', '=', scope.userId), w('u.school_id', '=', scope.schoolId ?? '')]),
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

const EMOTIONS = ['inspired', 'wow', 'thinking', 'crying'] as const;

/** Reactions others gave to the user's outputs, by emotion (every school's, as before). */
export async function profileEmotions(
  db: Db,
  scope: Subject,
  target: UserRow,
): Promise<EmotionCounts> {
  assertVisibleUser(scope, target);
  const rows = await db
    .selectFrom('actions')
    .innerJoin('outputs', 'outputs.id', 'actions.output_id')
    .select(['actions.type', sql<number>`count(*)::int`.as('n')])
    .where('outputs.user_id', '=', target.id)
    .where('actions.type', 'in', [...EMOTIONS])
    .groupBy('actions.type')
    .execute();
  const counts: EmotionCounts = { inspired: 0, wow: 0, thinking: 0, crying: 0 };
  for (const r of rows) {
    const emotion = EMOTIONS.find((e) => e === r.type);
    if (emotion) counts[emotion] = Number(r.n);
  }
  return counts;
}
