import type { RealtimeConfig } from '@/contracts/api/realtime';
import { PROTOCOL_VERSION } from '@/contracts/realtime';
import { HTTP_FALLBACK, HttpOpenResponse } from '@/contracts/realtime-http';
import { createHttpSocket, type FetchLike } from '@/engine';
import { realtimeConfig } from '@/lib/realtime-backend';

/**
 * The realtime check (issue 13) goes through one function per backend; the server's run-time
 * choice (REALTIME_BACKEND, read from GET /v1/realtime like the rooms do) selects it, so /check
 * probes what the lessons will use on this deployment.
 */
export interface RealtimeProbeResult {
  /** Time to an open connection (ms). */
  connectMs: number;
  /** One message there and its answer back (ms). */
  roundTripMs: number;
  /** The server's clock at the round trip's midpoint, when the backend tells it; else null. */
  serverTimeAtMidpoint: number | null;
  clientTimeAtMidpoint: number;
}

type RealtimeProbe = (token: string | null, timeoutMs: number) => Promise<RealtimeProbeResult>;

export class RealtimeProbeError extends Error {
  constructor(
    readonly reason:
      'refused' | 'closed' | 'timeout' | 'protocol' | 'noConfig' | 'serviceUnreachable',
    /** The realtime service's host when that is what could not be reached. */
    readonly host?: string,
  ) {
    super(reason);
  }
}

/**
 * The WebSocket hub: connect to /ws, then one round trip. Signed in, the handshake (`auth` →
 * `ready`) then a clock `ping` → `pong` (which also gives the server's time); not signed in, the
 * hub's typed refusal of a handshake without a valid token is the answer that is timed.
 */
const probeWebSocket: RealtimeProbe = (token, timeoutMs) =>
  new Promise((resolve, reject) => {
    const url = new URL('/ws', window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const started = performance.now();
    let opened = 0;
    let sentAt = 0;
    let sentWall = 0;
    let settled = false;
    let socket: WebSocket;
    const finish = (error: RealtimeProbeError | null, result?: RealtimeProbeResult) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      socket.onclose = null;
      if (socket.readyState <= WebSocket.OPEN) socket.close(1000, 'system check done');
      if (error) reject(error);
      else if (result) resolve(result);
    };
    const timer = window.setTimeout(() => finish(new RealtimeProbeError('timeout')), timeoutMs);
    try {
      socket = new WebSocket(url.href);
    } catch {
      window.clearTimeout(timer);
      reject(new RealtimeProbeError('refused'));
      return;
    }
    const send = (message: Record<string, unknown>) => {
      sentAt = performance.now();
      sentWall = Date.now();
      socket.send(JSON.stringify({ v: PROTOCOL_VERSION, ...message }));
    };
    socket.onopen = () => {
      opened = performance.now();
      // Not signed in: a handshake the hub must refuse, with its typed error.
      send({ type: 'auth', token: token ?? 'system-check' });
    };
    socket.onerror = () => finish(new RealtimeProbeError(opened ? 'closed' : 'refused'));
    socket.onclose = () => finish(new RealtimeProbeError(opened ? 'closed' : 'refused'));
    socket.onmessage = (event: MessageEvent) => {
      const now = performance.now();
      let message: { type?: unknown; code?: unknown; serverTime?: unknown };
      try {
        message = JSON.parse(String(event.data)) as typeof message;
      } catch {
        return finish(new RealtimeProbeError('protocol'));
      }
      const base = {
        connectMs: opened - started,
        roundTripMs: now - sentAt,
        clientTimeAtMidpoint: sentWall + (now - sentAt) / 2,
      };
      if (message.type === 'ready') return send({ type: 'ping', id: 1, clientTime: Date.now() });
      if (message.type === 'pong' && typeof message.serverTime === 'number')
        return finish(null, { ...base, serverTimeAtMidpoint: message.serverTime });
      // A refused handshake (no token, or an expired one) is still the hub answering in its protocol.
      if (message.type === 'error' && message.code === 'unauthorized')
        return finish(null, { ...base, serverTimeAtMidpoint: null });
      // Anything else (a refused token, another version) is the backend not answering as it should.
      return finish(new RealtimeProbeError('protocol'));
    };
  });

/** Where the browser's Firestore SDK connects: the emulator (local runs) or Google's service. */
function firestoreOrigin(config: Extract<RealtimeConfig, { backend: 'firestore' }>): string {
  return config.emulator
    ? `http://${config.emulator.host}:${config.emulator.port}`
    : 'https://firestore.googleapis.com';
}

/**
 * Firestore: the rooms listen there, and still keep this server's hub as their control and clock
 * channel (features/rooms/realtime.ts). So the probe times reaching the Firestore service (an
 * opaque request: a firewall that blocks the host makes it fail) and then the hub's round trip.
 * Signing in to Firestore itself needs an account; reaching its host is what a school's network
 * decides.
 */
