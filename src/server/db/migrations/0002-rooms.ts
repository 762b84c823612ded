import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Rooms: when each logged event takes effect, an index for the rooms list's start-time filter,
 * one ballot per user per vote moment per room, and live comments by room. The per-stream seq
 * is guarded by stream_events' primary key (streams/sequencer.ts).
 */
const UP: readonly string[] = [
  // When the change takes effect (the event's effectiveAt); server_time is when it was stored.
  `ALTER TABLE stream_events ADD COLUMN effective_at timestamptz NOT NULL DEFAULT now()`,
  `CREATE INDEX streams_start_time_idx ON streams (((settings->>'startTime')::bigint))`,
  `CREATE TABLE vote_ballots (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    stream_id text REFERENCES streams(id) ON DELETE CASCADE,
    vote_key text NOT NULL,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    choice text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  // One ballot per user per vote moment per room ('' stands for "no room": solo viewing).
  `CREATE UNIQUE INDEX vote_ballots_one_per_user ON vote_ballots
    (session_id, (coalesce(stream_id, '')), vote_key, user_id)`,
  `CREATE INDEX vote_ballots_tally_idx ON vote_ballots (session_id, vote_key, stream_id)`,
  `CREATE INDEX comments_stream_idx ON comments (stream_id, created_at)`,
];

export const rooms: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of UP) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql.raw('DROP INDEX IF EXISTS comments_stream_idx').execute(db);
    await sql.raw('DROP TABLE IF EXISTS vote_ballots').execute(db);
    await sql.raw('DROP INDEX IF EXISTS streams_start_time_idx').execute(db);
    await sql.raw('ALTER TABLE stream_events DROP COLUMN IF EXISTS effective_at').execute(db);
  },
};
