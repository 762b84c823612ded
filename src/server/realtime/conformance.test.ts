import { afterAll, beforeAll } from 'vitest';
import { WebSocket } from 'ws';
import {
  describeTransportConformance,
  type ConformanceHarness,
  type ConformanceUser,
} from '../../engine/testing/transport-conformance';
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
 * The server's `/ws` hub (real sockets, the real app on an embedded database, the HTTP command
 * route) against the transport conformance suite the memory hub also passes.
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
  await t.close();
});

const realScheduler = appScheduler(() => t);
const postCommandAs = postCommandVia(
  () => t,
  (user) => tokens[user],
);

const wsHarness = async (): Promise<ConformanceHarness> => {
  const streamId = await createConformanceRoom(t, tokens.host);
  const sockets = new Map<ConformanceUser, WebSocket[]>();
  const transports: Array<{ close(): void }> = [];
  const open = (user: ConformanceUser | null): WebSocket => {
    const socket = new WebSocket(`${wsBase(t.app)}/ws`);
    if (user) sockets.set(user, [...(sockets.get(user) ?? []), socket]);
    return socket;
  };
  return {
    streamId,
    scheduler: realScheduler,
    transport: (user) => {
      const transport = createWsTransport({
        connect: () => open(user) as unknown as SocketLike,
        scheduler: realScheduler,
        getToken: () => tokens[user],
        backoffInitialMs: 50,
      });
      transports.push(transport);
      return transport;
    },
    postCommand: postCommandAs,
    rawSocket: () => open(null) as unknown as SocketLike,
    token: (user) => tokens[user],
    ...recordAndBus(t, streamId),
    dropConnections: (user) => {
      for (const s of sockets.get(user) ?? []) s.terminate();
    },
    // Real sockets and a real database: wait for the outcome, bounded well below the test's.
    until: pollUntil(8_000),
    close: () => {
      for (const transport of transports) transport.close();
      for (const list of sockets.values()) for (const s of list) s.terminate();
      return Promise.resolve();
    },
  };
};

describeTransportConformance('/ws hub', wsHarness);
