import type { Db } from '../db/database';

/**
 * The hub's sign-in check for many sockets in one query: which of these refresh-token families
 * still hold (not revoked by logout, reuse or a password change, and the user still active).
 */
export function activeFamiliesQuery(db: Db) {
  return async (familyIds: readonly string[]): Promise<ReadonlySet<string>> => {
    const alive = new Set<string>();
    for (let i = 0; i < familyIds.length; i += 500) {
      const chunk = familyIds.slice(i, i + 500);
      const rows = await db
        .selectFrom('refresh_tokens')
        .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
        .select('refresh_tokens.family_id')
        .distinct()
        .where('refresh_tokens.family_id', 'in', chunk)
        .where('refresh_tokens.revoked_at', 'is', null)
        .where('users.status', '=', 'active')
        .execute();
      for (const r of rows) alive.add(r.family_id);
    }
    return alive;
  };
}
