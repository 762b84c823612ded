import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import {
  PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  WS_CLOSE,
  encodeServerMessage,
  parseClientMessage,
  protocolVersionOf,
  type ClientMessage,
  type ServerMessage,
  type Unversioned,
} from '../../contracts/realtime';
import type { AuthService, Authenticated } from '../auth/service';
import { systemClock, type ServerClock } from '../clock';
import { errorBody } from '../http/errors';
import type { HubSocket } from './hub-socket';
import { registerHttpSessions } from './http-session';

/**
 * The realtime hub at /ws, speaking the versioned protocol of src/contracts/realtime.ts.
 *
 * Built in: the first message must be `auth` with an access token (a token in the URL is refused
 * with 400: URLs end up in logs); a valid one gets `ready`, anything else closes the socket with
 * WS_CLOSE.signedOut. `ping` is answered with `pong` at once (the engine's clock samples); a later
 * `auth` renews the token. The sign-in is re-checked on every `subscribe`/`subscribeStreams` and
 * by a sweep every `authCheckMs`: an expired token (not renewed) or a revoked family (logout,
 * password change) closes the socket with WS_CLOSE.signedOut. Each socket has a message budget
 * (token bucket): excess messages are dropped with a `rateLimited` error (at most one a second),
 * and a socket that keeps flooding is closed with WS_CLOSE.rateLimited. Room features (subscribe, events, streams
 * lists, follower status) plug in with `hub.on(type, handler)` from their own modules; a
 * message type nobody handles is answered with a `badMessage` error.
 *
 * Every socket is watched: a ws ping every 15 s, and one that has not answered the previous ping
 * is terminated; a socket whose unsent data exceeds 1 MiB (a client that cannot keep up) is
 * closed with 4013 rather than letting the buffer grow — it reconnects and resubscribes with
 * sinceSeq, so it loses nothing.
 *
 * The same sockets come over HTTP too (`/ws/open`, `/ws/send`, `/ws/stream`, `/ws/poll`:
 * realtime/http-session.ts) for networks whose proxy cuts WebSockets: a session is a virtual
 * socket served by `attach` exactly like one at /ws.
 */

export interface HubConnection {
  readonly socket: HubSocket;
  /** Replaced when the client re-authenticates. */
  auth: Authenticated;
  /** Answered the last heartbeat ping (or sent something since). */
  alive: boolean;
  /** Being closed for overload, death, sign-out or flooding; nothing more is sent or handled. */
  dropping: boolean;
  /** Set while a re-checked message is in flight: later frames wait behind it. */
  gate?: Promise<void>;
  /** When the current access token expires (epoch ms); a later `auth` moves it. */
  expiresAt: number;
  /** The message budget (token bucket) and the flood meter that closes an abusive socket. */
  bucket: { tokens: number; strikes: number; at: number; lastErrorAt: number };
}

type MessageOf<T extends ClientMessage['type']> = Extract<ClientMessage, { type: T }>;
type MessageHandler<T extends ClientMessage['type']> = (
  connection: HubConnection,
  message: MessageOf<T>,
) => void | Promise<void>;

type AnyHandler = (connection: HubConnection, message: ClientMessage) => void | Promise<void>;

export interface RealtimeHub {
  /** Open, authenticated connections. */
  readonly connections: ReadonlySet<HubConnection>;
  /** Handles one client message type (one handler per type; ping and auth are built in). */
  on<T extends ClientMessage['type']>(type: T, handler: MessageHandler<T>): void;
  /** Called when a connection closes (to drop its subscriptions). */
  onClose(listener: (connection: HubConnection) => void): void;
  send(connection: HubConnection, message: Unversioned<ServerMessage>): void;
  /**
   * Sends an already serialised message (fan-out: serialise once, send the same buffer to every
   * socket of a room).
   */
  sendEncoded(connection: HubConnection, data: Buffer): void;
  /** Counters for tests and benchmarks. */
  stats(): HubStats;
  /**
   * Serves one client socket exactly as /ws does (auth first, budget, liveness): the HTTP
   * fallback's sessions come in here.
   */
  attach(socket: HubSocket): void;
}

interface HubStats {
  connections: number;
  droppedOverloaded: number;
  droppedDead: number;
  /** Sockets closed because their sign-in ended or never happened. */
  signedOut: number;
  /** Messages dropped by the per-socket budget. */
  rateLimited: number;
}

