import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_CLOSE } from '../../contracts/realtime';
import { StreamResponse } from '../../contracts/stream';
import { buildApp } from '../app';
import { DEMO_IDS } from '../seed/demo';
import { DEMO_PASSWORDS } from '../seed/accounts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { openSocket, wsBase, type TestSocket } from './test-socket';

/**
 * Issue 8, items 9 and 10: an open socket stops receiving a room's events once its sign-in ends
 * (logout, password change elsewhere, token expiry without renewal) and is closed with
 * WS_CLOSE.signedOut; the access token travels in the first message, never in the URL.
 */

let t: TestApp;

beforeAll(async () => {
  // A 100 ms sweep instead of 30 s.
  t = await createTestApp({ env: { WS_AUTH_CHECK_MS: '100' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

async function createRoom(a: TestApp = t): Promise<string> {
  const res = await a.app.inject({
    method: 'POST',
    url: '/v1/stream',
    headers: await a.authHeader('teacher'),
    payload: {
      sessionId: DEMO_IDS.sessions.oceanLive,
      name: 'Sign-in room',
      lang: 'ja',
      groupIds: [DEMO_IDS.groups.class2a],
      settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return StreamResponse.parse(res.json()).item.id;
}

async function skip(streamId: string, timeInVideo: number, a: TestApp = t): Promise<void> {
  const res = await a.app.inject({
    method: 'POST',
    url: `/v1/stream/${streamId}/skip`,
    headers: await a.authHeader('teacher'),
    payload: {
      action: 'skip',
      status: 'playing',
      timeInVideo,
      playbackRate: 1,
      updatedAt: Date.now() + 300,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Each socket's close code, recorded from the moment it opened. */
const closeCodes = new WeakMap<TestSocket, Promise<number>>();
const closeCode = (s: TestSocket): Promise<number> => {
  let p = closeCodes.get(s);
  if (!p) {
    p = new Promise<number>((resolve) => s.socket.once('close', (code) => resolve(code)));
    closeCodes.set(s, p);
  }
  return p;
};

/** A subscribed socket that has seen one live event (so the feed is proven to work). */
async function subscribed(token: string, streamId: string, a: TestApp = t): Promise<TestSocket> {
  const s = await openSocket(a.app, token);
  void closeCode(s);
  s.send({ type: 'subscribe', streamId });
  await s.nextOf('snapshot');
  return s;
}

/** After the sign-in ended: the socket closes with signedOut and never gets the next event. */
async function expectSignedOut(s: TestSocket, streamId: string, a: TestApp = t): Promise<void> {
  const closed = closeCode(s);
  expect(await closed).toBe(WS_CLOSE.signedOut);
  await skip(streamId, 42, a);
  const frames: string[] = [];
  s.socket.on('message', (d) => frames.push(String(d)));
  await new Promise((r) => setTimeout(r, 150));
  expect(frames.filter((f) => f.includes('"events"'))).toEqual([]);
}

describe('socket sign-in (issue 8, item 9)', () => {
  it('closes a subscribed socket with the signed-out code after logout', async () => {
    const streamId = await createRoom();
    const pair = await t.login('student11');
    const s = await subscribed(pair.token, streamId);
    await skip(streamId, 1);
    expect(await s.nextOf('events')).toMatchObject({ streamId });
    const closed = closeCode(s);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { refreshToken: pair.refreshToken },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await s.nextOf('error')).toMatchObject({ code: 'unauthorized' });
    expect(await closed).toBe(WS_CLOSE.signedOut);
    await expectSignedOut(s, streamId);
  });

  it('closes the sockets of other sign-ins when the password changes', async () => {
    const streamId = await createRoom();
    const elsewhere = await t.login('student12');
    const s = await subscribed(elsewhere.token, streamId);
    const here = await t.login('student12');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v1/user/${s.userId}`,
      headers: { authorization: `Bearer ${here.token}` },
      payload: { oldPassword: DEMO_PASSWORDS.student, password: 'Kz7#mq2Lw9!xVt4p-new' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectSignedOut(s, streamId);
  });

  it('closes a socket whose access token expired without a fresh auth', async () => {
    // A 2 s access token (its exp is rounded down to the second: 1–2 s left) and a 100 ms sweep.
    const short = await createTestApp({
      env: { ACCESS_TOKEN_TTL_S: '2', WS_AUTH_CHECK_MS: '100' },
    });
    try {
      await short.app.listen({ port: 0, host: '127.0.0.1' });
      const streamId = await createRoom(short);
      const s = await subscribed((await short.login('student13')).token, streamId, short);
      const started = Date.now();
      await expectSignedOut(s, streamId, short);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await short.close();
    }
  });

  it('re-checks the sign-in on subscribe, before the sweep', async () => {
    const slow = await createTestApp({ env: { WS_AUTH_CHECK_MS: '3600000' } });
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const pair = await slow.login('student14');
      const s = await openSocket(slow.app, pair.token);
      const closed = closeCode(s);
      await slow.app.inject({
        method: 'POST',
        url: '/v1/auth/logout',
        payload: { refreshToken: pair.refreshToken },
      });
      s.send({ type: 'subscribeStreams' });
      expect(await s.nextOf('error')).toMatchObject({ code: 'unauthorized' });
      expect(await closed).toBe(WS_CLOSE.signedOut);
    } finally {
      await slow.close();
    }
  });
});

describe('socket token out of the URL (issue 8, item 10)', () => {
  it('refuses a token in the /ws URL and authenticates with the first message', async () => {
    const { token } = await t.login('student15');
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${wsBase(t.app)}/ws?token=${encodeURIComponent(token)}`);
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => resolve(101));
      ws.once('error', reject);
    });
    expect(status).toBe(400);
    const s = await openSocket(t.app, token);
    expect(s.userId).toBeTruthy();
    await s.close();
  });

  it('never writes a token from a URL into the server log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await buildApp({
      config: { ...t.config, logLevel: 'info' },
      db: t.db,
      logStream: stream,
    });
    try {
      const secret = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.c2lnbmF0dXJl';
      for (const url of [
        `/ws?token=${secret}`,
        `/v1/me?token=${secret}&x=1`,
        `/nope?a=1&token=${secret}`,
      ]) {
        await logged.inject({ method: 'GET', url });
      }
      const text = lines.join('');
      expect(text).toContain('/v1/me?token=[redacted]&x=1');
      expect(text).not.toContain(secret);
      expect(text).not.toContain('c2VjcmV0LXRva2Vu');
    } finally {
      await logged.close();
    }
  });
});
