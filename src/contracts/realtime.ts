import { z } from 'zod';
import { VoteTally } from './api/sessions';
import { Comment, EpochMs, Id, Stream } from './entities';
import { RoomEventBatch, RoomSnapshot } from './stream';

/**
 * The WebSocket protocol between a client and the realtime hub: one JSON object per frame, each a
 * member of a `type`-discriminated union carrying the protocol version `v`. A receiver parses every
 * frame with `parseClientMessage` / `parseServerMessage`; nothing is cast.
 */

/**
 * The protocol this build speaks. 2: the room vocabulary is one (`type` discriminators,
 * `effectiveAt` times in commands, playbacks and live actions) and the handshake negotiates;
 * a room's sockets get its `head` seq as a heartbeat (a client that drops unknown frames loses
 * nothing but that check).
 */
export const PROTOCOL_VERSION = 2;
/** The versions a hub of this build accepts in the handshake (`auth`). */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly number[] = [PROTOCOL_VERSION];

/** WebSocket close codes the hub uses; the client acts on them. */
export const WS_CLOSE = {
  /**
   * The sign-in behind the socket ended: no or a bad `auth` first message, the access token
   * expired without a fresh `auth`, or its family was revoked (logout, password change, reuse).
   * The client refreshes its tokens once and reconnects, or shows the logged-out modal.
   */
  signedOut: 4401,
  /** The socket's send buffer overflowed; the client reconnects and resubscribes with sinceSeq. */
  overloaded: 4013,
  /** Too many messages for too long; the client reconnects after its backoff. */
  rateLimited: 4429,
  /**
   * The handshake offered a protocol version the hub does not speak (an old tab after a
   * deploy): the client stops reconnecting and asks for a reload.
   */
  versionMismatch: 4426,
} as const;
const v = z.literal(PROTOCOL_VERSION);

/**
 * What changed on a session page: an output published or edited (`output`), a reaction added or
 * taken back (`action`), a session comment posted, pinned or removed (`comment`), a feedback
 * posted on an output of the session (`feedback`), a solo ballot (`vote`), a solo join or leave
 * (`participants`). A room's own activity travels on the room (`comment`, `voteTally`, events).
 */
const SessionChangeKind = z.enum([
  'output',
  'action',
  'comment',
  'feedback',
  /** A ballot of a session-wide (solo) vote: `targetId` is the vote moment's key. */
  'vote',
  /** Someone joined or left the session outside a room: `targetId` is the session. */
  'participants',
]);
type SessionChangeKind = z.infer<typeof SessionChangeKind>;

/**
 * A hint that something of a session changed: the receiver re-reads what it shows through the
 * REST calls (which apply every visibility rule), so the hint carries ids only, never content.
 * `targetId` is the changed object (output, comment, feedback, or the reaction's target).
 */
export const SessionChange = z.object({
  sessionId: Id,
  kind: SessionChangeKind,
  targetId: Id,
  /** The output the change belongs to (a feedback, a reaction on an output), when there is one. */
  outputId: z.optional(Id),
});
export type SessionChange = z.infer<typeof SessionChange>;

/** Position and health a follower reports for the host's participant view. */
export const FollowerReport = z.object({
  streamId: Id,
  /** Player position minus the room's expected position, in ms (positive: ahead). */
  driftMs: z.number().min(-86_400_000).max(86_400_000),
  buffering: z.boolean(),
  /** The player's position in seconds. */
  position: z.number().nonnegative(),
  /**
   * The follower's median round trip to the server (ms), from its clock pings: the host's
   * commands are scheduled far enough ahead to reach the class in time.
   */
  rttMs: z.number().nonnegative().max(60_000).optional(),
});
export type FollowerReport = z.infer<typeof FollowerReport>;

// ---------------------------------------------------------------------------------------------
// client → server

