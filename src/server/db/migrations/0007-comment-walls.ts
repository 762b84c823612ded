import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Comments: walls, report, delete, pause (issue 8). A room's host can pause its live comments
 * (`streams.comments_paused`, read by POST /v1/session/{id}/comment and shown on every open
 * page); a comment can be reported like a feedback or an output (`violation_reports` gains the
 * target type 'comment'); a deletion records who removed it (`comments.deleted_by`).
 */
const UP: readonly string[] = [
  `ALTER TABLE streams ADD COLUMN comments_paused boolean NOT NULL DEFAULT false`,
  `ALTER TABLE comments ADD COLUMN deleted_by text REFERENCES users(id) ON DELETE SET NULL`,
  `ALTER TABLE violation_reports DROP CONSTRAINT IF EXISTS violation_reports_target_type_check`,
  `ALTER TABLE violation_reports ADD CONSTRAINT violation_reports_target_type_check
     CHECK (target_type IN ('feedback', 'output', 'comment'))`,
];

export const commentWalls: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`DELETE FROM violation_reports WHERE target_type = 'comment'`).execute(db);
    await sql
      .raw(`ALTER TABLE violation_reports DROP CONSTRAINT violation_reports_target_type_check`)
      .execute(db);
    await sql
      .raw(
        `ALTER TABLE violation_reports ADD CONSTRAINT violation_reports_target_type_check CHECK (target_type IN ('feedback', 'output'))`,
      )
      .execute(db);
    await sql.raw(`ALTER TABLE comments DROP COLUMN deleted_by`).execute(db);
    await sql.raw(`ALTER TABLE streams DROP COLUMN comments_paused`).execute(db);
  },
};
