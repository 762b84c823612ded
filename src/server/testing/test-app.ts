import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { AuthTokens } from '../../contracts/api/auth';
import { buildApp } from '../app';
import type { ServerClock } from '../clock';
import type { OutboundPolicy } from '../http/outbound';
import type { ReadPicture } from '../pictures/screener';
import { loadConfig, type Config } from '../config';
import { createDatabase, migrateToLatest, type Db } from '../db/database';
import type { App } from '../http/app-type';
import { DEMO_ACCOUNTS } from '../seed/accounts';
import { seedDemo } from '../seed/demo';
import { migratedTemplate } from './pglite-template';

/** A demo account's row id (tests address users by id, fixtures know them by account). */
export async function userIdOf(db: Db, account: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * An output's status now. Poll it with a generous timeout: a picture's screening publishes the
 * output off the request, and on a busy machine (two database lanes at once) that takes seconds.
 */
export async function outputStatus(db: Db, id: string): Promise<string> {
  const row = await db
    .selectFrom('outputs')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  /** Logs in through the real route; throws with the response when it is not 200. */
  login(account: string, password?: string): Promise<AuthTokens>;
  /** `{ authorization: 'Bearer …' }` for a fresh login of the account. */
  authHeader(account: string, password?: string): Promise<{ authorization: string }>;
  /**
   * Another app over the same database with more environment (e.g. a lower limit), without
   * paying for a second database. Closed by `close()`.
   */
  withEnv(env: Record<string, string>): Promise<App>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** 'demo' (default) runs the demo seed; 'none' leaves the database empty. */
  seed?: 'demo' | 'none';
  /** Extra environment, as main.ts would read it (e.g. LOGIN_MAX_DELAY_S). */
  env?: Record<string, string>;
  /** Runs after migrations (and the seed), before the app is built: add your own fixtures. */
  fixtures?: (db: Db) => Promise<void>;
  /** The server's clock (`app.clock`), for tests that move time (e.g. a rate limit's window). */
  clock?: ServerClock;
  /** Outbound requests (Web Push): the resolver and transport to use instead of DNS and HTTPS. */
  outbound?: Partial<OutboundPolicy>;
  /** How output pictures are read; the real screening thread (OCR and model) when absent. */
  readPicture?: ReadPicture;
}

/**
 * A picture reader that finds nothing, at once: for tests about something other than screening
 * (the real thread warms up for seconds, and an output waits for its pictures to be cleared).
 */
export const readNothing: ReadPicture = async () => ({ text: '', scores: {} });

/** The environment every test app starts from; `env` adds to it. */
const BASE_ENV: Record<string, string> = {
  DATA_DIR: join(tmpdir(), 'tomoni-test-data'),
  MEDIA_DIR: join(tmpdir(), 'tomoni-test-media-missing'),
  CLIENT_DIR: join(tmpdir(), 'tomoni-test-client-missing'),
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  // The general per-address API limit has its own tests. The login throttle keeps its defaults:
  // a school's logins from one address must work with them (issue 8).
  RATE_LIMIT_PER_MINUTE: '100000',
  // Tests change users straight in the database, which the API's user cache cannot see; the
  // cache has its own test (auth/user-cache.test.ts) with it on.
  AUTH_USER_CACHE_MS: '0',
  // Load shedding has its own tests (http/pressure.test.ts); a suite's own bursts (migrations,
  // thousands of calls in a loop on a shared machine) are not a school at the bell.
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
  PRESSURE_MAX_IN_FLIGHT: '100000',
  PRESSURE_MAX_QUEUE_MS: '600000',
};

function testConfig(env: Record<string, string> | undefined): Config {
  const config = loadConfig({ ...BASE_ENV, DATABASE_URL: process.env.DATABASE_URL, ...env });
  config.pgliteDir = 'memory://';
  return config;
}

/**
 * The real app on a fresh database: in-memory PGlite, or — when DATABASE_URL is set — a
 * PostgreSQL schema created for this app alone and dropped by `close()`, so CI can run the same
 * suite against both. Log in as any DEMO_ACCOUNTS entry with `login(account)`.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.env);

  let dropSchema: (() => Promise<void>) | undefined;
  let schema: string | undefined;
  let db: Db;
  if (config.databaseUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: config.databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    db = createDatabase(config, { searchPath: schema });
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: config.databaseUrl });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    };
  } else {
    db = createDatabase(config, { pgliteLoadDataDir: await migratedTemplate() });
  }

  let app: App;
  try {
    await migrateToLatest(db, schema ? { schema } : {});
    if ((options.seed ?? 'demo') === 'demo') await seedDemo(db);
    if (options.fixtures) await options.fixtures(db);
    app = await buildApp({
      config,
      db,
      logger: false,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.outbound ? { outbound: options.outbound } : {}),
      ...(options.readPicture ? { readPicture: options.readPicture } : {}),
    });
  } catch (e) {
    await db.destroy();
    await dropSchema?.();
    throw e;
  }

  const extraApps: App[] = [];
  const passwordOf = (account: string) => {
    const found = DEMO_ACCOUNTS.find((a) => a.account === account);
    if (!found) throw new Error(`no demo account "${account}": pass the password`);
    return found.password;
  };

  const login = async (account: string, password?: string): Promise<AuthTokens> => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: account, password: password ?? passwordOf(account) },
    });
    if (res.statusCode !== 200) throw new Error(`login ${account}: ${res.statusCode} ${res.body}`);
    return AuthTokens.parse(res.json());
  };

  return {
    app,
    db,
    config,
    login,
    authHeader: async (account, password) => ({
      authorization: `Bearer ${(await login(account, password)).token}`,
    }),
    withEnv: async (env) => {
      const other = await buildApp({
        config: testConfig({ ...options.env, ...env }),
        db,
        logger: false,
        ...(options.outbound ? { outbound: options.outbound } : {}),
      });
      extraApps.push(other);
      return other;
    },
    close: async () => {
      try {
        for (const other of extraApps) await other.close();
        await app.close();
        // A test may already have destroyed the database on purpose (to provoke failures).
        await db.destroy().catch(() => undefined);
      } finally {
        await dropSchema?.();
      }
    },
  };
}
