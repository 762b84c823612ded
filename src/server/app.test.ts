import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../contracts/errors';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/database';
import type { App } from './http/app-type';
import { createTestApp, type TestApp } from './testing/test-app';

let t: TestApp;
let bare: App;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'tomoni-app-test-'));
  const client = join(root, 'client');
  const media = join(root, 'media');
  mkdirSync(join(client, 'assets'), { recursive: true });
  mkdirSync(join(media, 'videos/ocean'), { recursive: true });
  writeFileSync(
    join(client, 'index.html'),
    '<!doctype html><title>Tomoni</title><div id="root"></div>',
  );
  writeFileSync(join(client, 'assets/app.js'), 'console.log("app")');
  writeFileSync(join(media, 'videos/ocean/master.m3u8'), '#EXTM3U\n#EXT-X-VERSION:3\n');
  writeFileSync(join(media, 'videos/ocean/seg0.ts'), Buffer.alloc(1000, 7));
  writeFileSync(
    join(media, 'videos/ocean/captions.ja.vtt'),
    'WEBVTT\n\n00:00.000 --> 00:02.000\nこんにちは\n',
  );
  t = await createTestApp({ seed: 'none', env: { CLIENT_DIR: client, MEDIA_DIR: media } });
  bare = await t.withEnv({ CLIENT_DIR: join(root, 'not-built') });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const errorOf = (body: string) => ErrorBody.parse(JSON.parse(body)).error;

describe('errors', () => {
  it('answers malformed JSON with 400 badRequest', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).code).toBe('badRequest');
  });

  it('answers a 1 MB string field with 413 payloadTooLarge and keeps serving', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'x'.repeat(1024 * 1024), password: 'y' },
    });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res.body).code).toBe('payloadTooLarge');
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });

  it('answers a string just under the body limit but over the field limit with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'x'.repeat(200 * 1024), password: 'y' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).code).toBe('badRequest');
  });

  it('answers an unknown API path with a JSON 404 notFound', async () => {
    const res = await t.app.inject({ url: '/v1/nothing-here', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res.body).code).toBe('notFound');
  });

  it('answers an unexpected failure with 500 internal and no stack trace', async () => {
    // A database that cannot be reached is the unknown error a route cannot plan for.
    const db = createDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', pgliteDir: '' });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'x'.repeat(40),
      DATA_DIR: join(root, 'data'),
      // A loaded test machine must not shed the call this test is about (http/pressure.ts).
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    const broken = await buildApp({ config, db, logger: false });
    try {
      const res = await broken.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { username: 'a', password: 'b' },
      });
      expect(res.statusCode).toBe(500);
      expect(errorOf(res.body)).toEqual({ code: 'internal', message: 'Internal server error' });
      expect(res.body).not.toMatch(/\.ts:\d+|node_modules|at /);
    } finally {
      await broken.close();
      await db.destroy();
    }
  });
});

describe('health and security headers', () => {
  it('GET /healthz answers ok once migrated, naming what still loads in the background', async () => {
    // Nothing has warmed this app's picture screening: it serves, and says the models still load.
    const cold = await t.app.inject({ url: '/healthz' });
    expect(cold.statusCode).toBe(200);
    expect(cold.json()).toEqual({ status: 'ok', warming: ['pictures'] });
    await t.app.pictures.thread?.warm();
    const warm = await t.app.inject({ url: '/healthz' });
    expect(warm.json()).toEqual({ status: 'ok', warming: [] });
  }, 300_000);

  it('sends a CSP that allows own scripts, blob: media and websockets', async () => {
    const res = await t.app.inject({ url: '/login', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/media-src [^;]*blob:/);
    // The hub's own origin, named (issue 8: no bare ws:/wss:/https:).
    expect(csp).toMatch(/connect-src [^;]*ws:\/\/localhost:80/);
    expect(csp).not.toMatch(/connect-src [^;]*(https:|wss:|ws:)(\s|;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('client and media', () => {
  it('serves index.html for / and for app routes that accept HTML', async () => {
    for (const url of ['/', '/session/abc/watch/?stream=1', '/setting/language']) {
      const res = await t.app.inject({
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves built assets', async () => {
    const res = await t.app.inject({ url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('console.log');
  });

  it('never falls back to the app for /v1, /media, /ws, /uploads, /healthz paths', async () => {
    for (const url of ['/v1/unknown', '/media/none.m3u8', '/uploads/none.png', '/v2/unknown']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('answers a 503 page saying to build when the client is not built', async () => {
    const res = await bare.inject({ url: '/setting', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });

  it('serves HLS playlists, segments and captions with their content types', async () => {
    const playlist = await t.app.inject({ url: '/media/videos/ocean/master.m3u8' });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const segment = await t.app.inject({ url: '/media/videos/ocean/seg0.ts' });
    expect(segment.headers['content-type']).toBe('video/mp2t');
    const vtt = await t.app.inject({ url: '/media/videos/ocean/captions.ja.vtt' });
    expect(vtt.headers['content-type']).toContain('text/vtt');
    expect(vtt.body).toContain('こんにちは');
  });

  it('answers range requests with 206 and the requested bytes', async () => {
    const res = await t.app.inject({
      url: '/media/videos/ocean/seg0.ts',
      headers: { range: 'bytes=100-199' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.rawPayload.length).toBe(100);
  });
});

describe('API rate limit', () => {
  it('gives each signed-in user a budget of their own behind one school address', async () => {
    const t = await createTestApp();
    try {
      const small = await t.withEnv({ RATE_LIMIT_PER_MINUTE: '3' });
      const a = (await t.login('student01')).token;
      const b = (await t.login('student02')).token;
      const me = (token?: string) =>
        small.inject({
          method: 'GET',
          url: '/v1/me',
          remoteAddress: '198.51.100.7',
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      const first = [await me(a), await me(a), await me(a), await me(a)].map((r) => r.statusCode);
      expect(first).toEqual([200, 200, 200, 429]);
      // A classmate on the same address is not held back by student01's calls.
      expect((await me(b)).statusCode).toBe(200);
      // Anonymous calls from that address share one budget, and a forged token counts there too.
      const anonymous = [await me(), await me('forged'), await me(), await me()].map(
        (r) => r.statusCode,
      );
      expect(anonymous).toEqual([401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});
