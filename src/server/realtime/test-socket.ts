import WebSocket from 'ws';
import {
  encodeClientMessage,
  parseServerMessage,
  type ClientMessage,
  type ServerMessage,
  type Unversioned,
} from '../../contracts/realtime';
import type { App } from '../http/app-type';

/** A real `ws` client of the hub for server tests: every frame parsed, queued, awaited in order. */
export interface TestSocket {
  socket: WebSocket;
  userId: string;
  send(message: Unversioned<ClientMessage>): void;
  /** The next frame (any type); rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<ServerMessage>;
  /** The next frame of this type, skipping others (they are dropped). */
  nextOf<T extends ServerMessage['type']>(
    type: T,
    timeoutMs?: number,
  ): Promise<Extract<ServerMessage, { type: T }>>;
  /** Resolves true if no frame arrives within `ms`. */
  silentFor(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The ws:// base URL of an app that is listening. */
export function wsBase(app: App): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}`;
}

/** Opens a socket, authenticates it with an `auth` first message and waits for `ready`. */
export async function openSocket(app: App, token: string): Promise<TestSocket> {
  const socket = new WebSocket(`${wsBase(app)}/ws`);
  const queue: ServerMessage[] = [];
  const waiting: Array<(m: ServerMessage) => void> = [];
  socket.on('message', (data) => {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
    const parsed = parseServerMessage(text);
    if (!parsed.ok) throw new Error(`server sent an invalid frame: ${parsed.error.message}`);
    const w = waiting.shift();
    if (w) w(parsed.message);
    else queue.push(parsed.message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      socket.send(encodeClientMessage({ type: 'auth', token }));
      resolve();
    });
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`upgrade refused: ${res.statusCode}`)),
    );
  });
  const next = (timeoutMs = 5000) =>
    new Promise<ServerMessage>((resolve, reject) => {
      const m = queue.shift();
      if (m) return resolve(m);
      const timer = setTimeout(() => {
        const i = waiting.indexOf(take);
        if (i >= 0) waiting.splice(i, 1);
        reject(new Error(`no frame within ${timeoutMs} ms`));
      }, timeoutMs);
      const take = (msg: ServerMessage) => {
        clearTimeout(timer);
        resolve(msg);
      };
      waiting.push(take);
    });
  const nextOf = async <T extends ServerMessage['type']>(type: T, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const m = await next(Math.max(1, deadline - Date.now()));
      if (m.type === type) return m as Extract<ServerMessage, { type: T }>;
    }
  };
  const ready = await next();
  if (ready.type !== 'ready') throw new Error(`expected ready, got ${ready.type}`);
  return {
    socket,
    userId: ready.userId,
    send: (message) => socket.send(encodeClientMessage(message)),
    next,
    nextOf,
    silentFor: (ms) =>
      next(ms).then(
        (m) => {
          queue.unshift(m);
          return false;
        },
        () => true,
      ),
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}
