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

  describe('REALTIME_BACKEND (issue 12)', () => {
    it('is ws by default, firestore on the emulator with only a project id', () => {
      expect(loadConfig({}).realtime).toEqual({ backend: 'ws' });
      expect(
        loadConfig({
          REALTIME_BACKEND: 'firestore',
          FIREBASE_PROJECT_ID: 'demo-tomoni',
          FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
        }).realtime,
      ).toEqual({
        backend: 'firestore',
        projectId: 'demo-tomoni',
        web: { apiKey: 'emulator' },
        emulatorHost: '127.0.0.1:8080',
        credentials: null,
      });
    });

    it('stops a partial Firebase configuration with one message naming what is missing', () => {
      expect(() => loadConfig({ REALTIME_BACKEND: 'websocket' })).toThrow(/REALTIME_BACKEND/);
      expect(() => loadConfig({ REALTIME_BACKEND: 'firestore' })).toThrow(/FIREBASE_PROJECT_ID/);
      const partial = () =>
        loadConfig({ REALTIME_BACKEND: 'firestore', FIREBASE_PROJECT_ID: 'tomoni-prod' });
      expect(partial).toThrow(ConfigError);
      expect(partial).toThrow(/FIREBASE_API_KEY[\s\S]*FIREBASE_SERVICE_ACCOUNT/);
      expect(() =>
        loadConfig({
          REALTIME_BACKEND: 'firestore',
          FIREBASE_PROJECT_ID: 'tomoni-prod',
          FIREBASE_API_KEY: 'AIza-test',
          FIREBASE_SERVICE_ACCOUNT: '{"not":"a key"}',
        }),
      ).toThrow(/FIREBASE_SERVICE_ACCOUNT: must be a service account key/);
      expect(() =>
        loadConfig({
          REALTIME_BACKEND: 'firestore',
          FIREBASE_PROJECT_ID: 'x',
          FIRESTORE_EMULATOR_HOST: 'h:1',
        }),
      ).toThrow(/FIREBASE_PROJECT_ID: must be a Firebase project id/);
      expect(() => loadConfig({ FIRESTORE_EMULATOR_HOST: 'http://127.0.0.1:8080' })).toThrow(
        /FIRESTORE_EMULATOR_HOST/,
      );
    });

    it('takes production credentials from a key file or the key itself', () => {
      const prod = {
        REALTIME_BACKEND: 'firestore',
        FIREBASE_PROJECT_ID: 'tomoni-prod',
        FIREBASE_API_KEY: 'AIza-test',
        FIREBASE_AUTH_DOMAIN: 'tomoni-prod.firebaseapp.com',
      };
      expect(
        loadConfig({ ...prod, GOOGLE_APPLICATION_CREDENTIALS: '/etc/tomoni/key.json' }).realtime,
      ).toMatchObject({
        web: { apiKey: 'AIza-test', authDomain: 'tomoni-prod.firebaseapp.com' },
        emulatorHost: null,
        credentials: { type: 'file', path: '/etc/tomoni/key.json' },
      });
      expect(
        loadConfig({ ...prod, FIREBASE_SERVICE_ACCOUNT: '{"private_key":"k","client_email":"e"}' })
          .realtime,
      ).toMatchObject({ credentials: { type: 'json', json: { private_key: 'k' } } });
    });
  });
});
