import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Screening (issue 8). `groups.feedback_approval`: staff turned on "approve all feedback first"
 * for the group, so every feedback from its members waits for a teacher. Reflections get the
 * `pending` status (held by the screening until a teacher publishes or rejects it) and the
 * moderation record takes reflection decisions.
 */
const UP: readonly string[] = [
  `ALTER TABLE groups ADD COLUMN feedback_approval boolean NOT NULL DEFAULT false`,
  `ALTER TABLE reflections DROP CONSTRAINT IF EXISTS reflections_status_check`,
  `ALTER TABLE reflections ADD CONSTRAINT reflections_status_check
     CHECK (status IN ('published', 'draft', 'pending', 'rejected'))`,
  `ALTER TABLE moderation_decisions DROP CONSTRAINT IF EXISTS moderation_decisions_target_type_check`,
  `ALTER TABLE moderation_decisions ADD CONSTRAINT moderation_decisions_target_type_check
     CHECK (target_type IN ('output', 'feedback', 'reflection'))`,
];

export const screening: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`DELETE FROM moderation_decisions WHERE target_type = 'reflection'`).execute(db);
    await sql
      .raw(
        `ALTER TABLE moderation_decisions DROP CONSTRAINT IF EXISTS moderation_decisions_target_type_check`,
      )
      .execute(db);
    await sql
      .raw(
        `ALTER TABLE moderation_decisions ADD CONSTRAINT moderation_decisions_target_type_check CHECK (target_type IN ('output', 'feedback'))`,
      )
      .execute(db);
    await sql
      .raw(`UPDATE reflections SET status = 'draft' WHERE status NOT IN ('published', 'draft')`)
      .execute(db);
    await sql
      .raw(`ALTER TABLE reflections DROP CONSTRAINT IF EXISTS reflections_status_check`)
      .execute(db);
    await sql
      .raw(
        `ALTER TABLE reflections ADD CONSTRAINT reflections_status_check CHECK (status IN ('published', 'draft'))`,
      )
      .execute(db);
    await sql.raw(`ALTER TABLE groups DROP COLUMN IF EXISTS feedback_approval`).execute(db);
  },
};