export const ClientMessage = z.discriminatedUnion('type', [
  /** Clock sample request; the server answers `pong` at once. */
  z.object({
    v,
    type: z.literal('ping'),
    id: z.number().int().nonnegative(),
    clientTime: z.number(),
  }),
  /**
   * The handshake: the socket's first message, its `v` the client's protocol version (a hub that
   * does not speak it answers `error` `versionMismatch` and closes with 4426). Sent again later
   * it renews the token.
   */
  z.object({ v, type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  /**
   * Follow a room. Without `sinceSeq` (or when the log cannot replay from it) the server sends a
   * snapshot first; then every event after `sinceSeq`, then live events.
   */
  z.object({
    v,
    type: z.literal('subscribe'),
    streamId: Id,
    sinceSeq: z.number().int().nonnegative().optional(),
  }),
  z.object({ v, type: z.literal('unsubscribe'), streamId: Id }),
  /** Follow the rooms list of the user's groups (optionally one session's rooms). */
  z.object({ v, type: z.literal('subscribeStreams'), sessionId: z.optional(Id) }),
  z.object({ v, type: z.literal('unsubscribeStreams') }),
  /**
   * Follow one session's page activity (new outputs, reactions, comments): the hub answers
   * `sessionChange` hints, only for activity of the caller's school scope (walls).
   */
  z.object({ v, type: z.literal('subscribeSession'), sessionId: Id }),
  z.object({ v, type: z.literal('unsubscribeSession'), sessionId: Id }),
  /** A follower's heartbeat, relayed to the host as `participantStatus`. */
  z.object({ v, type: z.literal('status'), ...FollowerReport.shape }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

// ---------------------------------------------------------------------------------------------
// server → client

export const RealtimeErrorCode = z.enum([
  'badMessage', // not JSON, not a known message, or another protocol version after the handshake
  'versionMismatch', // the handshake's protocol version is not one the hub speaks
  'unauthorized', // no valid token on the socket
  'forbidden', // not a member of the room's groups
  'notFound', // no such stream
  'overloaded', // the socket's send buffer overflowed; the client should resubscribe
  'rateLimited', // too many messages: this one was dropped (sustained, the socket is closed)
  'internal',
]);
export type RealtimeErrorCode = z.infer<typeof RealtimeErrorCode>;

export const ServerMessage = z.discriminatedUnion('type', [
  z.object({
    v,
    type: z.literal('pong'),
    id: z.number().int().nonnegative(),
    clientTime: z.number(),
    /** Server time when the ping arrived; fractional ms allowed (sub-ms precision helps the clock). */
    serverTime: z.number().nonnegative(),
  }),
  /** The handshake's answer: the socket is authenticated as this user, speaking `protocol`. */
  z.object({ v, type: z.literal('ready'), userId: Id, protocol: z.number().int().positive() }),
  z.object({ v, type: z.literal('snapshot'), snapshot: RoomSnapshot }),
  /** Events of one stream, in seq order (the room envelope, `RoomEventBatch`). */
  z.object({ v, type: z.literal('events'), ...RoomEventBatch.shape }),
  /**
   * A room's heartbeat: the last seq of its log, sent to every socket of the room every
   * ROOM_HEAD_INTERVAL_MS (a quiet room included). A client whose last seq is lower missed an
   * event and resubscribes with sinceSeq at once.
   */
  z.object({ v, type: z.literal('head'), streamId: Id, seq: z.number().int().nonnegative() }),
  /** A stream was created or changed (a soft-deleted one arrives as `streamRemove`). */
  z.object({ v, type: z.literal('streamUpsert'), stream: Stream }),
  z.object({ v, type: z.literal('streamRemove'), id: Id }),
  /**
   * The answer to `subscribeStreams`: from now on every change of the list reaches this socket.
   * A client reads the list again on it, so a change made while the subscription was being set
   * up (after its first read, before this) is not missed.
   */
  z.object({ v, type: z.literal('streamsSubscribed') }),
  /** Something of a followed session changed (`subscribeSession`); re-read what shows it. */
  z.object({ v, type: z.literal('sessionChange'), ...SessionChange.shape }),
  /** A follower's report, sent to the room's host only. */
  z.object({
    v,
    type: z.literal('participantStatus'),
    ...FollowerReport.shape,
    userId: Id,
    /** Server time the report arrived. */
    at: EpochMs,
  }),
  /** A live comment posted in the room (POST /v1/session/{id}/comment with its streamId). */
  z.object({ v, type: z.literal('comment'), streamId: Id, comment: Comment }),
  /** A comment of the room was deleted (by its author, the room's host or staff). */
  z.object({ v, type: z.literal('commentRemove'), streamId: Id, id: Id }),
  /** The host paused or resumed the room's live comments. */
  z.object({ v, type: z.literal('commentsPaused'), streamId: Id, paused: z.boolean() }),
  /** The room's tally of one vote after a ballot changed; `mine` is always null here. */
  z.object({ v, type: z.literal('voteTally'), streamId: Id, tally: VoteTally }),
  z.object({
    v,
    type: z.literal('error'),
    code: RealtimeErrorCode,
    message: z.string(),
    /** The offending message's type or stream id, when known. */
    ref: z.string().optional(),
    /** With `versionMismatch`: the versions the hub speaks. */
    supported: z.array(z.number().int().positive()).optional(),
  }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** Builds a message with the current protocol version (the `v` a sender never writes by hand). */
export type Unversioned<M> = M extends unknown ? Omit<M, 'v'> : never;

export type ParseResult<M> =
  | { ok: true; message: M }
  | { ok: false; error: { code: 'badMessage'; message: string; ref?: string } };

const parseWith =
  <M>(schema: z.ZodType<M>) =>
  (raw: string): ParseResult<M> => {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return { ok: false, error: { code: 'badMessage', message: 'not JSON' } };
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) return { ok: true, message: parsed.data };
    const ref =
      typeof json === 'object' && json !== null && 'type' in json && typeof json.type === 'string'
        ? json.type.slice(0, 64)
        : undefined;
    const version = typeof json === 'object' && json !== null && 'v' in json ? json.v : undefined;
    const message =
      version !== PROTOCOL_VERSION
        ? `unsupported protocol version (expected ${PROTOCOL_VERSION})`
        : parsed.error.issues
            .slice(0, 3)
            .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
            .join('; ');
    return {
      ok: false,
      error: ref ? { code: 'badMessage', message, ref } : { code: 'badMessage', message },
    };
  };

/**
 * The protocol version a frame claims (its `v`), or null when it is not a JSON object with an
 * integer `v`: the hub reads it from the handshake before parsing the rest.
 */
export const protocolVersionOf = (raw: string): number | null => {
  try {
    const json: unknown = JSON.parse(raw);
    if (typeof json !== 'object' || json === null || !('v' in json)) return null;
    return Number.isInteger(json.v) ? (json.v as number) : null;
  } catch {
    return null;
  }
};

/** Parses one frame a client sent; never throws. */
export const parseClientMessage: (raw: string) => ParseResult<ClientMessage> =
  parseWith(ClientMessage);

/** Parses one frame the server sent; never throws. */
export const parseServerMessage: (raw: string) => ParseResult<ServerMessage> =
  parseWith(ServerMessage);

/** Serialises a client message, adding the protocol version. */
export const encodeClientMessage = (message: Unversioned<ClientMessage>): string =>
  JSON.stringify({ v: PROTOCOL_VERSION, ...message });

/** Serialises a server message, adding the protocol version. */
export const encodeServerMessage = (message: Unversioned<ServerMessage>): string =>
  JSON.stringify({ v: PROTOCOL_VERSION, ...message });
