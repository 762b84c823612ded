import { sql } from 'kysely';
import type { Db } from '../db/database';
import { MIGRATIONS } from '../db/migrations';

/**
 * Whether every migration this build knows has run (GET /healthz). Reads the migration table
 * only: no school's, group's or user's data, so no caller scope.
 */
export async function isMigrated(db: Db): Promise<boolean> {
  const expected = Object.keys(MIGRATIONS).length;
  try {
    const row = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM kysely_migration`.execute(db);
    return (row.rows[0]?.n ?? 0) >= expected;
  } catch {
    // no migration table yet: not ready
    return false;
  }
}
