import { BehaviorSubject } from 'rxjs';
import {
  createDeferredTransport,
  createFallbackConnector,
  createHttpSocket,
  createFirestoreTransport,
  createTransportSessionFeed,
  createWsTransport,
} from '@/engine';
import type { FetchLike, RoomTransport, Scheduler, SessionFeed, SocketLike } from '@/engine';
import type { RealtimeConfig } from '@/contracts/api/realtime';
import type { RealtimePath } from '@/contracts/realtime-http';
import { hubSession } from '@/lib/hub-session';
import { knownRealtimeConfig, realtimeConfig, realtimeIdentity } from '@/lib/realtime-backend';

/** The browser's clock and timers for the engine. */
const browserScheduler: Scheduler = {
  now: () => performance.timeOrigin + performance.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

const browserFetch: FetchLike = (url, init) =>
  window.fetch(url, init as RequestInit) as ReturnType<FetchLike>;

const path$ = new BehaviorSubject<RealtimePath | null>(null);
export const realtimePath = (): RealtimePath | null => path$.value;

/**
 * A transport to this server's realtime hub (the engine's reconnecting client): over a WebSocket,
 * or over HTTP where the network cuts WebSockets (`createFallbackConnector`). It signs in the one
 * way every hub socket does (lib/hub-session.ts).
 */
const wsTransport = (scheduler: Scheduler): RoomTransport => {
  const socket = hubSession.socket();
  const fallback = createFallbackConnector({
    openWebSocket: () => socket.connect() as unknown as SocketLike,
    openHttp: (mode) =>
      createHttpSocket({
        fetch: browserFetch,
        baseUrl: hubSession.httpUrl(),
        mode,
        scheduler,
        abortable: () => new AbortController(),
        decoder: () => new TextDecoder(),
      }),
    scheduler,
    getToken: socket.getToken,
    // A page that found the way already does not search again.
    start: path$.value ?? 'ws',
  });
  const following = fallback.path$.subscribe((p) => p && path$.next(p));
  const transport = createWsTransport({ ...socket, connect: fallback.connect, scheduler });
  const close = transport.close;
  return Object.assign(transport, {
    close: () => {
      following.unsubscribe();
      fallback.close();
      close();
    },
  });
};

const transportFor = (config: RealtimeConfig, scheduler: Scheduler): RoomTransport => {
  if (config.backend === 'ws') return wsTransport(scheduler);
  return createFirestoreTransport({
    scheduler,
    // The Firebase SDK is loaded here, only on a server configured for Firestore.
    connect: async () => {
      const [{ openFirestoreSession }, identity] = await Promise.all([
        import('@/lib/firestore-port'),
        realtimeIdentity(),
      ]);
      return openFirestoreSession(config, identity);
    },
    // The clock's ping/pong still measures against this server (its time stamps the events).
    control: wsTransport(scheduler),
  });
};

/**
 * The realtime transport of this server's backend (REALTIME_BACKEND, learned at start-up from
 * GET /v1/realtime): the /ws hub, or Firestore. The rooms list and the watch page both use it.
 */
export function createHubTransport(scheduler: Scheduler = browserScheduler): RoomTransport {
  const known = knownRealtimeConfig();
  if (known) return transportFor(known, scheduler);
  return createDeferredTransport(realtimeConfig().then((c) => transportFor(c, scheduler)));
}

/**
 * The app's one session feed (live session pages, issue 14): every page that follows a session
 * shares one hub socket, opened with the first and closed with the last. A deployment with
 * another realtime backend swaps this one value for its own `SessionFeed`.
 */
export const sessionFeed: SessionFeed = createTransportSessionFeed(createHubTransport);
