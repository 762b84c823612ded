import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Takedown (issue 26): staff remove anything published (an output, a feedback, a reflection or
 * a comment), each removal a moderation decision ('remove') with who, when and why; a decision
 * may carry a preset reason (`reason_key`, shown to the pupil in their language) beside the free
 * note; a report that staff keep the post of is recorded as 'dismiss'.
 */
const UP: readonly string[] = [
  `ALTER TABLE moderation_decisions DROP CONSTRAINT IF EXISTS moderation_decisions_target_type_check`,
  `ALTER TABLE moderation_decisions ADD CONSTRAINT moderation_decisions_target_type_check
     CHECK (target_type IN ('output', 'feedback', 'reflection', 'comment'))`,
  `ALTER TABLE moderation_decisions DROP CONSTRAINT IF EXISTS moderation_decisions_decision_check`,
  `ALTER TABLE moderation_decisions ADD CONSTRAINT moderation_decisions_decision_check
     CHECK (decision IN ('publish', 'reject', 'remove', 'dismiss'))`,
  `ALTER TABLE moderation_decisions ADD COLUMN reason_key text`,
];

export const takedown: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    const down = [
      `DELETE FROM moderation_decisions WHERE target_type = 'comment' OR decision IN ('remove', 'dismiss')`,
      `ALTER TABLE moderation_decisions DROP COLUMN IF EXISTS reason_key`,
      `ALTER TABLE moderation_decisions DROP CONSTRAINT IF EXISTS moderation_decisions_decision_check`,
      `ALTER TABLE moderation_decisions ADD CONSTRAINT moderation_decisions_decision_check CHECK (decision IN ('publish', 'reject'))`,
      `ALTER TABLE moderation_decisions DROP CONSTRAINT IF EXISTS moderation_decisions_target_type_check`,
      `ALTER TABLE moderation_decisions ADD CONSTRAINT moderation_decisions_target_type_check CHECK (target_type IN ('output', 'feedback', 'reflection'))`,
    ];
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
