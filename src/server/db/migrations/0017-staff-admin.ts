import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Issue 24 (staff-side gaps): a news item can be withdrawn after publishing (`withdrawn_at`;
 * `published_at` goes back to null so every reader's query drops it), and a contact message can
 * be answered (the admin's reply note, who and when) and archived.
 */
const UP: readonly string[] = [
  `ALTER TABLE articles ADD COLUMN withdrawn_at timestamptz`,
  `ALTER TABLE inquiries ADD COLUMN answer text`,
  `ALTER TABLE inquiries ADD COLUMN answered_at timestamptz`,
  `ALTER TABLE inquiries ADD COLUMN answered_by text REFERENCES users(id) ON DELETE SET NULL`,
  `ALTER TABLE inquiries ADD COLUMN archived_at timestamptz`,
  `CREATE INDEX inquiries_inbox_idx ON inquiries ((archived_at IS NULL), created_at DESC)`,
];

export const staffAdmin: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`DROP INDEX IF EXISTS inquiries_inbox_idx`).execute(db);
    for (const c of ['archived_at', 'answered_by', 'answered_at', 'answer'])
      await sql.raw(`ALTER TABLE inquiries DROP COLUMN IF EXISTS ${c}`).execute(db);
    await sql.raw(`ALTER TABLE articles DROP COLUMN IF EXISTS withdrawn_at`).execute(db);
  },
};
