import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseServerMessage, type ServerMessage } from '../../contracts/realtime';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `ws://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t.close();
});

interface Client {
  socket: WebSocket;
  next(): Promise<ServerMessage>;
}

/** Opens a socket and queues every parsed frame; or resolves with the status of a refused upgrade. */
function connect(url: string): Promise<Client | { status: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const queue: ServerMessage[] = [];
    const waiting: Array<(m: ServerMessage) => void> = [];
    socket.on('message', (data) => {
      const parsed = parseServerMessage(data.toString());
      if (!parsed.ok) throw new Error(`server sent an invalid frame: ${parsed.error.message}`);
      const w = waiting.shift();
      if (w) w(parsed.message);
      else queue.push(parsed.message);
    });
    const next = () =>
      new Promise<ServerMessage>((r) => {
        const m = queue.shift();
        if (m) r(m);
        else waiting.push(r);
      });
    socket.once('open', () => resolve({ socket, next }));
    socket.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    socket.once('error', reject);
  });
}

async function open(account: string): Promise<Client & { userId: string; token: string }> {
  const { token } = await t.login(account);
  const c = await connect(`${base}/ws`);
  if (!('socket' in c)) throw new Error(`refused with ${c.status}`);
  c.socket.send(JSON.stringify({ v: 2, type: 'auth', token }));
  const ready = await c.next();
  if (ready.type !== 'ready') throw new Error(`expected ready, got ${ready.type}`);
  return { ...c, userId: ready.userId, token };
}

describe('/ws', () => {
  it('greets with ready and answers a ping with a pong carrying the server time', async () => {
    const c = await open('student01');
    try {
      const before = Date.now();
      c.socket.send(JSON.stringify({ v: 2, type: 'ping', id: 7, clientTime: 12345 }));
      const pong = await c.next();
      expect(pong).toMatchObject({ v: 2, type: 'pong', id: 7, clientTime: 12345 });
      if (pong.type !== 'pong') throw new Error('not a pong');
      expect(pong.serverTime).toBeGreaterThanOrEqual(before - 1);
      expect(pong.serverTime).toBeLessThanOrEqual(Date.now() + 1);
    } finally {
      c.socket.close();
    }
  });

  it('answers malformed, unknown and wrong-version frames with a badMessage error and stays open', async () => {
    const c = await open('student02');
    try {
      for (const frame of [
        '{not json',
        JSON.stringify({ v: 2, type: 'dance' }),
        // After the handshake another version is a bad message (the version was agreed).
        JSON.stringify({ v: 9, type: 'ping', id: 1, clientTime: 1 }),
      ]) {
        c.socket.send(frame);
        expect(await c.next()).toMatchObject({ type: 'error', code: 'badMessage' });
      }
      c.socket.send(JSON.stringify({ v: 2, type: 'ping', id: 2, clientTime: 0 }));
      expect(await c.next()).toMatchObject({ type: 'pong', id: 2 });
    } finally {
      c.socket.close();
    }
  });

  it('re-authenticates with an auth message, and closes on a token of another user', async () => {
    const c = await open('student03');
    try {
      const fresh = await t.login('student03');
      c.socket.send(JSON.stringify({ v: 2, type: 'auth', token: fresh.token }));
      expect(await c.next()).toMatchObject({ type: 'ready', userId: c.userId });
      const closed = new Promise<number>((r) => c.socket.once('close', (code) => r(code)));
      const other = await t.login('student04');
      c.socket.send(JSON.stringify({ v: 2, type: 'auth', token: other.token }));
      expect(await c.next()).toMatchObject({ type: 'error', code: 'unauthorized' });
      expect(await closed).toBe(4401);
    } finally {
      c.socket.close();
    }
  });

  it('closes a socket whose first message is not a valid auth', async () => {
    for (const first of [
      JSON.stringify({ v: 2, type: 'ping', id: 1, clientTime: 0 }),
      JSON.stringify({ v: 2, type: 'auth', token: 'nope' }),
      '{not json',
    ]) {
      const c = await connect(`${base}/ws`);
      if (!('socket' in c)) throw new Error('refused');
      const closed = new Promise<number>((r) => c.socket.once('close', (code) => r(code)));
      c.socket.send(first);
      expect(await c.next()).toMatchObject({ type: 'error', code: 'unauthorized' });
      expect(await closed).toBe(4401);
    }
  });

  it('answers a handshake in another protocol version with a typed versionMismatch and closes 4426', async () => {
    const { token } = await t.login('student06');
    for (const v of [1, 3]) {
      const c = await connect(`${base}/ws`);
      if (!('socket' in c)) throw new Error('refused');
      const closed = new Promise<number>((r) => c.socket.once('close', (code) => r(code)));
      c.socket.send(JSON.stringify({ v, type: 'auth', token }));
      expect(await c.next()).toMatchObject({
        type: 'error',
        code: 'versionMismatch',
        supported: [2],
      });
      expect(await closed).toBe(4426);
    }
    // The same token in this build's version is welcome, and `ready` names the agreed version.
    const ok = await connect(`${base}/ws`);
    if (!('socket' in ok)) throw new Error('refused');
    ok.socket.send(JSON.stringify({ v: 2, type: 'auth', token }));
    expect(await ok.next()).toMatchObject({ type: 'ready', protocol: 2 });
    ok.socket.close();
  });

  it('refuses the token of a logged-out session', async () => {
    const pair = await t.login('student05');
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { refreshToken: pair.refreshToken },
    });
    const c = await connect(`${base}/ws`);
    if (!('socket' in c)) throw new Error('refused');
    const closed = new Promise<number>((r) => c.socket.once('close', (code) => r(code)));
    c.socket.send(JSON.stringify({ v: 2, type: 'auth', token: pair.token }));
    expect(await c.next()).toMatchObject({ type: 'error', code: 'unauthorized' });
    expect(await closed).toBe(4401);
  });

  it('lets a room module register a handler for another message type', () => {
    expect(() => t.app.realtime.on('ping', () => undefined)).toThrow(/already registered/);
  });
});
