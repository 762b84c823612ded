import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../contracts/realtime';
import { StreamCommandResponse, StreamResponse } from '../../contracts/stream';
import { DEMO_IDS } from '../seed/demo';
import { StreamSequencer } from '../streams/sequencer';
import { createTestApp, type TestApp } from '../testing/test-app';
import { MemoryRoomBus } from './bus';
import { openSocket } from './test-socket';

// The room heartbeat at 200 ms: one app, the in-process bus. An event appended by "another
// instance" whose bus message never arrived (a sequencer with a bus of its own) must still
// reach the room's sockets, and a quiet room's sockets hear its head seq.

let t: TestApp;
let teacher: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ env: { ROOM_HEAD_INTERVAL_MS: '200' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  teacher = await t.authHeader('teacher');
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
      name: 'Heartbeat room',
      lang: 'ja',
      groupIds: [DEMO_IDS.groups.class2a],
      settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
    },
  });
  return StreamResponse.parse(res.json()).item.id;
}

describe('the room heartbeat', () => {
  it('tells every socket of a quiet room its head seq', async () => {
    const streamId = await createRoom();
    const s = await openSocket(t.app, (await t.login('student01')).token);
    try {
      s.send({ type: 'subscribe', streamId });
      expect((await s.nextOf('snapshot')).snapshot.seq).toBe(0);
      expect(await s.nextOf('head')).toEqual({
        v: PROTOCOL_VERSION,
        type: 'head',
        streamId,
        seq: 0,
      });
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
      expect((await s.nextOf('events')).events).toEqual([stored]);
      expect(await s.nextOf('head')).toEqual({
        v: PROTOCOL_VERSION,
        type: 'head',
        streamId,
        seq: stored.seq,
      });
    } finally {
      await s.close();
    }
  });

  it('delivers an event whose bus message was lost, read back from the log, then its head', async () => {
    const streamId = await createRoom();
    const s = await openSocket(t.app, (await t.login('student02')).token);
    try {
      s.send({ type: 'subscribe', streamId });
      await s.nextOf('snapshot');
      // Another instance appends, and its publish never reaches this one.
      const elsewhere = new StreamSequencer(t.db, new MemoryRoomBus());
      const [lost] = await elsewhere.append(streamId, (head, seq) => [
        {
          streamId,
          seq,
          type: 'pause',
          serverTime: Date.now(),
          effectiveAt: Date.now(),
          payload: {
            userId: head!.hostUserId,
            status: 'paused',
            timeInVideo: 12,
            playbackRate: 1,
          },
        },
      ]);
      expect((await s.nextOf('events')).events).toEqual([lost]);
      expect(await s.nextOf('head')).toEqual({
        v: PROTOCOL_VERSION,
        type: 'head',
        streamId,
        seq: 1,
      });
      expect(t.app.roomHub.stats().caughtUp).toBeGreaterThanOrEqual(1);
    } finally {
      await s.close();
    }
  });
});
