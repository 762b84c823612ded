import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Content in two languages (issue 9: 15). A `translations` jsonb column on the content tables
 * holds, per language, the columns that differ from the row as written:
 * `{"en": {"description": "…", "guide": […]}}`. The API shows the requester's language where a
 * translation exists and the row as written otherwise (`content/localize.ts`). Timed actions
 * translate by position: `{"en": {"actions": [{"name": "…"}, …]}}` overlays each action's params.
 */
const TABLES = ['sessions', 'videos', 'works', 'inquiry_projects', 'unit_outputs'] as const;

export const contentLanguages: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await sql
        .raw(`ALTER TABLE ${table} ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb`)
        .execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await sql.raw(`ALTER TABLE ${table} DROP COLUMN IF EXISTS translations`).execute(db);
    }
  },
};
