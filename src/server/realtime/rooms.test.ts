import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomEvent } from '../../contracts/stream';
import { StreamCommandResponse, StreamResponse } from '../../contracts/stream';
import { initialRoomModel, reduceRoom } from '../../engine/reducer';
import { DEMO_IDS } from '../seed/demo';
import { loadEvents } from '../streams/repository';
import { createTestApp, type TestApp } from '../testing/test-app';
import { openSocket, type TestSocket } from './test-socket';

let t: TestApp;
let teacher: { authorization: string };
let teacherToken: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  teacherToken = (await t.login('teacher')).token;
  teacher = { authorization: `Bearer ${teacherToken}` };
});
afterAll(async () => {
  await t.close();
});

async function createRoom(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/stream',
    headers: teacher,
    payload: {
      sessionId: DEMO_IDS.sessions.oceanLive,
      name: 'Sync room',
      lang: 'ja',
      groupIds: [DEMO_IDS.groups.class2a],
      settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return StreamResponse.parse(res.json()).item.id;
}

let position = 0;
/** Sends one host command; returns the stored event. */
async function host(streamId: string, kind: 'play' | 'pause' | 'skip' | 'rateChange' = 'skip') {
  position += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/stream/${streamId}/${kind}`,
    headers: teacher,
    payload: {
      action: kind,
      status: kind === 'pause' ? 'paused' : 'playing',
      timeInVideo: position,
      playbackRate: kind === 'rateChange' ? 1.5 : 1,
      updatedAt: Date.now() + 300,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return StreamCommandResponse.parse(res.json()).item;
}

async function socketOf(account: string): Promise<TestSocket> {
  return openSocket(t.app, (await t.login(account)).token);
}

/** Collects `events` frames of a stream until `count` events arrived. */
async function collectEvents(s: TestSocket, streamId: string, count: number): Promise<RoomEvent[]> {
  const out: RoomEvent[] = [];
  while (out.length < count) {
    const m = await s.nextOf('events');
    if (m.streamId === streamId) out.push(...m.events);
  }
  return out;
}

describe('room subscriptions', () => {
  it("delivers the host's commands to a subscribed socket, in order with increasing seq", async () => {
    const streamId = await createRoom();
    const s = await socketOf('student01');
    try {
      s.send({ type: 'subscribe', streamId });
      const first = await s.nextOf('snapshot');
      expect(first.snapshot).toMatchObject({ streamId, seq: 0 });
      const sent = [await host(streamId, 'play'), await host(streamId, 'skip')];
      sent.push(await host(streamId, 'rateChange'), await host(streamId, 'pause'));
      const got = await collectEvents(s, streamId, 4);
      expect(got).toEqual(sent);
      expect(got.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    } finally {
      await s.close();
    }
  });

  it('a reconnect with sinceSeq receives exactly the missed events, no more, no fewer', async () => {
    const streamId = await createRoom();
    const before = [await host(streamId), await host(streamId), await host(streamId)];
    const first = await socketOf('student02');
    first.send({ type: 'subscribe', streamId });
    expect((await first.nextOf('snapshot')).snapshot.seq).toBe(3);
    await first.close();

    const missed = [await host(streamId), await host(streamId)];
    const again = await socketOf('student02');
    try {
      again.send({ type: 'subscribe', streamId, sinceSeq: before[2]!.seq });
      const catchUp = await again.next();
      expect(catchUp).toEqual({ v: 2, type: 'events', streamId, events: missed });
      // Then live events continue from there.
      const live = await host(streamId);
      expect(await again.nextOf('events')).toMatchObject({ events: [live] });
      // Up to date already: an empty batch, no snapshot.
      again.send({ type: 'subscribe', streamId, sinceSeq: live.seq });
      expect(await again.next()).toEqual({ v: 2, type: 'events', streamId, events: [] });
    } finally {
      await again.close();
    }
  });

  it("gives a late joiner a snapshot equal to the engine's reducer over the whole log", async () => {
    const streamId = await createRoom();
    await host(streamId, 'play');
    await host(streamId, 'skip');
    const chapter = await t.app.inject({
      method: 'POST',
      url: `/v1/stream/${streamId}/chapter`,
      headers: teacher,
      payload: {
        action: 'chapter',
        status: 'playing',
        timeInVideo: 10,
        playbackRate: 1,
        updatedAt: Date.now() + 300,
        timedAction: { start: 10, end: 20, action: 'chapter', params: { name: 'Part 2' } },
        active: true,
      },
    });
    expect(chapter.statusCode, chapter.body).toBe(200);
    const join = await t.app.inject({
      method: 'POST',
      url: `/v1/session/${DEMO_IDS.sessions.oceanLive}/join`,
      headers: await t.authHeader('student03'),
      payload: { streamId },
    });
    expect(join.statusCode, join.body).toBe(200);
    await host(streamId, 'rateChange');

    const late = await socketOf('student04');
    try {
      late.send({ type: 'subscribe', streamId });
      const { snapshot } = await late.nextOf('snapshot');
      const log = await loadEvents(t.db, streamId);
      const folded = log.reduce(reduceRoom, initialRoomModel(streamId));
      expect(snapshot.seq).toBe(log.length);
      expect(snapshot.model).toEqual(folded);
      expect(snapshot.model.chapter?.timedAction.params.name).toBe('Part 2');
      expect(Object.keys(snapshot.model.participants)).toHaveLength(1);
      expect(snapshot.model.playback.playbackRate).toBe(1.5);
    } finally {
      await late.close();
    }
  });

  it('answers a malformed message with an error and the same socket still answers a ping', async () => {
    const streamId = await createRoom();
    const s = await socketOf('student05');
    try {
      s.send({ type: 'subscribe', streamId });
      await s.nextOf('snapshot');
      s.socket.send('{"v":2,"type":"subscribe","streamId":');
      expect(await s.next()).toMatchObject({ type: 'error', code: 'badMessage' });
      s.socket.send(JSON.stringify({ v: 2, type: 'subscribe' }));
      expect(await s.next()).toMatchObject({ type: 'error', code: 'badMessage', ref: 'subscribe' });
      s.send({ type: 'ping', id: 42, clientTime: 1 });
      expect(await s.next()).toMatchObject({ type: 'pong', id: 42 });
      // And it still follows the room.
      const e = await host(streamId);
      expect(await s.nextOf('events')).toMatchObject({ events: [e] });
    } finally {
      await s.close();
    }
  });

  it("answers another school's user exactly as for a room that does not exist (issue 8)", async () => {
    const streamId = await createRoom();
    const outsider = await socketOf('sakura01');
    try {
      outsider.send({ type: 'subscribe', streamId });
      const real = (await outsider.next()) as { ref?: string };
      expect(real).toMatchObject({ type: 'error', code: 'notFound', ref: streamId });
      outsider.send({ type: 'subscribe', streamId: 'no-such-room' });
      const madeUp = (await outsider.next()) as { ref?: string };
      // Same code and message: only the echoed ref (the id the caller sent) differs.
      expect({ ...real, ref: undefined }).toEqual({ ...madeUp, ref: undefined });
      await host(streamId);
      expect(await outsider.silentFor(200)).toBe(true);
    } finally {
      await outsider.close();
    }
  });

  it("relays a follower's status to the host only", async () => {
    const streamId = await createRoom();
    const hostSocket = await openSocket(t.app, teacherToken);
    const a = await socketOf('student06');
    const b = await socketOf('student07');
    try {
      for (const s of [hostSocket, a, b]) {
        s.send({ type: 'subscribe', streamId });
        await s.nextOf('snapshot');
      }
      a.send({ type: 'status', streamId, driftMs: 35, buffering: true, position: 12.5 });
      const report = await hostSocket.nextOf('participantStatus');
      expect(report).toMatchObject({ streamId, userId: a.userId, driftMs: 35, buffering: true });
      expect(await b.silentFor(200)).toBe(true);
      // Not subscribed: refused.
      b.send({ type: 'status', streamId: 'elsewhere', driftMs: 0, buffering: false, position: 0 });
      expect(await b.next()).toMatchObject({ type: 'error', code: 'forbidden' });
    } finally {
      await Promise.all([hostSocket.close(), a.close(), b.close()]);
    }
  });

  it('serialises each event once per room: every socket gets the identical frame', async () => {
    const streamId = await createRoom();
    const sockets = await Promise.all(
      ['student08', 'student09', 'student10'].map((a) => socketOf(a)),
    );
    const raw: string[] = [];
    try {
      for (const s of sockets) {
        s.send({ type: 'subscribe', streamId });
        await s.nextOf('snapshot');
      }
      const frames = sockets.map(
        (s) =>
          new Promise<string>((resolve) =>
            s.socket.once('message', (d) => resolve(Buffer.from(d as Buffer).toString('utf8'))),
          ),
      );
      await host(streamId);
      raw.push(...(await Promise.all(frames)));
      expect(new Set(raw).size).toBe(1);
    } finally {
      await Promise.all(sockets.map((s) => s.close()));
    }
  });
});

describe('hub limits', () => {
  it('drops a socket whose send buffer exceeds the limit with close code 4013', () => {
    const closed: Array<[number, string]> = [];
    const fake = {
      readyState: 1,
      OPEN: 1,
      bufferedAmount: 2 * 1024 * 1024,
      send: () => {
        throw new Error('must not grow the buffer');
      },
      close: (code: number, reason: string) => closed.push([code, reason]),
      terminate: () => undefined,
    };
    const connection = {
      socket: fake as never,
      auth: {} as never,
      alive: true,
      dropping: false,
      expiresAt: Number.POSITIVE_INFINITY,
      bucket: { tokens: 60, strikes: 0, at: Date.now(), lastErrorAt: 0 },
    };
    const before = t.app.realtime.stats().droppedOverloaded;
    t.app.realtime.sendEncoded(connection, Buffer.from('{}'));
    t.app.realtime.sendEncoded(connection, Buffer.from('{}'));
    expect(closed).toEqual([[4013, 'overloaded']]);
    expect(t.app.realtime.stats().droppedOverloaded).toBe(before + 1);
  });
});
