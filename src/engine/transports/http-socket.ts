import {
  HTTP_FALLBACK,
  HttpOpenResponse,
  HttpPollResponse,
  HttpSocketClose,
} from '../../contracts/realtime-http';
import type { Scheduler, TimerHandle } from '../time';
import type { SocketLike } from './ws';

/**
 * The hub's socket over plain HTTP (issue 27, decision 0064): a `SocketLike`, so the WebSocket
 * transport (handshake, seq replay, keepalive, reconnect) runs over it unchanged. Upstream,
 * frames go out in order in POSTs (one at a time, batched); downstream, `stream` reads the
 * server-sent events of GET /ws/stream and `longpoll` asks GET /ws/poll again after every answer,
 * each with the cursor of the last frame it has (the server keeps the rest, so nothing is lost or
 * delivered twice). The session's id travels in a header, never in the URL. Any failed request
 * ends the socket with close 1006; the transport then opens a new one and resubscribes.
 *
 * The engine has no network of its own: `fetch`, aborts and the text decoder are injected.
 */

export type HttpSocketMode = 'stream' | 'longpoll';

/** The part of a fetch `Response` the socket reads. */
interface FetchResponseLike {
  readonly status: number;
  json(): Promise<unknown>;
  readonly body: {
    getReader(): {
      read(): Promise<{ done: boolean; value?: Uint8Array }>;
      cancel(): Promise<void>;
    };
  } | null;
}

export type FetchLike = (
  url: string,
  init: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: string;
    /** From `abortable()`. */
    signal?: unknown;
    cache?: 'no-store';
  },
) => Promise<FetchResponseLike>;

export interface HttpSocketDeps {
  fetch: FetchLike;
  /** The hub's /ws URL over http(s), e.g. `https://example.org/ws`. */
  baseUrl: string;
  mode: HttpSocketMode;
  scheduler: Scheduler;
  /** A fresh abort signal and its trigger (`new AbortController()`). */
  abortable(): { signal: unknown; abort(): void };
  /** A streaming UTF-8 decoder (`new TextDecoder()`). */
  decoder(): { decode(chunk?: Uint8Array, options?: { stream?: boolean }): string };
  /** How often received frames are acknowledged while streaming and nothing else is sent (ms). */
  ackEveryMs?: number;
}

type Listener = (event: object) => void;
type EventType = 'open' | 'message' | 'close' | 'error';

const ACK_EVERY_MS = 5_000;

