import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Outputs: at most one autosaved draft per author and work (autosave replaces it rather than
 * piling up copies; a second tab racing the first hits the index, not a duplicate), and the index
 * the sequencing modes and the session list read (a session's outputs by status and time).
 */
const UP: readonly string[] = [
  `CREATE UNIQUE INDEX outputs_one_draft_per_work ON outputs (user_id, session_id, work_id)
     WHERE status = 'autosaved'`,
  `CREATE INDEX outputs_session_status_idx ON outputs (session_id, status, created_at)`,
];

export const outputs: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`DROP INDEX IF EXISTS outputs_session_status_idx`).execute(db);
    await sql.raw(`DROP INDEX IF EXISTS outputs_one_draft_per_work`).execute(db);
  },
};