function probeFirestore(config: Extract<RealtimeConfig, { backend: 'firestore' }>): RealtimeProbe {
  return async (token, timeoutMs) => {
    const origin = firestoreOrigin(config);
    const host = new URL(origin).host;
    const started = performance.now();
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), timeoutMs);
    try {
      await fetch(`${origin}/`, { mode: 'no-cors', cache: 'no-store', signal: controller.signal });
    } catch {
      throw new RealtimeProbeError(
        controller.signal.aborted ? 'timeout' : 'serviceUnreachable',
        host,
      );
    } finally {
      window.clearTimeout(timer);
    }
    const reached = performance.now() - started;
    const hub = await probeWebSocket(token, timeoutMs);
    return { ...hub, connectMs: Math.max(reached, hub.connectMs) };
  };
}

const probeFor = (config: RealtimeConfig): RealtimeProbe =>
  config.backend === 'ws' ? probeWebSocket : probeFirestore(config);

/**
 * Connects to the server's realtime backend and times one round trip. `backend` is told as soon
 * as the server has named it (the result shows it even when the probe fails).
 */
export async function realtimeProbe(
  token: string | null,
  timeoutMs = 10_000,
  onBackend: (backend: string) => void = () => undefined,
  config: () => Promise<RealtimeConfig> = realtimeConfig,
): Promise<RealtimeProbeResult> {
  let chosen: RealtimeConfig;
  try {
    chosen = await config();
  } catch {
    // The server did not say which backend (the network check tells why): nothing to open.
    throw new RealtimeProbeError('noConfig');
  }
  onBackend(chosen.backend);
  return probeFor(chosen)(token, timeoutMs);
}

/**
 * The hub over the HTTP fallback's long-poll (issue 27): true when the handshake is answered
 * within `timeoutMs` (`ready`, or the typed refusal of a page that is not signed in). Each answer
 * is a whole response, so a proxy that buffers responses lets it through.
 */
export const probeLongPoll = (token: string | null, timeoutMs: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createHttpSocket({
      fetch: ((url, init) => window.fetch(url, init as RequestInit)) as FetchLike,
      baseUrl: new URL('/ws', window.location.href).toString(),
      mode: 'longpoll',
      scheduler: {
        now: () => Date.now(),
        setTimeout: (callback, ms) => window.setTimeout(callback, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
      },
      abortable: () => new AbortController(),
      decoder: () => new TextDecoder(),
    });
    let settled = false;
    const finish = (ok: boolean) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      socket.close(1000, 'system check done');
      resolve(ok);
    };
    const timer = window.setTimeout(() => finish(false), timeoutMs);
    socket.addEventListener('open', () => {
      socket.send(
        JSON.stringify({ v: PROTOCOL_VERSION, type: 'auth', token: token ?? 'system-check' }),
      );
    });
    socket.addEventListener('message', (event) => {
      let message: { type?: unknown; code?: unknown } = {};
      try {
        message = JSON.parse('data' in event ? String(event.data) : '') as typeof message;
      } catch {
        // not the hub's answer
      }
      finish(
        message.type === 'ready' || (message.type === 'error' && message.code === 'unauthorized'),
      );
    });
    socket.addEventListener('close', () => finish(false));
  });

/**
 * Whether the HTTP fallback's stream flows on this network: its first bytes (the server writes
 * them at once) arrive while the server still holds the stream open. A proxy that buffers
 * answers holds them back until the stream ends, which is after `timeoutMs` (the hub ends an
 * unauthenticated session only after 10 s). Needs no sign-in: a handshake cannot tell, because
 * a signed-out page's refusal ends the stream at once and so gets through any buffer.
 */
export async function probeStreamFlows(timeoutMs: number): Promise<boolean> {
  const base = new URL('/ws', window.location.href).toString();
  const abort = new AbortController();
  const timer = window.setTimeout(() => abort.abort(), timeoutMs);
  let session: string | null = null;
  try {
    const opened = await window.fetch(`${base}/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      cache: 'no-store',
      signal: abort.signal,
    });
    if (opened.status !== 201) return false;
    const parsed = HttpOpenResponse.safeParse(await opened.json());
    if (!parsed.success) return false;
    session = parsed.data.session;
    const stream = await window.fetch(`${base}/stream?cursor=0`, {
      headers: { [HTTP_FALLBACK.sessionHeader]: session },
      cache: 'no-store',
      signal: abort.signal,
    });
    if (stream.status !== 200 || !stream.body) return false;
    const first = await stream.body.getReader().read();
    return !first.done && first.value.byteLength > 0;
  } catch {
    return false;
  } finally {
    window.clearTimeout(timer);
    abort.abort();
    if (session !== null)
      void window
        .fetch(`${base}/close`, {
          method: 'POST',
          headers: { [HTTP_FALLBACK.sessionHeader]: session, 'content-type': 'application/json' },
          body: '{}',
        })
        .catch(() => undefined);
  }
}
