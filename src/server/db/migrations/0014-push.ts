import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Web Push (issue 14; the older service's POST /token): one row per browser subscription. The
 * endpoint is the push service's address for that browser, unique; p256dh and auth are the
 * browser's keys the payload is encrypted to. The VAPID key pair lives in app_settings.
 */
export const push: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE push_subscriptions (
        id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        endpoint text NOT NULL UNIQUE,
        p256dh text NOT NULL,
        auth text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    await sql`CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`DROP TABLE IF EXISTS push_subscriptions`.execute(db);
  },
};
