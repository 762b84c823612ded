import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Picture screening (issue 26). `picture_screenings`: one row per uploaded output picture, queued
 * at upload and screened off the request path (text read by OCR through the text screening, the
 * image through the nsfwjs model); `verdict` clear or held with its reasons. `outputs.
 * awaiting_pictures`: a posted output waits, pending and out of the moderation queue, until its
 * pictures are screened. `groups.picture_approval`: staff's "approve every picture first".
 */
const UP: readonly string[] = [
  `CREATE TABLE picture_screenings (
    url text PRIMARY KEY,
    state text NOT NULL DEFAULT 'queued',
    verdict text,
    reasons jsonb NOT NULL DEFAULT '[]'::jsonb,
    ocr_text text,
    scores jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    screened_at timestamptz
  )`,
  `CREATE INDEX picture_screenings_queued ON picture_screenings (created_at) WHERE state = 'queued'`,
  `ALTER TABLE outputs ADD COLUMN awaiting_pictures boolean NOT NULL DEFAULT false`,
  `ALTER TABLE groups ADD COLUMN picture_approval boolean NOT NULL DEFAULT false`,
];

export const pictureScreening: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`ALTER TABLE groups DROP COLUMN IF EXISTS picture_approval`).execute(db);
    await sql.raw(`ALTER TABLE outputs DROP COLUMN IF EXISTS awaiting_pictures`).execute(db);
    await sql.raw(`DROP TABLE IF EXISTS picture_screenings`).execute(db);
  },
};
