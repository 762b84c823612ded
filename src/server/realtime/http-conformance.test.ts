import { afterAll, beforeAll } from 'vitest';
import {
  describeTransportConformance,
  type ConformanceHarness,
  type ConformanceUser,
} from '../../engine/testing/transport-conformance';
import {
  createHttpSocket,
  type FetchLike,
  type HttpSocketMode,
} from '../../engine/transports/http-socket';
import { createWsTransport, type SocketLike } from '../../engine/transports/ws';
import {
  appScheduler,
  CONFORMANCE_ACCOUNTS,
  createConformanceRoom,
  pollUntil,
  postCommandVia,
  recordAndBus,
} from '../testing/conformance-app';
import { createTestApp, type TestApp } from '../testing/test-app';
import { wsBase } from './test-socket';

/**
 * The hub's HTTP fallback (issue 27: the same protocol over POST and a server-sent event stream,
 * or long-polling) against the transport conformance suite, unchanged: real HTTP requests to the
 * real app, the WebSocket transport running over the HTTP socket.
 */

let t: TestApp;
const tokens = {} as Record<ConformanceUser, string>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const user of Object.keys(CONFORMANCE_ACCOUNTS) as ConformanceUser[]) {
    tokens[user] = (await t.login(CONFORMANCE_ACCOUNTS[user])).token;
  }
});
afterAll(async () => {
  // Node's fetch keeps a pool of connections to the app, one at times opened but not yet used,
  // which the server's close would wait on for its headers timeout: the clients are done.
  t.app.server.closeAllConnections();
  await t.close();
});

const realScheduler = appScheduler(() => t);
const postCommandAs = postCommandVia(
  () => t,
  (user) => tokens[user],
);
const nodeFetch: FetchLike = (url, init) =>
  fetch(url, init as RequestInit) as ReturnType<FetchLike>;

const httpHarness = (mode: HttpSocketMode) => async (): Promise<ConformanceHarness> => {
  const streamId = await createConformanceRoom(t, tokens.host);
  const sockets = new Map<ConformanceUser, SocketLike[]>();
  const all: SocketLike[] = [];
  const transports: Array<{ close(): void }> = [];
  const open = (user: ConformanceUser | null): SocketLike => {
    const socket = createHttpSocket({
      fetch: nodeFetch,
      baseUrl: `${wsBase(t.app).replace('ws:', 'http:')}/ws`,
      mode,
      scheduler: realScheduler,
      abortable: () => new AbortController(),
      decoder: () => new TextDecoder(),
    });
    all.push(socket);
    if (user) sockets.set(user, [...(sockets.get(user) ?? []), socket]);
    return socket;
  };
  return {
    streamId,
    scheduler: realScheduler,
    transport: (user) => {
      const transport = createWsTransport({
        connect: () => open(user),
        scheduler: realScheduler,
        getToken: () => tokens[user],
        backoffInitialMs: 50,
      });
      transports.push(transport);
      return transport;
    },
    postCommand: postCommandAs,
    rawSocket: () => open(null),
    token: (user) => tokens[user],
    ...recordAndBus(t, streamId),
    // The connection is cut (the transport hears a close, as when the network drops).
    dropConnections: (user) => {
      for (const s of sockets.get(user) ?? []) s.close(1006, 'dropped');
    },
    until: pollUntil(8_000),
    close: () => {
      for (const transport of transports) transport.close();
      for (const s of all) s.close(1000, 'done');
      return Promise.resolve();
    },
  };
};

describeTransportConformance('HTTP fallback, stream', httpHarness('stream'));
describeTransportConformance('HTTP fallback, long-poll', httpHarness('longpoll'));
