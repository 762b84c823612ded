import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const ID = `text PRIMARY KEY DEFAULT gen_random_uuid()::text`;
const TS = `timestamptz NOT NULL DEFAULT now()`;

/**
 * The older service's features a school uses (issue 14): password-reset requests a pupil sends
 * to their teachers, survey answers, news articles staff publish, and contact-form inquiries to
 * the provider's admins.
 */
const UP: readonly string[] = [
  `CREATE TABLE password_reset_requests (
    id ${ID},
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    address text NOT NULL DEFAULT '',
    created_at ${TS},
    resolved_at timestamptz,
    resolved_by text REFERENCES users(id) ON DELETE SET NULL
  )`,
  // One open request per pupil: a second one refreshes it instead of piling up.
  `CREATE UNIQUE INDEX password_reset_requests_open_idx ON password_reset_requests (user_id) WHERE resolved_at IS NULL`,
  `CREATE TABLE survey_answers (
    id ${ID},
    survey_id text NOT NULL,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    answers jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at ${TS},
    updated_at ${TS},
    UNIQUE (survey_id, user_id)
  )`,
  `CREATE TABLE articles (
    id ${ID},
    school_id text REFERENCES schools(id) ON DELETE CASCADE,
    author_id text REFERENCES users(id) ON DELETE SET NULL,
    title text NOT NULL,
    body text NOT NULL DEFAULT '',
    url text,
    published_at timestamptz,
    created_at ${TS},
    updated_at ${TS}
  )`,
  `CREATE INDEX articles_published_idx ON articles (published_at)`,
  `CREATE TABLE inquiries (
    id ${ID},
    user_id text REFERENCES users(id) ON DELETE SET NULL,
    email text NOT NULL DEFAULT '',
    subject text NOT NULL,
    body text NOT NULL,
    status text NOT NULL DEFAULT 'open',
    created_at ${TS},
    updated_at ${TS}
  )`,
];

export const olderService: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['inquiries', 'articles', 'survey_answers', 'password_reset_requests'])
      await sql.raw(`DROP TABLE IF EXISTS ${t}`).execute(db);
  },
};
