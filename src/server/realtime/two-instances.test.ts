import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerMessage } from '../../contracts/realtime';
import { StreamCommandResponse, StreamResponse } from '../../contracts/stream';
import type { App } from '../http/app-type';
import { DEMO_IDS } from '../seed/demo';
import {
  redisServerMissing,
  startPrivateRedis,
  startTcpRelay,
  type PrivateRedis,
  type TcpRelay,
} from '../testing/redis-server';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { RedisRoomBus } from './redis-bus';
import { openSocket, type TestSocket } from './test-socket';

// Two app instances on one database, sharing rooms through a private redis-server this test
// starts (and restarts). Instance B reaches Redis through a relay the test can cut (a blip).
// The room heartbeat is set far beyond the test's length, so what recovers the rooms here is
// the bus reconnect alone (the heartbeat has its own test in rooms-heartbeat.test.ts).

const missing = redisServerMissing();
if (missing) console.warn(`two-instances.test: skipped: ${missing}`);

/** A student's socket with every seq it was sent, in arrival order. */
interface Follower {
  socket: TestSocket;
  seqs: number[];
}

describe.skipIf(missing !== null)('two app instances on one database and a real Redis', () => {
  let redis: PrivateRedis;
  let relay: TcpRelay;
  let t: TestApp;
  let a: App;
  let b: App;
  let teacher: { authorization: string };
  let streamId: string;
  const sent: number[] = [];
  const followers: Follower[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    relay = await startTcpRelay(redis.port);
    t = await createTestApp({ env: { REDIS_URL: redis.url, ROOM_HEAD_INTERVAL_MS: '600000' } });
    a = t.app;
    b = await t.withEnv({ REDIS_URL: relay.url });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
    await Promise.all([(a.roomBus as RedisRoomBus).ready(), (b.roomBus as RedisRoomBus).ready()]);
    teacher = await t.authHeader('teacher');
    const created = await a.inject({
      method: 'POST',
      url: '/v1/stream',
      headers: teacher,
      payload: {
        sessionId: DEMO_IDS.sessions.oceanLive,
        name: 'Two instances',
        lang: 'ja',
        groupIds: [DEMO_IDS.groups.class2a],
        settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
      },
    });
    streamId = StreamResponse.parse(created.json()).item.id;
    const on: Array<[App, string]> = [
      [a, 'student01'],
      [a, 'student02'],
      [b, 'student03'],
      [b, 'student04'],
    ];
    for (const [app, account] of on) {
      const socket = await openSocket(app, (await t.login(account)).token);
      const follower: Follower = { socket, seqs: [] };
      socket.socket.on('message', (data: Buffer) => {
        const parsed = parseServerMessage(data.toString('utf8'));
        if (parsed.ok && parsed.message.type === 'events') {
          for (const e of parsed.message.events) follower.seqs.push(e.seq);
        }
      });
      socket.send({ type: 'subscribe', streamId, sinceSeq: 0 });
      followers.push(follower);
    }
    // Every socket is in the room once each has had its (empty) catch-up batch.
    for (const f of followers) await f.socket.nextOf('events');
  }, 30_000);

  afterAll(async () => {
    for (const f of followers) await f.socket.close();
    await t?.close();
    await relay?.close();
    await redis?.stop();
  });

  /** A host command posted to instance A; its seq is remembered. */
  const command = async (i: number) => {
    const playing = i % 2 === 0;
    const res = await a.inject({
      method: 'POST',
      url: `/v1/stream/${streamId}/${playing ? 'play' : 'pause'}`,
      headers: teacher,
      payload: {
        action: playing ? 'play' : 'pause',
        status: playing ? 'playing' : 'paused',
        timeInVideo: i,
        playbackRate: 1,
        updatedAt: Date.now() + 300,
      },
    });
    expect(res.statusCode).toBe(200);
    sent.push(StreamCommandResponse.parse(res.json()).item.seq);
  };

  /** Every follower holds exactly the seqs sent so far: in order, none missing, none twice. */
  const everyoneHasEverything = async () => {
    const expected = [...sent];
    await expect
      .poll(() => followers.map((f) => f.seqs.length), { timeout: 15_000 })
      .toEqual(followers.map(() => expected.length));
    for (const f of followers) expect(f.seqs).toEqual(expected);
  };

  it('delivers host commands posted to one instance to the sockets of both', async () => {
    for (let i = 0; i < 5; i++) await command(i);
    expect(sent).toEqual([1, 2, 3, 4, 5]);
    await everyoneHasEverything();
  });

  it('keeps every seq through a Redis restart mid-lesson: no gap, no duplicate, on both instances', async () => {
    const busA = a.roomBus as RedisRoomBus;
    const busB = b.roomBus as RedisRoomBus;
    const before = { a: busA.stats().reconnects, b: busB.stats().reconnects };
    for (let i = 5; i < 8; i++) await command(i);
    await redis.stop();
    // Commands while Redis is down are stored and answered at once.
    for (let i = 8; i < 12; i++) await command(i);
    // The sockets of the instance the host posts to never wait for Redis.
    await expect
      .poll(() => followers.slice(0, 2).every((f) => f.seqs.length === sent.length), {
        timeout: 5000,
      })
      .toBe(true);
    await redis.start();
    await expect.poll(() => busB.stats().reconnects, { timeout: 15_000 }).toBe(before.b + 1);
    await expect.poll(() => busA.stats().reconnects, { timeout: 15_000 }).toBe(before.a + 1);
    for (let i = 12; i < 15; i++) await command(i);
    await everyoneHasEverything();
    expect(b.roomHub.stats().reconnectCatchUps).toBeGreaterThan(0);
  });

  it('keeps every seq through a blip between one instance and Redis', async () => {
    const busB = b.roomBus as RedisRoomBus;
    const before = busB.stats().reconnects;
    await command(15);
    relay.cut();
    for (let i = 16; i < 20; i++) await command(i);
    relay.restore();
    await expect.poll(() => busB.stats().reconnects, { timeout: 15_000 }).toBe(before + 1);
    await everyoneHasEverything();
    // A quiet room after the blip: the last command is not followed by another, and still
    // reached instance B's sockets.
    expect(followers[3]!.seqs.at(-1)).toBe(sent.at(-1));
  });

  it('a socket that reconnects to the other instance resumes with sinceSeq, without gap or duplicate', async () => {
    const moved = followers[0]!;
    await moved.socket.close();
    for (let i = 20; i < 23; i++) await command(i);
    const socket = await openSocket(b, (await t.login('student01')).token);
    const follower: Follower = { socket, seqs: [...moved.seqs] };
    socket.socket.on('message', (data: Buffer) => {
      const parsed = parseServerMessage(data.toString('utf8'));
      if (parsed.ok && parsed.message.type === 'events') {
        for (const e of parsed.message.events) follower.seqs.push(e.seq);
      }
    });
    socket.send({ type: 'subscribe', streamId, sinceSeq: moved.seqs.at(-1) });
    followers[0] = follower;
    await command(23);
    await everyoneHasEverything();
  });
});
