import { ErrorBody } from '../../contracts/errors';
import { StreamCommandResponse, StreamResponse, toStreamCommandBody } from '../../contracts/stream';
import type {
  ConformanceHarness,
  ConformanceUser,
} from '../../engine/testing/transport-conformance';
import type { Scheduler } from '../../engine/time';
import type { CommandResult, PostCommand } from '../../engine/transports/types';
import { json } from '../db/json';
import { DEMO_IDS } from '../seed/demo';
import type { TestApp } from './test-app';

/**
 * What the transport conformance harnesses over the real app share (the `/ws` hub and the
 * Firestore transport): the demo accounts that play the suite's users, the app's clock, host
 * commands through the HTTP route, the room each scenario gets, and the record and bus it writes.
 */

/** The demo accounts playing the suite's users. */
export const CONFORMANCE_ACCOUNTS: Record<ConformanceUser, string> = {
  host: 'teacher',
  member: 'student01',
  // Another school's student: may not open the demo school's rooms.
  outsider: 'sakura01',
};

/** Real timers on the app's clock. */
export const appScheduler = (t: () => TestApp): Scheduler => ({
  now: () => t().app.clock(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
});

const CODES: Record<number, Extract<CommandResult, { ok: false }>['code']> = {
  400: 'badRequest',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
};

/** A user's host commands through `POST /v1/stream/{id}/{kind}`, answered as the engine expects. */
export const postCommandVia =
  (t: () => TestApp, token: (user: ConformanceUser) => string | Promise<string>) =>
  (user: ConformanceUser): PostCommand =>
  async (streamId, command) => {
    const res = await t().app.inject({
      method: 'POST',
      url: `/v1/stream/${streamId}/${command.type}`,
      headers: { authorization: `Bearer ${await token(user)}` },
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

/** A fresh room of the demo live session for the demo class, hosted by the host's token. */
export async function createConformanceRoom(t: TestApp, hostToken: string): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/stream',
    headers: { authorization: `Bearer ${hostToken}` },
    payload: {
      sessionId: DEMO_IDS.sessions.oceanLive,
      name: 'Conformance',
      lang: 'ja',
      groupIds: [DEMO_IDS.groups.class2a],
      settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
    },
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  return StreamResponse.parse(created.json()).item.id;
}

/** The harness parts that write the record and the bus of `streamId` directly. */
export const recordAndBus = (
  t: TestApp,
  streamId: string,
): Pick<ConformanceHarness, 'storeUnpublished' | 'publish'> => ({
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
  publish: (events) => t.app.roomBus.publishRoom({ type: 'events', streamId, events: [...events] }),
});

/** `until` for real sockets and a real database: polls the outcome, bounded by `limitMs`. */
export const pollUntil =
  (limitMs: number): ConformanceHarness['until'] =>
  async (check, what) => {
    const deadline = Date.now() + limitMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`not within ${limitMs / 1000} s: ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
