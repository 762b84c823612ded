import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { MIGRATIONS } from './migrations';
import { createTestApp, type TestApp } from '../testing/test-app';
import { migrateToLatest } from './database';
import { json } from './json';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(async () => {
  await t.close();
});

const schemaOf = () => (t.config.databaseUrl ? { schema: currentSchema } : {});
let currentSchema = 'public';

describe('migrations', () => {
  it('running them again is harmless and changes nothing', async () => {
    const row = await t.db
      .selectNoFrom((eb) => eb.fn<string>('current_schema').as('s'))
      .executeTakeFirstOrThrow();
    currentSchema = row.s;
    expect(await migrateToLatest(t.db, schemaOf())).toEqual([]);
    expect(await migrateToLatest(t.db, schemaOf())).toEqual([]);
    const ran = await t.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(ran).toHaveLength(Object.keys(MIGRATIONS).length);
  });
});

describe('column types', () => {
  it('round-trips jsonb arrays and objects, timestamptz and generated ids', async () => {
    await t.db.insertInto('schools').values({ id: 's1', name: 'S' }).execute();
    const at = new Date('2026-04-01T09:30:00.123Z');
    const user = await t.db
      .insertInto('users')
      .values({
        account: 'RoundTrip',
        display_name: 'R',
        password_hash: 'x',
        role: 'member',
        school_id: 's1',
        violation_statuses: json(['profile']),
        profile_updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.violation_statuses).toEqual(['profile']);
    expect(user.profile_updated_at?.getTime()).toBe(at.getTime());
    expect(user.status).toBe('active');
    expect(user.terms_agreement_version).toBe(0);

    await t.db
      .insertInto('sessions')
      .values({
        id: 'sess',
        title: 'T',
        image: '/i.jpg',
        status: 'NOTICE',
        start_time: at,
        end_time: at,
        target: json({ type: 'GROUP', targets: ['g1'] }),
        ja: json({ title: 'タイトル' }),
      })
      .execute();
    const s = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', 'sess')
      .executeTakeFirstOrThrow();
    expect(s.target).toEqual({ type: 'GROUP', targets: ['g1'] });
    expect(s.ja).toEqual({ title: 'タイトル' });
    expect(s.en).toBeNull();
    expect(s.guide).toEqual([]);
  });

  it('keeps account names unique ignoring case', async () => {
    await expect(
      t.db
        .insertInto('users')
        .values({ account: 'roundtrip', display_name: 'R', password_hash: 'x', role: 'member' })
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps (stream_id, seq) unique in the event log', async () => {
    const host = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await t.db
      .insertInto('streams')
      .values({
        id: 'st1',
        session_id: 'sess',
        name: 'Room',
        lang: 'ja',
        host_user_id: host.id,
        settings: json({ startTime: 0, participantVideoVisiblity: true, videoQuality: 'high' }),
      })
      .execute();
    const event = {
      stream_id: 'st1',
      seq: 1,
      type: 'play',
      payload: json({ timeInVideo: 0 }),
      server_time: new Date(),
    };
    await t.db.insertInto('stream_events').values(event).execute();
    await expect(t.db.insertInto('stream_events').values(event).execute()).rejects.toThrow();
  });
});

describe('JWT secret', () => {
  it('is generated once and reused, so a restarted app accepts earlier tokens', async () => {
    await t.db
      .insertInto('users')
      .values({
        account: 'restart-user',
        display_name: 'R',
        password_hash: await (await import('../auth/passwords')).hashPassword('restart-pass'),
        role: 'staff',
      })
      .execute();
    const pair = await t.login('restart-user', 'restart-pass');
    const again = await buildApp({ config: t.config, db: t.db, logger: false });
    try {
      const res = await again.inject({
        url: '/v1/me',
        headers: { authorization: `Bearer ${pair.token}` },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await again.close();
    }
    // One JWT secret (app_settings also keeps the VAPID keys since issue 14).
    const secrets = await t.db
      .selectFrom('app_settings')
      .selectAll()
      .where('key', '=', 'jwt_secret')
      .execute();
    expect(secrets).toHaveLength(1);
  });
});

describe('PGlite in a worker thread (issue 10)', () => {
  // Two cold PGlite starts (initdb, then a reopen) and every migration: on a busy 2-core machine
  // this alone has taken over 30 s, the suite's default, hence its own bound.
  it('answers queries, keeps PostgreSQL error codes, rolls back a failed transaction and survives a restart', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { createDatabase } = await import('./database');
    const dir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
    try {
      const db = createDatabase({ databaseUrl: undefined, pgliteDir: dir, pgliteWorker: true });
      expect((await migrateToLatest(db)).length).toBe(Object.keys(MIGRATIONS).length);
      await db.insertInto('schools').values({ id: 'w1', name: 'Worker school' }).execute();
      const at = new Date('2026-05-01T08:00:00.250Z');
      const user = await db
        .insertInto('users')
        .values({
          account: 'threaded',
          display_name: 'T',
          password_hash: 'x',
          role: 'member',
          school_id: 'w1',
          violation_statuses: json(['profile']),
          profile_updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      expect(user.violation_statuses).toEqual(['profile']);
      expect(user.profile_updated_at?.getTime()).toBe(at.getTime());

      // A duplicate account: the unique index's error arrives with its SQLSTATE.
      const duplicate = await db
        .insertInto('users')
        .values({ account: 'THREADED', display_name: 'D', password_hash: 'x', role: 'member' })
        .execute()
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(duplicate).toMatchObject({ code: '23505' });

      await expect(
        db.transaction().execute(async (trx) => {
          await trx.updateTable('users').set({ display_name: 'Changed' }).execute();
          throw new Error('abandon');
        }),
      ).rejects.toThrow('abandon');
      const after = await db
        .selectFrom('users')
        .select('display_name')
        .where('account', '=', 'threaded')
        .executeTakeFirstOrThrow();
      expect(after.display_name).toBe('T');
      await db.destroy();

      // The data directory is the same as on the main thread: a restart finds the row.
      const again = createDatabase({ databaseUrl: undefined, pgliteDir: dir, pgliteWorker: false });
      const found = await again
        .selectFrom('users')
        .select('display_name')
        .where('account', '=', 'threaded')
        .executeTakeFirst();
      expect(found?.display_name).toBe('T');
      await again.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
