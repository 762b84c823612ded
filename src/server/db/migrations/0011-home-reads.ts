import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Indexes for the orders the home page's lists read in (issue 10): the sessions list walks every
 * session by (start_time, id), its page cursor; a user's own follows newest first (the followers
 * side has its index since 0003); a user's projects by latest publication (the second of the two
 * project lists; the first, by updated_at, has inquiry_projects_user_idx).
 */
const UP: readonly string[] = [
  `CREATE INDEX sessions_start_id_idx ON sessions (start_time, id)`,
  `CREATE INDEX follows_follower_created_idx ON follows (follower_id, created_at)`,
  `CREATE INDEX inquiry_projects_user_published_idx ON inquiry_projects (user_id, latest_published_at)`,
];

export const homeReads: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`DROP INDEX IF EXISTS inquiry_projects_user_published_idx`).execute(db);
    await sql.raw(`DROP INDEX IF EXISTS follows_follower_created_idx`).execute(db);
    await sql.raw(`DROP INDEX IF EXISTS sessions_start_id_idx`).execute(db);
  },
};
