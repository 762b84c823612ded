import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Class reports and moderation. `report_member_sessions` holds the aggregates the report pages
 * read (one row per group, session and pupil, rebuilt at each scheduled refresh);
 * `report_refreshes` records each refresh so the pages can say when the data is from;
 * `moderation_decisions` records who published or rejected which pending output or feedback,
 * when, from which status, and why.
 */
const UP: readonly string[] = [
  `CREATE TABLE report_member_sessions (
     group_id text NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
     session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
     user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     joined_at timestamptz,
     outputs integer NOT NULL DEFAULT 0,
     published_outputs integer NOT NULL DEFAULT 0,
     latest_output_at timestamptz,
     feedback_given integer NOT NULL DEFAULT 0,
     feedback_received integer NOT NULL DEFAULT 0,
     reflections integer NOT NULL DEFAULT 0,
     PRIMARY KEY (group_id, session_id, user_id)
   )`,
  `CREATE INDEX report_member_sessions_user_idx ON report_member_sessions (group_id, user_id)`,
  `CREATE TABLE report_refreshes (
     id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
     started_at timestamptz NOT NULL,
     finished_at timestamptz NOT NULL,
     row_count integer NOT NULL,
     trigger text NOT NULL
   )`,
  `CREATE TABLE moderation_decisions (
     id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
     target_type text NOT NULL CHECK (target_type IN ('output', 'feedback')),
     target_id text NOT NULL,
     decision text NOT NULL CHECK (decision IN ('publish', 'reject')),
     previous_status text NOT NULL,
     note text,
     decided_by text NOT NULL REFERENCES users(id),
     decided_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX moderation_decisions_target_idx ON moderation_decisions (target_type, target_id, decided_at)`,
];

export const reports: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`DROP TABLE IF EXISTS moderation_decisions`).execute(db);
    await sql.raw(`DROP TABLE IF EXISTS report_refreshes`).execute(db);
    await sql.raw(`DROP TABLE IF EXISTS report_member_sessions`).execute(db);
  },
};
