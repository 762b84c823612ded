import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The studio (issue 15): who authored a session or work (null: the provider, as the seed's
 * are), archiving, and the transcoding jobs of uploaded videos. A job row is the record that
 * survives a restart: the runner picks up every queued or running job when the server starts.
 */
const UP: readonly string[] = [
  `ALTER TABLE sessions ADD COLUMN owner_user_id text REFERENCES users(id) ON DELETE SET NULL`,
  `ALTER TABLE sessions ADD COLUMN owner_school_id text REFERENCES schools(id) ON DELETE CASCADE`,
  `ALTER TABLE sessions ADD COLUMN archived_at timestamptz`,
  `ALTER TABLE works ADD COLUMN owner_user_id text REFERENCES users(id) ON DELETE SET NULL`,
  `ALTER TABLE works ADD COLUMN owner_school_id text REFERENCES schools(id) ON DELETE CASCADE`,
  `CREATE TABLE transcode_jobs (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    video_id text NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    upload_id text NOT NULL,
    user_id text REFERENCES users(id) ON DELETE SET NULL,
    file_name text NOT NULL,
    status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','running','done','failed')),
    progress double precision NOT NULL DEFAULT 0,
    error text,
    attempts integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX transcode_jobs_video_idx ON transcode_jobs (video_id, created_at)`,
  `CREATE INDEX transcode_jobs_status_idx ON transcode_jobs (status)`,
];

export const studio: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`DROP TABLE IF EXISTS transcode_jobs`).execute(db);
    for (const t of ['works', 'sessions']) {
      await sql.raw(`ALTER TABLE ${t} DROP COLUMN IF EXISTS owner_school_id`).execute(db);
      await sql.raw(`ALTER TABLE ${t} DROP COLUMN IF EXISTS owner_user_id`).execute(db);
    }
    await sql.raw(`ALTER TABLE sessions DROP COLUMN IF EXISTS archived_at`).execute(db);
  },
};
