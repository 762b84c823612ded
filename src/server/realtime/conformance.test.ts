import { afterAll, beforeAll } from 'vitest';
import { WebSocket } from 'ws';
import { ErrorBody } from '../../contracts/errors';
import { StreamCommandResponse, StreamResponse, toStreamCommandBody } from '../../contracts/stream';
import {
  describeTransportConformance,
  type ConformanceHarness,
  type ConformanceUser,
} from '../../engine/testing/transport-conformance';
import type { Scheduler } from '../../engine/time';
import type { CommandResult, PostCommand } from '../../engine/transports/types';
import { createWsTransport, type SocketLike } from '../../engine/transports/ws';
import { json } from '../db/json';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';
import { wsBase } from './test-socket';

/**
 * The server's `/ws` hub (real sockets, the real app on an embedded database, the HTTP command
 * route) against the transport conformance suite the memory hub also passes.
 */

let t: TestApp;
const tokens = {} as Record<ConformanceUser, string>;
const ACCOUNTS: Record<ConformanceUser, string> = {
  host: 'teacher',
  member: 'student01',
  // Another school's student: may not open the demo school's rooms.
  outsider: 'sakura01',
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const user of Object.keys(ACCOUNTS) as ConformanceUser[]) {
    tokens[user] = (await t.login(ACCOUNTS[user])).token;
  }
});
afterAll(async () => {
  await t.close();
});

const realScheduler: Scheduler = {
  now: () => t.app.clock(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

const CODES: Record<number, Extract<CommandResult, { ok: false }>['code']> = {
  400: 'badRequest',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
};

const postCommandAs =
  (user: ConformanceUser): PostCommand =>
  async (streamId, command) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/stream/${streamId}/${command.type}`,
      headers: { authorization: `Bearer ${tokens[user]}` },
      payload: toStreamCommandBody(command),
    });
    if (res.statusCode === 200) {
      return { ok: true, event: StreamCommandResponse.parse(res.json()).item };
    }
    const body = ErrorBody.safeParse(res.json());
    return {
      ok: false,
      code: CODES[res.statusCode] ?? 'network',
      message: body.success ? body.data.error.message : res.body,
    };
  };

const wsHarness = async (): Promise<ConformanceHarness> => {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/stream',
    headers: { authorization: `Bearer ${tokens.host}` },
    payload: {
      sessionId: DEMO_IDS.sessions.oceanLive,
      name: 'Conformance',
      lang: 'ja',
      groupIds: [DEMO_IDS.groups.class2a],
      settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
    },
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  const streamId = StreamResponse.parse(created.json()).item.id;
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
    storeUnpublished: async (event) => {
      await t.db
        .insertInto('stream_events')
        .values({
          stream_id: event.streamId,
          seq: event.seq,
          type: event.type,
          payload: json(event.payload),
          user_id: event.payload.userId,
          server_time: new Date(event.serverTime),
          effective_at: new Date(event.effectiveAt),
        })
        .execute();
    },
    publish: (events) =>
      t.app.roomBus.publishRoom({ type: 'events', streamId, events: [...events] }),
    dropConnections: (user) => {
      for (const s of sockets.get(user) ?? []) s.terminate();
    },
    until: async (check, what) => {
      // Real sockets and a real database: wait for the outcome, bounded well below the test's.
      const deadline = Date.now() + 8_000;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`not within 8 s: ${what}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => {
      for (const transport of transports) transport.close();
      for (const list of sockets.values()) for (const s of list) s.terminate();
      return Promise.resolve();
    },
  };
};

describeTransportConformance('/ws hub', wsHarness);
