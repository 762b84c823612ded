import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Sign-in with the school's own Google or Microsoft accounts (issue 30). Staff map a group's
 * members to the school's addresses instead of each pupil linking their own:
 * `group_sign_in_roster` holds a roster's rows (an address → a member of the group);
 * `groups.sign_in_domain` lets any verified address of the school's domain sign in as the member
 * whose account name is the address's local part. The first such sign-in links the identity
 * (oidc_identities) as if the pupil had linked it.
 */
const UP: readonly string[] = [
  `ALTER TABLE groups ADD COLUMN sign_in_domain text`,
  `CREATE TABLE group_sign_in_roster (
    group_id text NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    email text NOT NULL,
    user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (group_id, email)
  )`,
  `CREATE INDEX group_sign_in_roster_email ON group_sign_in_roster (email)`,
];

export const schoolSignIn: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw(`DROP TABLE IF EXISTS group_sign_in_roster`).execute(db);
    await sql.raw(`ALTER TABLE groups DROP COLUMN IF EXISTS sign_in_domain`).execute(db);
  },
};
