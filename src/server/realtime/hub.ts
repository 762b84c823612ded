import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import {
  encodeServerMessage,
  parseClientMessage,
  type ClientMessage,
  type ServerMessage,
  type Unversioned,
} from '../../contracts/realtime';
import type { AuthService, Authenticated } from '../auth/service';
import { errorBody } from '../http/errors';

/**
 * The realtime hub at /ws, speaking the versioned protocol of src/contracts/realtime.ts.
 *
 * Built in: the upgrade is refused (401) without a valid access token in `?token=`; an accepted
 * socket gets `ready`; `ping` is answered with `pong` at once (the engine's clock samples);
 * `auth` re-authenticates after a token refresh. Room features (subscribe, events, streams
 * lists, follower status) plug in with `hub.on(type, handler)` from their own modules; a
 * message type nobody handles is answered with a `badMessage` error.
 *
 * Every socket is watched: a ws ping every 15 s, and one that has not answered the previous ping
 * is terminated; a socket whose unsent data exceeds 1 MiB (a client that cannot keep up) is
 * closed with 4013 rather than letting the buffer grow — it reconnects and resubscribes with
 * sinceSeq, so it loses nothing.
 */

export interface HubConnection {
  readonly socket: WebSocket;
  /** Replaced when the client re-authenticates. */
  auth: Authenticated;
  /** Answered the last heartbeat ping (or sent something since). */
  alive: boolean;
  /** Being closed for overload or death; nothing more is sent. */
  dropping: boolean;
}

export type MessageOf<T extends ClientMessage['type']> = Extract<ClientMessage, { type: T }>;
export type MessageHandler<T extends ClientMessage['type']> = (
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
}

export interface HubStats {
  connections: number;
  droppedOverloaded: number;
  droppedDead: number;
}

export interface RealtimeHubOptions {
  auth: AuthService;
  /** Server clock in ms, fractional allowed; injectable for tests. */
  now?: () => number;
  /** Heartbeat ping interval (ms). */
  heartbeatMs?: number;
  /** Unsent bytes one socket may hold before it is dropped. */
  maxBufferedBytes?: number;
}

export const HUB_DEFAULTS = {
  heartbeatMs: 15_000,
  maxBufferedBytes: 1024 * 1024,
} as const;

/** The server clock every stamp uses: the pong's serverTime and the room events' times. */
export const serverNow = (): number => performance.timeOrigin + performance.now();

/** Close code for a socket whose re-authentication failed. */
export const CLOSE_UNAUTHORIZED = 4401;
/** Close code for a socket whose send buffer overflowed (the client reconnects with sinceSeq). */
export const CLOSE_OVERLOADED = 4013;

const TokenQuery = z.object({ token: z.string().min(1).max(4096) });
const preAuthenticated = new WeakMap<FastifyRequest, Authenticated>();

/** Registers GET /ws. @fastify/websocket must be registered first. */
export async function registerRealtimeHub(
  app: FastifyInstance,
  options: RealtimeHubOptions,
): Promise<RealtimeHub> {
  const now = options.now ?? serverNow;
  const heartbeatMs = options.heartbeatMs ?? HUB_DEFAULTS.heartbeatMs;
  const maxBufferedBytes = options.maxBufferedBytes ?? HUB_DEFAULTS.maxBufferedBytes;
  const counters = { droppedOverloaded: 0, droppedDead: 0 };
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
      handlers.set(type, handler as unknown as AnyHandler);
    },
    onClose(listener) {
      closeListeners.push(listener);
    },
    send,
    sendEncoded,
    stats: () => ({ connections: connections.size, ...counters }),
  };

  hub.on('ping', (connection, message) => {
    send(connection, {
      type: 'pong',
      id: message.id,
      clientTime: message.clientTime,
      serverTime: now(),
    });
  });

  hub.on('auth', async (connection, message) => {
    const auth = await options.auth.fromToken(message.token);
    if (!auth || auth.user.id !== connection.auth.user.id) {
      send(connection, { type: 'error', code: 'unauthorized', message: 'Invalid access token' });
      connection.socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
      return;
    }
    connection.auth = auth;
    send(connection, { type: 'ready', userId: auth.user.id });
  });

  const dispatch = async (connection: HubConnection, raw: string) => {
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) return send(connection, { type: 'error', ...parsed.error });
    const handler = handlers.get(parsed.message.type);
    if (!handler) {
      return send(connection, {
        type: 'error',
        code: 'badMessage',
        message: `unsupported message type "${parsed.message.type}"`,
        ref: parsed.message.type,
      });
    }
    try {
      await handler(connection, parsed.message);
    } catch (err) {
      app.log.error({ err, type: parsed.message.type }, 'realtime handler failed');
      send(connection, {
        type: 'error',
        code: 'internal',
        message: 'Internal error',
        ref: parsed.message.type,
      });
    }
  };

  app.get(
    '/ws',
    {
      websocket: true,
      // Refuse before the upgrade: an unauthenticated client gets a plain 401, never a socket.
      preValidation: async (request, reply) => {
        const query = TokenQuery.safeParse(request.query);
        const auth = query.success ? await options.auth.fromToken(query.data.token) : null;
        if (!auth) {
          return reply
            .status(401)
            .send(errorBody('unauthorized', 'Missing or invalid access token'));
        }
        preAuthenticated.set(request, auth);
      },
    },
    (socket, request) => {
      const auth = preAuthenticated.get(request);
      if (!auth) {
        socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
        return;
      }
      const connection: HubConnection = { socket, auth, alive: true, dropping: false };
      connections.add(connection);
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('close', () => {
        connections.delete(connection);
        for (const listener of closeListeners) listener(connection);
      });
      socket.on('message', (data, isBinary) => {
        if (isBinary) {
          return send(connection, {
            type: 'error',
            code: 'badMessage',
            message: 'binary frames are not supported',
          });
        }
        connection.alive = true;
        void dispatch(connection, data.toString());
      });
      send(connection, { type: 'ready', userId: auth.user.id });
    },
  );

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
    for (const c of connections) c.socket.close(1001, 'server shutting down');
  });

  return hub;
}
