import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Who uploaded each output picture (issue 25, hole 3): an output may attach only a picture its
 * author uploaded (or one it already shows), so a path seen elsewhere is not a key to the image.
 */
const UP: readonly string[] = [
  `CREATE TABLE output_uploads (
    url text PRIMARY KEY,
    owner_user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX output_uploads_owner ON output_uploads (owner_user_id)`,
];

export const outputUploads: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`DROP TABLE IF EXISTS output_uploads`).execute(db);
  },
};