export interface RealtimeHubOptions {
  auth: AuthService;
  /**
   * The server's one clock (epoch ms, fractional): pongs, token expiry and the message budget
   * all read it (src/server/clock.ts).
   */
  clock?: ServerClock;
  /** Heartbeat ping interval (ms). */
  heartbeatMs?: number;
  /** Unsent bytes one socket may hold before it is dropped. */
  maxBufferedBytes?: number;
  /** Which of these refresh-token families are still signed in (the sweep's one query). */
  activeFamilies?: (familyIds: readonly string[]) => Promise<ReadonlySet<string>>;
  /** How often every socket's sign-in is re-checked (ms). */
  authCheckMs?: number;
  /** A socket must send `auth` within this long (ms). */
  authTimeoutMs?: number;
  /** Message budget per socket: sustained rate per second and burst. */
  messagesPerSecond?: number;
  messageBurst?: number;
}

const HUB_DEFAULTS = {
  heartbeatMs: 15_000,
  maxBufferedBytes: 1024 * 1024,
  authCheckMs: 30_000,
  authTimeoutMs: 10_000,
  // A join sends a burst of 5 clock pings, a subscribe or two and statuses: far below these.
  messagesPerSecond: 20,
  messageBurst: 60,
} as const;

/** Messages that re-check the sign-in before they are handled (they grant a new feed). */
const RECHECKED: ReadonlySet<string> = new Set<ClientMessage['type']>([
  'subscribe',
  'subscribeStreams',
]);

/** Close code for a socket whose send buffer overflowed (the client reconnects with sinceSeq). */
const CLOSE_OVERLOADED = WS_CLOSE.overloaded;

