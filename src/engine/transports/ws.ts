import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import {
  WS_CLOSE,
  encodeClientMessage,
  parseServerMessage,
  type ClientMessage,
  type ServerMessage,
  type Unversioned,
} from '../../contracts/realtime';
import type { RoomFeed } from '../../contracts/stream';
import type { Random, Scheduler, TimerHandle } from '../time';
import type { RoomTransport, TransportStatus } from './types';

/**
 * The part of a WebSocket the transport uses. A browser `WebSocket` and the `ws` package's
 * `WebSocket` both satisfy it, and so do the memory sockets of `engine/testing/memory-hub`.
 */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /** The event is read only for a message's `data` (a string; a Buffer's text is decoded). */
  addEventListener(
    type: 'open' | 'message' | 'close' | 'error',
    listener: (event: object) => void,
  ): void;
}

export interface WsTransportDeps {
  /** Opens a new socket (the URL, and the token in it if any, are the caller's business). */
  connect(): SocketLike;
  scheduler: Scheduler;
  /**
   * The access token, sent as the `auth` first message on every open (the hub reads it only
   * there: never put it in the URL).
   */
  getToken?(): string | null;
  /** Subscribes to token changes (returns the unsubscribe): a renewed token is sent as `auth`. */
  watchToken?(listener: () => void): () => void;
  /**
   * Called when the hub closes the socket with WS_CLOSE.signedOut (the sign-in ended or the
   * token expired). Resolve true once a fresh token is at hand (the transport reconnects at
   * once), false when the session is gone (the transport stays closed).
   */
  onSignedOut?(): Promise<boolean>;
  random?: Random;
  /** Reconnect backoff: initial × 2^attempt, capped, with ±25 % jitter (ms). */
  backoffInitialMs?: number;
  backoffMaxMs?: number;
  /** A socket not open after this long is abandoned (ms). */
  connectTimeoutMs?: number;
  /** An idle open socket sends a keepalive ping after this long (ms). */
  keepaliveMs?: number;
  /** An open socket silent this long is presumed dead and replaced (ms). */
  staleAfterMs?: number;
}

export const BACKOFF_INITIAL_MS = 250;
export const BACKOFF_MAX_MS = 10_000;
/** A socket not open after this long is abandoned and retried (ms). */
const CONNECT_TIMEOUT_MS = 10_000;
/** After this long without a frame the transport sends a keepalive ping (ms). */
const KEEPALIVE_MS = 10_000;
/** After this long without a frame (two keepalives unanswered) the socket is replaced (ms). */
export const STALE_AFTER_MS = 25_000;

/** Splits server messages into the room log's feed (the room envelope is the same). */
const toRoomFeed = (message: ServerMessage): RoomFeed | null => {
  if (message.type === 'snapshot') return { type: 'snapshot', snapshot: message.snapshot };
  if (message.type === 'events') {
    return { type: 'events', streamId: message.streamId, events: message.events };
  }
  return null;
};

/**
 * The WebSocket transport: reconnects with backoff on the injected scheduler, re-subscribes every
 * room with the sinceSeq its room log gives (so a reconnect loses nothing), parses every frame
 * with the contract and drops what does not parse. A hub that refuses the handshake's protocol
 * version (error `versionMismatch`, close 4426) ends it for good: status `versionMismatch`.
 */
