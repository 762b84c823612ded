import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Feedback and reactions: when a feedback was last reported by someone other than its author
 * (it is hidden from other pupils for an hour from then), one reaction per user, target and type
 * (toggling), and lookups of a user's previous comment on an output and of reports per target.
 */
const UP: readonly string[] = [
  `ALTER TABLE feedbacks ADD COLUMN reported_at timestamptz`,
  `CREATE INDEX feedbacks_output_user_idx ON feedbacks (output_id, user_id, created_at)`,
  `CREATE UNIQUE INDEX actions_one_per_user ON actions (user_id, target, target_id, type)`,
];

export const feedback: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`DROP INDEX IF EXISTS actions_one_per_user`).execute(db);
    await sql.raw(`DROP INDEX IF EXISTS feedbacks_output_user_idx`).execute(db);
    await sql.raw(`ALTER TABLE feedbacks DROP COLUMN IF EXISTS reported_at`).execute(db);
  },
};
