import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Safeguarding concerns (issue 26): what a pupil wrote that says they may hurt themselves, kept
 * for the adults of their groups instead of being published or thrown away, and who of those
 * adults opened it and when. A school may name its own contact for the caring message.
 */
const UP: readonly string[] = [
  `CREATE TABLE safeguarding_concerns (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    channel text NOT NULL,
    text text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX safeguarding_concerns_user ON safeguarding_concerns (user_id, created_at DESC)`,
  `CREATE TABLE safeguarding_concern_views (
    concern_id text NOT NULL REFERENCES safeguarding_concerns(id) ON DELETE CASCADE,
    viewer_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    seen_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (concern_id, viewer_id)
  )`,
  `ALTER TABLE schools ADD COLUMN care_contact text`,
];

export const safeguarding: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`ALTER TABLE schools DROP COLUMN IF EXISTS care_contact`).execute(db);
    await sql.raw(`DROP TABLE IF EXISTS safeguarding_concern_views`).execute(db);
    await sql.raw(`DROP TABLE IF EXISTS safeguarding_concerns`).execute(db);
  },
};