export const createWsTransport = ({
  connect,
  scheduler,
  getToken,
  watchToken,
  onSignedOut,
  random = Math.random,
  backoffInitialMs = BACKOFF_INITIAL_MS,
  backoffMaxMs = BACKOFF_MAX_MS,
  connectTimeoutMs = CONNECT_TIMEOUT_MS,
  keepaliveMs = KEEPALIVE_MS,
  staleAfterMs = STALE_AFTER_MS,
}: WsTransportDeps): RoomTransport & { readonly invalidFrames$: Observable<string> } => {
  const messages$ = new Subject<ServerMessage>();
  const events$ = new Subject<RoomFeed>();
  const invalidFrames$ = new Subject<string>();
  const status$ = new BehaviorSubject<TransportStatus>('connecting');
  /** Followed rooms and where each resumes (its room log's head). */
  const rooms = new Map<string, () => number | undefined>();
  let streamList: { sessionId?: string } | null = null;
  let socket: SocketLike | null = null;
  let attempt = 0;
  let reconnectTimer: TimerHandle | undefined;
  let staleTimer: TimerHandle | undefined;
  let keepaliveTimer: TimerHandle | undefined;
  let closedForGood = false;
  /** Waiting for onSignedOut: no reconnect until it answers. */
  let signedOut = false;
  /** Signed-out closes since the hub last said `ready`. */
  let signedOutStreak = 0;

  const setStatus = (s: TransportStatus) => {
    if (status$.value !== s) status$.next(s);
  };

  const rawSend = (message: Unversioned<ClientMessage>): boolean => {
    if (!socket || status$.value !== 'open') return false;
    try {
      socket.send(encodeClientMessage(message));
      return true;
    } catch {
      return false;
    }
  };

  const subscribeMessage = (streamId: string): Unversioned<ClientMessage> => {
    const sinceSeq = rooms.get(streamId)?.();
    return sinceSeq === undefined
      ? { type: 'subscribe', streamId }
      : { type: 'subscribe', streamId, sinceSeq };
  };

  const armStale = () => {
    if (staleTimer !== undefined) scheduler.clearTimeout(staleTimer);
    if (keepaliveTimer !== undefined) scheduler.clearTimeout(keepaliveTimer);
    // The server answers any ping, so silence beyond two keepalives means a dead route.
    // (id 0 is never one of the clock's, so the clock ignores the pong.)
    const keepalive = () => {
      rawSend({ type: 'ping', id: 0, clientTime: scheduler.now() });
      keepaliveTimer = scheduler.setTimeout(keepalive, keepaliveMs);
    };
    keepaliveTimer = scheduler.setTimeout(keepalive, keepaliveMs);
    staleTimer = scheduler.setTimeout(() => {
      staleTimer = undefined;
      if (status$.value === 'open') socket?.close(4000, 'stale');
      dropSocket();
    }, staleAfterMs);
  };

  const onOpen = () => {
    attempt = 0;
    // The token goes first, before anything the 'open' status makes others send (the clock's
    // pings): the hub closes a socket whose first message is not `auth`.
    const token = getToken?.();
    if (token && socket) {
      try {
        socket.send(encodeClientMessage({ type: 'auth', token }));
      } catch {
        // the close event follows
      }
    }
    setStatus('open');
    armStale();
    for (const streamId of rooms.keys()) rawSend(subscribeMessage(streamId));
    if (streamList) rawSend({ type: 'subscribeStreams', ...streamList });
  };

  const onMessage = (data: unknown) => {
    armStale();
    const raw = typeof data === 'string' ? data : String(data);
    const parsed = parseServerMessage(raw);
    if (!parsed.ok) {
      invalidFrames$.next(parsed.error.message);
      return;
    }
    const message = parsed.message;
    if (message.type === 'ready') signedOutStreak = 0;
    messages$.next(message);
    if (message.type === 'error' && message.code === 'versionMismatch') {
      incompatible();
      return;
    }
    const feed = toRoomFeed(message);
    if (feed) events$.next(feed);
  };

  const scheduleReconnect = () => {
    if (closedForGood || reconnectTimer !== undefined) return;
    const base = Math.min(backoffMaxMs, backoffInitialMs * 2 ** attempt);
    const wait = base * (0.75 + random() * 0.5);
    attempt++;
    reconnectTimer = scheduler.setTimeout(() => {
      reconnectTimer = undefined;
      open();
    }, wait);
  };

  // Forgets the current socket (it closed, errored or went stale) and plans the next one.
  const dropSocket = () => {
    socket = null;
    if (staleTimer !== undefined) scheduler.clearTimeout(staleTimer);
    if (keepaliveTimer !== undefined) scheduler.clearTimeout(keepaliveTimer);
    staleTimer = undefined;
    keepaliveTimer = undefined;
    if (closedForGood) return;
    setStatus('closed');
    if (!signedOut) scheduleReconnect();
  };

  // The hub does not speak this protocol: reconnecting cannot help.
  const incompatible = () => {
    if (closedForGood) return;
    closedForGood = true;
    clearTimers();
    const s = socket;
    socket = null;
    try {
      s?.close(1000, 'version mismatch');
    } catch {
      // already closed
    }
    setStatus('versionMismatch');
  };

  const clearTimers = () => {
    if (reconnectTimer !== undefined) scheduler.clearTimeout(reconnectTimer);
    if (staleTimer !== undefined) scheduler.clearTimeout(staleTimer);
    if (keepaliveTimer !== undefined) scheduler.clearTimeout(keepaliveTimer);
    reconnectTimer = staleTimer = keepaliveTimer = undefined;
  };

  const onClose = (event: object) => {
    const code = 'code' in event ? event.code : undefined;
    if (code === WS_CLOSE.versionMismatch) {
      incompatible();
      return;
    }
    if (code === WS_CLOSE.signedOut && onSignedOut && !signedOut) {
      signedOut = true;
      signedOutStreak++;
      dropSocket();
      void onSignedOut().then(
        (renewed) => {
          signedOut = false;
          if (!renewed || closedForGood || socket !== null || reconnectTimer !== undefined) return;
          // The first time at once; a hub that refuses again and again is retried with backoff.
          if (signedOutStreak <= 1) open();
          else {
            const wait = Math.min(backoffMaxMs, backoffInitialMs * 2 ** signedOutStreak);
            reconnectTimer = scheduler.setTimeout(() => {
              reconnectTimer = undefined;
              open();
            }, wait);
          }
        },
        () => {
          signedOut = false;
        },
      );
      return;
    }
    dropSocket();
  };

  function open() {
    if (closedForGood) return;
    setStatus('connecting');
    let s: SocketLike;
    try {
      s = connect();
    } catch {
      dropSocket();
      return;
    }
    socket = s;
    // Until it opens, the stale timer is the connect timeout.
    staleTimer = scheduler.setTimeout(() => {
      staleTimer = undefined;
      if (socket !== s || status$.value === 'open') return;
      try {
        s.close(4000, 'connect timeout');
      } catch {
        // never opened
      }
      dropSocket();
    }, connectTimeoutMs);
    // Events from a replaced socket are ignored: only the current one speaks.
    s.addEventListener('open', () => socket === s && onOpen());
    s.addEventListener('message', (ev) => socket === s && onMessage('data' in ev ? ev.data : ''));
    s.addEventListener('close', (ev) => socket === s && onClose(ev));
    s.addEventListener('error', () => {
      if (socket !== s) return;
      try {
        s.close();
      } catch {
        // already closing
      }
      dropSocket();
    });
  }

  open();
  // A renewed token reaches the hub at once, so the socket outlives the old token's expiry.
  const unwatchToken = watchToken?.(() => {
    const token = getToken?.();
    if (token) rawSend({ type: 'auth', token });
  });

  return {
    messages$: messages$.asObservable(),
    events$: events$.asObservable(),
    status$: status$.asObservable(),
    invalidFrames$: invalidFrames$.asObservable(),
    status: () => status$.value,
    send: rawSend,
    subscribeRoom: (streamId, sinceSeq) => {
      rooms.set(streamId, sinceSeq);
      rawSend(subscribeMessage(streamId));
    },
    unsubscribeRoom: (streamId) => {
      if (rooms.delete(streamId)) rawSend({ type: 'unsubscribe', streamId });
    },
    resync: (streamId) => {
      if (rooms.has(streamId)) rawSend(subscribeMessage(streamId));
    },
    subscribeStreamList: (sessionId) => {
      streamList = sessionId === undefined ? {} : { sessionId };
      rawSend({ type: 'subscribeStreams', ...streamList });
    },
    unsubscribeStreamList: () => {
      if (streamList) rawSend({ type: 'unsubscribeStreams' });
      streamList = null;
    },
    close: () => {
      const incompatibleBefore = status$.value === 'versionMismatch';
      closedForGood = true;
      unwatchToken?.();
      clearTimers();
      const s = socket;
      socket = null;
      try {
        s?.close(1000, 'bye');
      } catch {
        // already closed
      }
      if (!incompatibleBefore) setStatus('closed');
      messages$.complete();
      events$.complete();
      status$.complete();
      invalidFrames$.complete();
    },
  };
};
