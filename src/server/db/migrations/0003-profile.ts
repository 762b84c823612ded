import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Profile: one reflection per user and session (the reflection editor updates it rather than
 * piling up copies), and indexes for the profile lists (a user's memos, who follows whom).
 */
const UP: readonly string[] = [
  `CREATE UNIQUE INDEX reflections_one_per_session ON reflections (session_id, user_id)`,
  `CREATE INDEX comments_user_type_idx ON comments (user_id, type, created_at)`,
  `CREATE INDEX follows_followee_created_idx ON follows (followee_id, created_at)`,
];

export const profile: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`DROP INDEX IF EXISTS follows_followee_created_idx`).execute(db);
    await sql.raw(`DROP INDEX IF EXISTS comments_user_type_idx`).execute(db);
    await sql.raw(`DROP INDEX IF EXISTS reflections_one_per_session`).execute(db);
  },
};
