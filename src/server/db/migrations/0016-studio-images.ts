import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Pictures a teacher uploads in the studio (issue 24). The file is an output-style upload
 * (re-encoded JPEG under DATA_DIR/uploads, EXIF gone); this row says whose it is, so a session
 * may only show an upload of its author's school (provider staff: owner_school_id null).
 */
const UP: readonly string[] = [
  `CREATE TABLE studio_images (
    url text PRIMARY KEY,
    owner_user_id text REFERENCES users(id) ON DELETE SET NULL,
    owner_school_id text REFERENCES schools(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export const studioImages: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`DROP TABLE IF EXISTS studio_images`).execute(db);
  },
};
