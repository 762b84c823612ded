import { EMOTION_TYPES, type EmotionType } from '../../contracts/api/feedback';
import type { OutputReactions } from '../../contracts/entities';
import type { Db } from '../db/database';
import { isProviderRole } from '../auth/permissions';
import type { UserRow } from '../users/repository';

export type ReactionCounts = OutputReactions;

export const noReactions = (): ReactionCounts =>
  Object.fromEntries(EMOTION_TYPES.map((t) => [t, 0])) as ReactionCounts;

/**
 * Reaction counts per output for a list, in one grouped query (never one per output). Only
 * reactions by people in the viewer's school scope count, so a card never reveals another
 * school's activity; provider roles see every school, as elsewhere (maySeeSchoolOf).
 * Outputs without reactions are absent from the map.
 */
export async function reactionCounts(
  db: Db,
  viewer: UserRow,
  ids: readonly string[],
): Promise<Map<string, ReactionCounts>> {
  if (ids.length === 0) return new Map();
  const provider = isProviderRole(viewer.role);
  if (!provider && viewer.school_id === null) return new Map();
  const rows = await db
    .selectFrom('actions')
    .innerJoin('users', 'users.id', 'actions.user_id')
    .select(['actions.target_id', 'actions.type', db.fn.countAll<number>().as('n')])
    .where('actions.target', '=', 'output')
    .where('actions.target_id', 'in', [...ids])
    .where('actions.type', 'in', [...EMOTION_TYPES])
    .$if(!provider, (q) => q.where('users.school_id', '=', viewer.school_id))
    .groupBy(['actions.target_id', 'actions.type'])
    .execute();
  const out = new Map<string, ReactionCounts>();
  for (const r of rows) {
    const counts = out.get(r.target_id) ?? noReactions();
    counts[r.type as EmotionType] = Number(r.n);
    out.set(r.target_id, counts);
  }
  return out;
}
