import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Sign-in (issue 8). `login_failures.known` tells failures against an existing account from
 * failures against a made-up name: only the latter count towards the per-address limit.
 * `refresh_tokens.successor` holds, encrypted, the pair a spent refresh token was exchanged for,
 * so a second tab presenting the same token within the grace window gets that same pair.
 */
const UP: readonly string[] = [
  `ALTER TABLE login_failures ADD COLUMN known boolean NOT NULL DEFAULT true`,
  `CREATE INDEX login_failures_pair_idx ON login_failures (account, address, created_at)`,
  `ALTER TABLE refresh_tokens ADD COLUMN successor text`,
];

export const signIn: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`ALTER TABLE refresh_tokens DROP COLUMN IF EXISTS successor`).execute(db);
    await sql.raw(`DROP INDEX IF EXISTS login_failures_pair_idx`).execute(db);
    await sql.raw(`ALTER TABLE login_failures DROP COLUMN IF EXISTS known`).execute(db);
  },
};
