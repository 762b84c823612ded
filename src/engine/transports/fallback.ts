import { BehaviorSubject, type Observable } from 'rxjs';
import { encodeClientMessage, parseServerMessage } from '../../contracts/realtime';
import type { RealtimePath } from '../../contracts/realtime-http';
import type { Scheduler, TimerHandle } from '../time';
import type { HttpSocketMode } from './http-socket';
import type { SocketLike } from './ws';

/**
 * Which way to the hub (issue 27, decision 0064): the WebSocket first; when its upgrade fails or
 * no frame (the `ready`) comes within `firstFrameMs`, the HTTP stream; when that brings nothing
 * either (a proxy that buffers responses), long-polling. While on HTTP, a WebSocket is tried in
 * the background every `probeEveryMs` (signed in, up to `ready`), and the next connection goes
 * back to it once it works. It is the `connect` of `createWsTransport`, so the handshake, seq
 * replay, keepalive and reconnect are the transport's own on every path.
 */

export interface FallbackDeps {
  openWebSocket(): SocketLike;
  openHttp(mode: HttpSocketMode): SocketLike;
  scheduler: Scheduler;
  /** The access token, for the background WebSocket probe's `auth`. */
  getToken?(): string | null;
  /** A connection that brings no frame within this long is given up for the next way (ms). */
  firstFrameMs?: number;
  /** How often a WebSocket is tried while on HTTP (ms). */
  probeEveryMs?: number;
  /** The way to try first (a page that already knows the way: the probe still looks for ws). */
  start?: RealtimePath;
}

export interface FallbackConnector {
  /** Opens a connection on the current way (give it to `createWsTransport`). */
  connect(): SocketLike;
  /** The way the last working connection went (null until one has answered). */
  readonly path$: Observable<RealtimePath | null>;
  path(): RealtimePath | null;
  /** Stops the background probe. */
  close(): void;
}

export const FIRST_FRAME_MS = 4_000;
export const PROBE_EVERY_MS = 60_000;

const NEXT: Record<RealtimePath, RealtimePath> = {
  ws: 'stream',
  stream: 'longpoll',
  longpoll: 'ws',
};

/** Close code of a connection given up by the fallback (the transport reconnects at once). */
const CLOSE_NEXT_PATH = 4000;

export function createFallbackConnector(deps: FallbackDeps): FallbackConnector {
  const { scheduler } = deps;
  const firstFrameMs = deps.firstFrameMs ?? FIRST_FRAME_MS;
  const probeEveryMs = deps.probeEveryMs ?? PROBE_EVERY_MS;
  /** The way the next connection takes. */
  let trying: RealtimePath = deps.start ?? 'ws';
  const path$ = new BehaviorSubject<RealtimePath | null>(null);
  let current: SocketLike | null = null;
  let probeTimer: TimerHandle | undefined;
  let closed = false;

  const open = (path: RealtimePath): SocketLike =>
    path === 'ws' ? deps.openWebSocket() : deps.openHttp(path);

  /** One signed-in WebSocket up to `ready`: true when this network lets it through. */
  const probe = (): Promise<boolean> =>
    new Promise((resolve) => {
      let settled = false;
      let socket: SocketLike;
      const done = (ok: boolean) => {
        if (settled) return;
        settled = true;
        scheduler.clearTimeout(timer);
        try {
          socket.close(1000, 'probe');
        } catch {
          // already closed
        }
        resolve(ok);
      };
      const timer = scheduler.setTimeout(() => done(false), firstFrameMs);
      try {
        socket = deps.openWebSocket();
      } catch {
        scheduler.clearTimeout(timer);
        resolve(false);
        return;
      }
      socket.addEventListener('open', () => {
        const token = deps.getToken?.();
        if (!token) return done(false);
        try {
          socket.send(encodeClientMessage({ type: 'auth', token }));
        } catch {
          done(false);
        }
      });
      socket.addEventListener('message', (event) => {
        const data = 'data' in event ? event.data : '';
        const parsed = parseServerMessage(typeof data === 'string' ? data : String(data));
        done(parsed.ok && parsed.message.type === 'ready');
      });
      socket.addEventListener('close', () => done(false));
      socket.addEventListener('error', () => done(false));
    });

  const scheduleProbe = () => {
    if (probeTimer !== undefined || closed || path$.value === 'ws' || path$.value === null) return;
    probeTimer = scheduler.setTimeout(() => {
      probeTimer = undefined;
      if (closed || path$.value === 'ws') return;
      void probe().then((ok) => {
        if (closed) return;
        if (!ok) return scheduleProbe();
        // Back to the WebSocket: the HTTP connection ends and the transport reconnects.
        trying = 'ws';
        const socket = current;
        current = null;
        socket?.close(CLOSE_NEXT_PATH, 'websocket works');
      });
    }, probeEveryMs);
  };

  const connect = (): SocketLike => {
    const path = trying;
    const inner = open(path);
    const listeners = new Map<string, Array<(event: object) => void>>();
    let heard = false;
    let done = false;
    const emit = (type: string, event: object) => {
      for (const l of listeners.get(type) ?? []) l(event);
    };
    /** This way brought nothing: the next connection tries the next one. */
    const giveUp = () => {
      if (trying === path) trying = NEXT[path];
    };
    const end = (event: object) => {
      if (done) return;
      done = true;
      scheduler.clearTimeout(firstFrame);
      if (current === wrapper) current = null;
      if (!heard) giveUp();
      emit('close', event);
    };
    const firstFrame = scheduler.setTimeout(() => {
      if (heard || done) return;
      giveUp();
      try {
        inner.close(CLOSE_NEXT_PATH, 'no answer');
      } catch {
        // never opened
      }
      end({ code: CLOSE_NEXT_PATH, reason: 'no answer' });
    }, firstFrameMs);
    inner.addEventListener('open', (event) => !done && emit('open', event));
    inner.addEventListener('message', (event) => {
      if (done) return;
      if (!heard) {
        heard = true;
        path$.next(path);
        if (path === 'ws' && probeTimer !== undefined) {
          scheduler.clearTimeout(probeTimer);
          probeTimer = undefined;
        }
        scheduleProbe();
      }
      emit('message', event);
    });
    inner.addEventListener('close', (event) => end(event));
    inner.addEventListener('error', (event) => {
      if (done) return;
      if (!heard) giveUp();
      emit('error', event);
    });
    const wrapper: SocketLike = {
      send: (data) => inner.send(data),
      close: (code, reason) => {
        try {
          inner.close(code, reason);
        } finally {
          end({ code: code ?? 1000, reason: reason ?? '' });
        }
      },
      addEventListener: (type, listener) => {
        listeners.set(type, [...(listeners.get(type) ?? []), listener]);
      },
    };
    current = wrapper;
    return wrapper;
  };

  return {
    connect,
    path$: path$.asObservable(),
    path: () => path$.value,
    close: () => {
      closed = true;
      if (probeTimer !== undefined) scheduler.clearTimeout(probeTimer);
      probeTimer = undefined;
      path$.complete();
    },
  };
}
