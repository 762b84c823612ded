import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AuthService } from '../auth/service';
import { registerRealtimeHub, type RealtimeHub } from './hub';

// The hub alone on a bare Fastify with a 100 ms heartbeat; any token names one fixed user.
let app: FastifyInstance;
let hub: RealtimeHub;
let url: string;

beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(websocket);
  const auth = {
    fromToken: (token: string) =>
      Promise.resolve(token === 'ok' ? { user: { id: 'u1' }, familyId: 'f1' } : null),
  } as unknown as AuthService;
  hub = await registerRealtimeHub(app, { auth, heartbeatMs: 100 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `ws://127.0.0.1:${address.port}/ws`;
});
afterAll(async () => {
  await app.close();
});

const open = (autoPong: boolean) =>
  new Promise<WebSocket>((resolve, reject) => {
    const s = new WebSocket(url, { autoPong });
    s.once('open', () => {
      s.send(JSON.stringify({ v: 2, type: 'auth', token: 'ok' }));
      resolve(s);
    });
    s.once('error', reject);
  });

describe('hub heartbeat', () => {
  it('terminates a socket that stops answering pings and keeps one that answers', async () => {
    const before = hub.stats().droppedDead;
    const silent = await open(false);
    const healthy = await open(true);
    const closed = new Promise<number>((r) => silent.once('close', (code) => r(code)));
    // Ping at 100 ms, no pong, terminated at the next beat (200 ms): well within a second.
    expect(await closed).toBe(1006);
    expect(hub.stats().droppedDead).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(healthy.readyState).toBe(WebSocket.OPEN);
    healthy.close();
  });
});
