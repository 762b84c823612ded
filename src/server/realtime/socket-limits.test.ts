import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE, encodeClientMessage } from '../../contracts/realtime';
import { StreamResponse } from '../../contracts/stream';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';
import { openSocket } from './test-socket';

/**
 * Issue 8, item 15: a socket's messages are budgeted (token bucket) and a flood is not relayed;
 * a follower's status reaches the host at most once per interval, the latest one.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { WS_MESSAGES_PER_SECOND: '5', WS_MESSAGE_BURST: '10', WS_STATUS_INTERVAL_MS: '200' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

async function createRoom(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/stream',
    headers: await t.authHeader('teacher'),
    payload: {
      sessionId: DEMO_IDS.sessions.oceanLive,
      name: 'Busy room',
      lang: 'ja',
      groupIds: [DEMO_IDS.groups.class2a],
      settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return StreamResponse.parse(res.json()).item.id;
}

describe('socket message budget (issue 8, item 15)', () => {
  it("answers a join's clock burst in full", async () => {
    const s = await openSocket(t.app, (await t.login('student16')).token);
    try {
      for (let id = 1; id <= 5; id++) s.send({ type: 'ping', id, clientTime: id });
      for (let id = 1; id <= 5; id++) expect(await s.next()).toMatchObject({ type: 'pong', id });
    } finally {
      await s.close();
    }
  });

  it('drops a flood with a rateLimited error and closes a socket that keeps flooding', async () => {
    const s = await openSocket(t.app, (await t.login('student17')).token);
    const closed = new Promise<number>((r) => s.socket.once('close', (code) => r(code)));
    const frames: string[] = [];
    s.socket.on('message', (d) => frames.push(String(d)));
    const ping = (id: number) => encodeClientMessage({ type: 'ping', id, clientTime: id });
    for (let id = 1; id <= 2000; id++) s.socket.send(ping(id));
    expect(await closed).toBe(WS_CLOSE.rateLimited);
    const pongs = frames.filter((f) => f.includes('"pong"')).length;
    const errors = frames.filter((f) => f.includes('"rateLimited"')).length;
    // The burst of 10 (plus what refilled meanwhile), not 2,000; one error, not one per message.
    expect(pongs).toBeGreaterThanOrEqual(10);
    expect(pongs).toBeLessThan(20);
    expect(errors).toBe(1);
    expect(t.app.realtime.stats().rateLimited).toBeGreaterThan(20);
  });

  it("coalesces a follower's statuses: at most one per interval reaches the host, the latest", async () => {
    const streamId = await createRoom();
    const host = await openSocket(t.app, (await t.login('teacher')).token);
    const pupil = await openSocket(t.app, (await t.login('student18')).token);
    try {
      for (const s of [host, pupil]) {
        s.send({ type: 'subscribe', streamId });
        await s.nextOf('snapshot');
      }
      for (let position = 1; position <= 8; position++) {
        pupil.send({ type: 'status', streamId, driftMs: position, buffering: false, position });
      }
      const first = await host.nextOf('participantStatus');
      expect(first).toMatchObject({ userId: pupil.userId, position: 1 });
      const second = await host.nextOf('participantStatus', 1000);
      // The latest report of the interval, not the next in line.
      expect(second).toMatchObject({ userId: pupil.userId, position: 8 });
      expect(await host.silentFor(450)).toBe(true);
    } finally {
      await Promise.all([host.close(), pupil.close()]);
    }
  });
});