/** The access token's expiry in epoch ms (a token that fromToken accepted is a JWT with exp). */
function expiryOf(token: string): number {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Registers GET /ws. @fastify/websocket must be registered first. */
export async function registerRealtimeHub(
  app: FastifyInstance,
  options: RealtimeHubOptions,
): Promise<RealtimeHub> {
  const now = options.clock ?? systemClock;
  const heartbeatMs = options.heartbeatMs ?? HUB_DEFAULTS.heartbeatMs;
  const maxBufferedBytes = options.maxBufferedBytes ?? HUB_DEFAULTS.maxBufferedBytes;
  const authCheckMs = options.authCheckMs ?? HUB_DEFAULTS.authCheckMs;
  const authTimeoutMs = options.authTimeoutMs ?? HUB_DEFAULTS.authTimeoutMs;
  const perSecond = options.messagesPerSecond ?? HUB_DEFAULTS.messagesPerSecond;
  const burst = options.messageBurst ?? HUB_DEFAULTS.messageBurst;
  const wallClock = now;
  const activeFamilies =
    options.activeFamilies ?? ((ids: readonly string[]) => Promise.resolve(new Set(ids)));
  const counters = { droppedOverloaded: 0, droppedDead: 0, signedOut: 0, rateLimited: 0 };
  const connections = new Set<HubConnection>();

  const sendEncoded = (connection: HubConnection, data: Buffer | string): void => {
    const { socket } = connection;
    if (connection.dropping || socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxBufferedBytes) {
      counters.droppedOverloaded++;
      connection.dropping = true;
      socket.close(CLOSE_OVERLOADED, 'overloaded');
      // A peer that does not drain its buffer may never complete the close handshake.
      setTimeout(() => socket.terminate(), 1000).unref();
      return;
    }
    socket.send(data, { binary: false });
  };
  const send = (connection: HubConnection, message: Unversioned<ServerMessage>): void =>
    sendEncoded(connection, encodeServerMessage(message));
  // Keyed by type, so each handler only ever receives its own message type.
  const handlers = new Map<ClientMessage['type'], AnyHandler>();
  const closeListeners: Array<(c: HubConnection) => void> = [];

  const hub: RealtimeHub = {
    connections,
    on(type, handler) {
      if (handlers.has(type)) throw new Error(`a handler for "${type}" is already registered`);
      handlers.set(type, handler as AnyHandler);
    },
    onClose(listener) {
      closeListeners.push(listener);
    },
    send,
    sendEncoded,
    stats: () => ({ connections: connections.size, ...counters }),
    attach: () => {
      throw new Error('the hub is not ready');
    },
  };

  hub.on('ping', (connection, message) => {
    send(connection, {
      type: 'pong',
      id: message.id,
      clientTime: message.clientTime,
      serverTime: now(),
    });
  });

  /** Closes a socket whose sign-in ended: one `unauthorized` error, then WS_CLOSE.signedOut. */
  const signOut = (connection: HubConnection, message: string): void => {
    if (connection.dropping) return;
    counters.signedOut++;
    send(connection, { type: 'error', code: 'unauthorized', message });
    connection.dropping = true;
    connection.socket.close(WS_CLOSE.signedOut, 'signed out');
  };

  /** Whether the connection's sign-in still holds (token not expired, family not revoked). */
  const stillSignedIn = async (connection: HubConnection): Promise<boolean> => {
    if (wallClock() >= connection.expiresAt) {
      signOut(connection, 'Access token expired');
      return false;
    }
    const alive = await activeFamilies([connection.auth.familyId]);
    if (!alive.has(connection.auth.familyId)) {
      signOut(connection, 'Signed out');
      return false;
    }
    return true;
  };

  hub.on('auth', async (connection, message) => {
    const auth = await options.auth.fromToken(message.token);
    if (!auth || auth.user.id !== connection.auth.user.id) {
      signOut(connection, 'Invalid access token');
      return;
    }
    connection.auth = auth;
    connection.expiresAt = expiryOf(message.token);
    send(connection, { type: 'ready', userId: auth.user.id, protocol: PROTOCOL_VERSION });
  });

  /** Spends one message from the socket's budget; false when the message must be dropped. */
  const admit = (connection: HubConnection, type: string): boolean => {
    const b = connection.bucket;
    const t = wallClock();
    const elapsedS = Math.max(0, t - b.at) / 1000;
    b.at = t;
    b.tokens = Math.min(burst, b.tokens + elapsedS * perSecond);
    b.strikes = Math.max(0, b.strikes - elapsedS * perSecond);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return true;
    }
    counters.rateLimited++;
    b.strikes += 1;
    if (b.strikes > burst * 2) {
      // Flooding on after being told: the socket goes (the client reconnects after backoff).
      connection.dropping = true;
      connection.socket.close(WS_CLOSE.rateLimited, 'rate limited');
      return false;
    }
    if (t - b.lastErrorAt >= 1000) {
      b.lastErrorAt = t;
      send(connection, {
        type: 'error',
        code: 'rateLimited',
        message: 'Too many messages; this one was dropped',
        ref: type.slice(0, 64),
      });
    }
    return false;
  };

  const invoke = async (connection: HubConnection, message: ClientMessage, handler: AnyHandler) => {
    try {
      await handler(connection, message);
    } catch (err) {
      app.log.error({ err, type: message.type }, 'realtime handler failed');
      send(connection, {
        type: 'error',
        code: 'internal',
        message: 'Internal error',
        ref: message.type,
      });
    }
  };

  /**
   * Parses a frame, re-checks the sign-in for the messages that need it, and starts its handler.
   * Resolves once the handler has been started (not finished): a slow subscribe never holds up
   * the pongs behind it.
   */
  const dispatch = async (connection: HubConnection, raw: string): Promise<void> => {
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) return send(connection, { type: 'error', ...parsed.error });
    if (RECHECKED.has(parsed.message.type) && !(await stillSignedIn(connection))) return;
    if (connection.dropping) return;
    const handler = handlers.get(parsed.message.type);
    if (!handler) {
      return send(connection, {
        type: 'error',
        code: 'badMessage',
        message: `unsupported message type "${parsed.message.type}"`,
        ref: parsed.message.type,
      });
    }
    void invoke(connection, parsed.message, handler);
  };

  /** Handles one frame of a signed-in socket: binary refused, budget spent, then dispatched. */
  const onFrame = (connection: HubConnection, data: Buffer, isBinary: boolean): void => {
    if (connection.dropping) return;
    connection.alive = true;
    if (!admit(connection, 'message')) return;
    if (isBinary) {
      return send(connection, {
        type: 'error',
        code: 'badMessage',
        message: 'binary frames are not supported',
      });
    }
    // Room handlers keep their own per-socket order; a re-checked message waits for its check,
    // and everything after it waits too, so the order a client sent is the order handled.
    const text = data.toString();
    if (!connection.gate && !RECHECKED.has(typeOf(text))) {
      void dispatch(connection, text);
      return;
    }
    const run = (connection.gate ?? Promise.resolve())
      .then(() => dispatch(connection, text))
      .catch((err: unknown) => app.log.error({ err }, 'realtime dispatch failed'));
    connection.gate = run;
    void run.then(() => {
      if (connection.gate === run) connection.gate = undefined;
    });
  };

  /** Serves one socket: the `auth` handshake first, then its frames (see the module comment). */
  const attach = (socket: HubSocket): void => {
    let connection: HubConnection | null = null;
    let pending: Promise<HubConnection | null> | null = null;
    let queuedBeforeAuth = 0;
    const closeUnauthenticated = (message: string) => {
      counters.signedOut++;
      if (socket.readyState === socket.OPEN) {
        socket.send(encodeServerMessage({ type: 'error', code: 'unauthorized', message }));
      }
      socket.close(WS_CLOSE.signedOut, 'unauthorized');
    };
    const authTimer = setTimeout(() => {
      if (!connection) closeUnauthenticated('No auth message');
    }, authTimeoutMs);
    authTimer.unref();

    const authenticate = async (raw: string): Promise<HubConnection | null> => {
      // The handshake negotiates the protocol first: a client of another version gets a
      // typed refusal it can act on (reload), not a generic bad message.
      const version = protocolVersionOf(raw);
      if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
        clearTimeout(authTimer);
        if (socket.readyState === socket.OPEN) {
          socket.send(
            encodeServerMessage({
              type: 'error',
              code: 'versionMismatch',
              message: `Protocol version ${version} is not supported; reload the page`,
              supported: [...SUPPORTED_PROTOCOL_VERSIONS],
            }),
          );
        }
        socket.close(WS_CLOSE.versionMismatch, 'protocol version');
        return null;
      }
      const parsed = parseClientMessage(raw);
      if (!parsed.ok || parsed.message.type !== 'auth') {
        closeUnauthenticated('The first message must be auth');
        return null;
      }
      const token = parsed.message.token;
      const auth = await options.auth.fromToken(token);
      clearTimeout(authTimer);
      if (!auth) {
        closeUnauthenticated('Missing or invalid access token');
        return null;
      }
      if (socket.readyState !== socket.OPEN) return null;
      const c: HubConnection = {
        socket,
        auth,
        alive: true,
        dropping: false,
        expiresAt: expiryOf(token),
        bucket: { tokens: burst, strikes: 0, at: wallClock(), lastErrorAt: 0 },
      };
      connection = c;
      connections.add(c);
      send(c, { type: 'ready', userId: auth.user.id, protocol: PROTOCOL_VERSION });
      return c;
    };

    socket.on('pong', () => {
      if (connection) connection.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      const c = connection;
      if (!c) return;
      connections.delete(c);
      for (const listener of closeListeners) listener(c);
    });
    socket.on('message', (data: Buffer, isBinary) => {
      if (connection) return onFrame(connection, data, isBinary);
      if (!pending) {
        // Nothing but one small auth frame is read from an unauthenticated socket.
        if (isBinary || data.length > 8192) return closeUnauthenticated('Bad auth message');
        pending = authenticate(data.toString());
        return;
      }
      // Frames sent right after auth wait for it, in the order they came (a bounded few).
      if (++queuedBeforeAuth > burst) return closeUnauthenticated('Too many frames before auth');
      void pending.then((c) => c && onFrame(c, data, isBinary));
    });
  };
  hub.attach = attach;
  // The same hub over HTTP, for networks that cut WebSockets (issue 27).
  registerHttpSessions(app, { attach, now: wallClock });

  app.get(
    '/ws',
    {
      websocket: true,
      // A token in the URL ends up in access logs and proxies: refused before the upgrade.
      preValidation: async (request, reply) => {
        const query = request.query as Record<string, unknown> | undefined;
        if (query && 'token' in query) {
          return reply
            .status(400)
            .send(errorBody('badRequest', 'Send the access token in an auth message, not the URL'));
        }
      },
    },
    (socket) => attach(socket),
  );

  // The sign-in sweep: expired tokens and revoked families, one query for all sockets.
  const sweep = async () => {
    const open = [...connections].filter((c) => !c.dropping);
    if (open.length === 0) return;
    const t = wallClock();
    const live = open.filter((c) => {
      if (t < c.expiresAt) return true;
      signOut(c, 'Access token expired');
      return false;
    });
    if (live.length === 0) return;
    const alive = await activeFamilies([...new Set(live.map((c) => c.auth.familyId))]);
    for (const c of live) if (!alive.has(c.auth.familyId)) signOut(c, 'Signed out');
  };
  const authSweep = setInterval(() => {
    sweep().catch((err: unknown) => app.log.error({ err }, 'realtime sign-in sweep failed'));
  }, authCheckMs);
  authSweep.unref();

  // A socket that answered neither the previous ping nor sent anything since is dead.
  const heartbeat = setInterval(() => {
    for (const c of connections) {
      if (!c.alive) {
        counters.droppedDead++;
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      try {
        c.socket.ping();
      } catch {
        // already closing
      }
    }
  }, heartbeatMs);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(authSweep);
    for (const c of connections) c.socket.close(1001, 'server shutting down');
  });

  return hub;
}

/** The `type` of a raw frame, cheaply (the full parse happens in dispatch). */
function typeOf(raw: string): string {
  return /"type"\s*:\s*"([A-Za-z]{1,32})"/.exec(raw)?.[1] ?? '';
}
