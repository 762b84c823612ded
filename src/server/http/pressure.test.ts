import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { isSheddable, registerPressureRelief, type PressureLimits } from './pressure';

const LIMITS: PressureLimits = {
  maxEventLoopDelayMs: 100,
  maxInFlight: 2,
  maxQueueMs: 60_000,
  maxHeapUsedBytes: 0,
  retryAfterS: 3,
};

/**
 * A server with one API call that waits until told, and the paths that are never shed; `queue`
 * stands for the database's connection queue.
 */
async function serverWith(limits: PressureLimits, queue = { longestWaitMs: () => 0 }) {
  const app = Fastify();
  await registerPressureRelief(app, limits, queue);
  const held: Array<() => void> = [];
  app.get('/v1/slow', () => new Promise<string>((resolve) => held.push(() => resolve('slow'))));
  app.get('/v1/fast', async () => ({ ok: true }));
  app.get('/v1/realtime', async () => ({ ok: true }));
  app.get('/ws/poll', async () => 'poll');
  app.get('/media/a.ts', async () => 'segment');
  app.get('/healthz', async () => 'ok');
  app.get('/', async () => 'index');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, base, held };
}

const statusOf = async (url: string) => (await fetch(url)).status;

describe('load shedding (issue 30)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('sheds only the API: never the room, media, the app or the health check', () => {
    for (const url of [
      '/v1/me',
      '/v0/articles?pageSize=3',
      '/v2/auth',
      '/v1',
      '/v1/stream/r1',
      '/v1/stream/r1/comments-paused',
      '/v1/stream/r1/playlist',
    ])
      expect(isSheddable(url)).toBe(true);
    for (const url of [
      '/v1/realtime',
      '/v1/realtime/poll?x=1',
      // The host's commands to a room in progress.
      '/v1/stream/r1/pause',
      '/v1/stream/r1/rateChange',
      '/v1/stream/abc-123/ping?x=1',
      '/ws',
      '/ws/poll',
      '/media/x/720p.ts',
      '/healthz',
      '/',
      '/assets/index.js',
      '/v10/x',
    ])
      expect(isSheddable(url)).toBe(false);
  });

  it('answers 503 with Retry-After once too many API calls are in the building, and serves again when they end', async () => {
    const server = await serverWith(LIMITS);
    app = server.app;
    const slow = [fetch(`${server.base}/v1/slow`), fetch(`${server.base}/v1/slow`)];
    while (server.held.length < 2) await new Promise((r) => setTimeout(r, 5));

    const shed = await fetch(`${server.base}/v1/fast`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('3');
    expect(await shed.json()).toEqual({
      error: { code: 'serverBusy', message: 'The server is busy; try again shortly' },
    });
    // The lesson and the app go on meanwhile.
    for (const path of ['/v1/realtime', '/ws/poll', '/media/a.ts', '/healthz', '/'])
      expect(await statusOf(`${server.base}${path}`)).toBe(200);

    for (const release of server.held) release();
    await Promise.all(slow);
    expect(await statusOf(`${server.base}/v1/fast`)).toBe(200);
  });

  it('answers 503 once a query has waited too long for the database, and serves again when the queue clears', async () => {
    const queue = { waitMs: 0, longestWaitMs: () => queue.waitMs };
    const server = await serverWith({ ...LIMITS, maxInFlight: 1000, maxQueueMs: 200 }, queue);
    app = server.app;
    queue.waitMs = 150;
    expect(await statusOf(`${server.base}/v1/fast`)).toBe(200);
    queue.waitMs = 300;
    const shed = await fetch(`${server.base}/v1/fast`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('3');
    expect(await statusOf(`${server.base}/ws/poll`)).toBe(200);
    queue.waitMs = 0;
    expect(await statusOf(`${server.base}/v1/fast`)).toBe(200);
  });

  it('does not shed the school while one call is slow for reasons outside the server (a photo on a slow line)', async () => {
    const server = await serverWith({ ...LIMITS, maxInFlight: 1000, maxQueueMs: 200 });
    app = server.app;
    const slow = fetch(`${server.base}/v1/slow`);
    while (server.held.length < 1) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 400));
    expect(await statusOf(`${server.base}/v1/fast`)).toBe(200);
    server.held[0]!();
    await slow;
  });

  it('answers 503 while the event loop lags, and serves again once it keeps up', async () => {
    const server = await serverWith({ ...LIMITS, maxInFlight: 1000 });
    app = server.app;
    expect(await statusOf(`${server.base}/v1/fast`)).toBe(200);
    // A loop that stays behind: 150 ms of work in every turn for a second, as under a queue.
    await new Promise<void>((done) => {
      const end = Date.now() + 1000;
      const turn = () => {
        const until = Date.now() + 150;
        while (Date.now() < until) {
          // busy
        }
        if (Date.now() < end) setImmediate(turn);
        else done();
      };
      turn();
    });
    expect(await statusOf(`${server.base}/v1/fast`)).toBe(503);
    expect(await statusOf(`${server.base}/media/a.ts`)).toBe(200);

    const deadline = Date.now() + 5000;
    let status = 503;
    while (status === 503 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      status = await statusOf(`${server.base}/v1/fast`);
    }
    expect(status).toBe(200);
  });

  it('is part of the real app, with the limits from the environment', async () => {
    const t = await createTestApp({ seed: 'none', env: { PRESSURE_MAX_IN_FLIGHT: '7' } });
    try {
      expect(t.config.pressure.maxInFlight).toBe(7);
      expect(typeof t.app.isUnderPressure).toBe('function');
      expect(t.app.isUnderPressure()).toBe(false);
    } finally {
      await t.close();
    }
  });
});
