import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: resolve('./data'),
      mediaDir: resolve('./media'),
      clientDir: resolve('./dist/client'),
      jwtSecret: undefined,
      accessTokenTtlS: 900,
      refreshTokenTtlS: 30 * 24 * 3600,
      seedDemo: true,
      logLevel: 'info',
      redisUrl: undefined,
      login: {
        freeFailuresPerPair: 5,
        freeFailuresPerAccount: 20,
        maxDelayS: 30,
        maxUnknownFailuresPerAddress: 1000,
        windowS: 900,
      },
      refreshGraceS: 30,
    });
    expect(c.pgliteDir).toBe(resolve('./data/pglite'));
  });

  it('reads and coerces values; empty strings count as unset', () => {
    const c = loadConfig({
      PORT: '3123',
      SEED_DEMO: 'false',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: 'redis://localhost:6379',
      JWT_SECRET: '',
      LOG_LEVEL: 'warn',
    });
    expect(c.port).toBe(3123);
    expect(c.seedDemo).toBe(false);
    expect(c.databaseUrl).toBe('postgres://u@h:5432/db');
    expect(c.redisUrl).toBe('redis://localhost:6379');
    expect(c.jwtSecret).toBeUndefined();
    expect(c.logLevel).toBe('warn');
  });

  it('reads the room heartbeat (5 s unless set) and refuses a value that is not a positive whole number', () => {
    expect(loadConfig({}).ws.headIntervalMs).toBe(5000);
    expect(loadConfig({ ROOM_HEAD_INTERVAL_MS: '250' }).ws.headIntervalMs).toBe(250);
    expect(() => loadConfig({ ROOM_HEAD_INTERVAL_MS: '0' })).toThrow(/ROOM_HEAD_INTERVAL_MS/);
    expect(() => loadConfig({ ROOM_HEAD_INTERVAL_MS: 'often' })).toThrow(/ROOM_HEAD_INTERVAL_MS/);
  });

  it('refuses the login variables replaced in issue 8, naming their replacements', () => {
    expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '10' })).toThrow(
      /LOGIN_MAX_FAILURES_PER_ACCOUNT: no longer read; replaced by LOGIN_PAIR_FREE_FAILURES/,
    );
    expect(() => loadConfig({ LOGIN_MAX_DELAY_S: '3600' })).toThrow(/LOGIN_MAX_DELAY_S/);
    expect(() =>
      loadConfig({ LOGIN_PAIR_FREE_FAILURES: '10', LOGIN_ACCOUNT_FREE_FAILURES: '5' }),
    ).toThrow(/LOGIN_ACCOUNT_FREE_FAILURES: must be at least/);
  });

  it('refuses a bad environment with one clear error naming every bad variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        SEED_DEMO: 'maybe',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        LOG_LEVEL: 'loud',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (e) {
      const message = (e as Error).message;
      for (const name of ['PORT', 'SEED_DEMO', 'DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL']) {
        expect(message).toContain(name);
      }
    }
  });
});