export function createHttpSocket(deps: HttpSocketDeps): SocketLike {
  const { fetch, baseUrl, mode, scheduler } = deps;
  const listeners = new Map<EventType, Listener[]>();
  let state: 'connecting' | 'open' | 'closed' = 'connecting';
  let session: string | null = null;
  let cursor = 0;
  let acked = 0;
  const outbox: string[] = [];
  let sending = false;
  let downstream: { abort(): void } | null = null;
  let ackTimer: TimerHandle | undefined;

  const emit = (type: EventType, event: object) => {
    for (const l of listeners.get(type) ?? []) l(event);
  };

  /** Ends the socket once: the transport hears one close with this code. */
  const finish = (code: number, reason: string) => {
    if (state === 'closed') return;
    state = 'closed';
    downstream?.abort();
    downstream = null;
    if (ackTimer !== undefined) scheduler.clearTimeout(ackTimer);
    emit('close', { code, reason, wasClean: code !== 1006 });
  };

  const headers = (json: boolean): Record<string, string> => ({
    ...(session ? { [HTTP_FALLBACK.sessionHeader]: session } : {}),
    ...(json ? { 'content-type': 'application/json' } : {}),
  });

  const deliver = (frame: string, index: number) => {
    if (state !== 'open' || index <= cursor) return;
    cursor = index;
    emit('message', { data: frame });
  };

  const flush = () => {
    if (sending || state !== 'open' || (outbox.length === 0 && acked === cursor)) return;
    sending = true;
    const frames = outbox.splice(0, HTTP_FALLBACK.maxSendFrames);
    const ack = cursor;
    fetch(`${baseUrl}/send`, {
      method: 'POST',
      headers: headers(true),
      body: JSON.stringify({ frames, ack }),
      cache: 'no-store',
    }).then(
      (response) => {
        sending = false;
        if (response.status !== 204) return finish(1006, `send ${response.status}`);
        acked = Math.max(acked, ack);
        if (outbox.length > 0) flush();
      },
      () => {
        sending = false;
        finish(1006, 'send failed');
      },
    );
  };

  const armAck = () => {
    ackTimer = scheduler.setTimeout(() => {
      ackTimer = undefined;
      if (state !== 'open') return;
      flush();
      armAck();
    }, deps.ackEveryMs ?? ACK_EVERY_MS);
  };

  const poll = async () => {
    while (state === 'open') {
      const abort = deps.abortable();
      downstream = abort;
      const response = await fetch(`${baseUrl}/poll?cursor=${cursor}`, {
        method: 'GET',
        headers: headers(false),
        signal: abort.signal,
        cache: 'no-store',
      });
      if (response.status !== 200) return finish(1006, `poll ${response.status}`);
      const parsed = HttpPollResponse.safeParse(await response.json());
      if (!parsed.success) return finish(1006, 'bad poll answer');
      const { frames, close } = parsed.data;
      const first = parsed.data.cursor - frames.length + 1;
      frames.forEach((frame, i) => deliver(frame, first + i));
      if (close) return finish(close.code, close.reason);
    }
  };

  /** Reads one stream's server-sent events; resolves when the server ends it (to be reopened). */
  const readStream = async () => {
    const abort = deps.abortable();
    downstream = abort;
    const response = await fetch(`${baseUrl}/stream?cursor=${cursor}`, {
      method: 'GET',
      headers: headers(false),
      signal: abort.signal,
      cache: 'no-store',
    });
    if (response.status !== 200 || !response.body) {
      return finish(1006, `stream ${response.status}`);
    }
    const reader = response.body.getReader();
    const decoder = deps.decoder();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done || state !== 'open') return;
      text += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        let id = 0;
        let event = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) id = Number(line.slice(4));
          else if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data = line.slice(6);
        }
        if (event === 'close') {
          let close = { code: 1006, reason: 'closed' };
          try {
            const parsed = HttpSocketClose.safeParse(JSON.parse(data));
            if (parsed.success) close = parsed.data;
          } catch {
            // a close all the same
          }
          return finish(close.code, close.reason);
        }
        if (data && Number.isSafeInteger(id)) deliver(data, id);
      }
    }
  };

  const stream = async () => {
    armAck();
    while (state === 'open') await readStream();
  };

  const start = async () => {
    const response = await fetch(`${baseUrl}/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      cache: 'no-store',
    });
    if (response.status !== 201) return finish(1006, `open ${response.status}`);
    const parsed = HttpOpenResponse.safeParse(await response.json());
    if (!parsed.success) return finish(1006, 'bad open answer');
    if (state !== 'connecting') {
      // Closed before it opened: the server's session goes at once.
      session = parsed.data.session;
      void bye();
      return;
    }
    session = parsed.data.session;
    state = 'open';
    emit('open', {});
    await (mode === 'stream' ? stream() : poll());
  };

  const bye = () =>
    fetch(`${baseUrl}/close`, { method: 'POST', headers: headers(true), body: '{}' }).catch(
      () => undefined,
    );

  start().catch(() => finish(1006, 'unreachable'));

  return {
    send(data: string) {
      if (state === 'connecting') throw new Error('the socket is not open yet');
      if (state !== 'open') return;
      outbox.push(data);
      flush();
    },
    close(code = 1000, reason = '') {
      const wasOpen = state === 'open';
      if (state === 'closed') return;
      if (wasOpen) void bye();
      finish(code, reason);
    },
    addEventListener(type, listener) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
  };
}
