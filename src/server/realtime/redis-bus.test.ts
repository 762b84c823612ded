import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamCommandResponse, StreamResponse, type RoomEvent } from '../../contracts/stream';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { RoomBusMessage, StreamListBusMessage } from './bus';
import { RedisRoomBus } from './redis-bus';
import { openSocket } from './test-socket';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers at REDIS_URL (the test is skipped, saying so, otherwise). */
async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const s = new Socket();
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(500, () => done(false));
    s.once('error', () => done(false));
    s.connect(Number(port || 6379), hostname, () => done(true));
  });
}

const up = await reachable(REDIS_URL);
if (!up) console.warn(`redis-bus.test: no Redis at ${REDIS_URL}; the Redis bus tests are skipped`);

const event = (streamId: string, seq: number): RoomEvent => ({
  streamId,
  seq,
  type: 'ping',
  serverTime: 1_000 + seq,
  effectiveAt: 1_000 + seq,
  payload: { userId: 'u1', status: 'playing', timeInVideo: seq, playbackRate: 1 },
});

describe.skipIf(!up)('RedisRoomBus (Redis at ' + REDIS_URL + ')', () => {
  let a: RedisRoomBus;
  let b: RedisRoomBus;
  beforeAll(async () => {
    a = new RedisRoomBus({ url: REDIS_URL });
    b = new RedisRoomBus({ url: REDIS_URL });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('carries room events in order from one instance to another, parsed', async () => {
    const streamId = `redis-test-${Date.now()}`;
    const got: RoomBusMessage[] = [];
    const unsubscribe = b.subscribeRoom(streamId, (m) => got.push(m));
    await b.roomSubscribed(streamId);
    for (let seq = 1; seq <= 5; seq++) {
      await a.publishRoom({ type: 'events', streamId, events: [event(streamId, seq)] });
    }
    await expect.poll(() => got.length, { timeout: 2000 }).toBe(5);
    expect(got.flatMap((m) => (m.type === 'events' ? m.events.map((e) => e.seq) : []))).toEqual([
      1, 2, 3, 4, 5,
    ]);
    unsubscribe();
    await a.publishRoom({ type: 'events', streamId, events: [event(streamId, 6)] });
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toHaveLength(5);
  });

  it('carries stream list changes', async () => {
    const got: StreamListBusMessage[] = [];
    b.subscribeStreamList((m) => got.push(m));
    await new Promise((r) => setTimeout(r, 100));
    const stream = {
      id: 's1',
      sessionId: 'x',
      name: 'Room',
      lang: 'ja' as const,
      hostUserId: 'h',
      groupIds: ['g'],
      isDeleted: false,
      createdAt: 1,
      updatedAt: 1,
      settings: { startTime: 1, participantVideoVisiblity: true, videoQuality: 'low' as const },
    };
    await a.publishStreamList({ stream, previousGroupIds: [] });
    await expect.poll(() => got.length, { timeout: 2000 }).toBe(1);
    expect(got[0]!.stream).toEqual(stream);
  });

  it('runs the app with REDIS_URL: a host command reaches a subscribed socket through Redis', async () => {
    const t: TestApp = await createTestApp({ env: { REDIS_URL } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const teacher = await t.authHeader('teacher');
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/stream',
        headers: teacher,
        payload: {
          sessionId: DEMO_IDS.sessions.oceanLive,
          name: 'Redis room',
          lang: 'ja',
          groupIds: [DEMO_IDS.groups.class2a],
          settings: {
            startTime: Date.now(),
            participantVideoVisiblity: true,
            videoQuality: 'high',
          },
        },
      });
      const streamId = StreamResponse.parse(created.json()).item.id;
      const s = await openSocket(t.app, (await t.login('student01')).token);
      try {
        s.send({ type: 'subscribe', streamId });
        await s.nextOf('snapshot');
        const res = await t.app.inject({
          method: 'POST',
          url: `/v1/stream/${streamId}/play`,
          headers: teacher,
          payload: {
            action: 'play',
            status: 'playing',
            timeInVideo: 0,
            playbackRate: 1,
            updatedAt: Date.now() + 300,
          },
        });
        const stored = StreamCommandResponse.parse(res.json()).item;
        expect(await s.nextOf('events')).toMatchObject({ streamId, events: [stored] });
      } finally {
        await s.close();
      }
    } finally {
      await t.close();
    }
  });
});
