import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  HTTP_FALLBACK,
  httpSendBodySchema,
  type HttpPollResponse,
  type HttpSocketClose,
} from '../../contracts/realtime-http';
import { errorBody } from '../http/errors';
import type { HubSocket } from './hub-socket';

/**
 * The room's HTTP fallback (issue 27, decision 0064): for networks whose proxy cuts WebSockets,
 * the hub's socket carried over plain HTTP. Each session is a virtual socket the hub serves
 * exactly like one at /ws (`hub.attach`): the `auth` handshake, budgets, liveness, sign-out,
 * room fan-out and seq replay are the same code.
 *
 * - `POST /ws/open` starts a session; its id (192 random bits) is the only key to it and travels
 *   in the `x-tomoni-session` header, never in a URL. The session signs in with its first frame
 *   (`auth`), as a socket does, and the hub closes it if that does not come.
 * - `POST /ws/send` carries client frames, in order (`{frames, ack?}`).
 * - Downstream, frames are numbered; `GET /ws/stream?cursor=` streams them as server-sent events
 *   (ended after `HTTP_FALLBACK.holdMs`; the client reopens it), `GET /ws/poll?cursor=` answers
 *   with the queued frames, holding an empty answer up to `HTTP_FALLBACK.holdMs` (for proxies that
 *   buffer streams). A cursor (and a send's `ack`) acknowledges every frame up to it: the rest are
 *   kept, so a lost answer loses nothing and nothing arrives twice.
 * - Unacknowledged bytes are the socket's `bufferedAmount`: past the hub's cap it is closed as
 *   overloaded, as a socket at /ws would be. A session nobody reads for `idleMs` is ended.
 */

const SESSION_HEADER = HTTP_FALLBACK.sessionHeader;

interface Frame {
  index: number;
  data: string;
}

/** One downstream request waiting on (or streaming) the session's frames. */
interface Reader {
  /** New frames (or the close) are there. */
  wake(): void;
  /** Superseded by a newer request or the session ended: finish at once. */
  end(): void;
}

const CLOSED = 3;
const OPEN = 1;

export class HttpSessionSocket extends EventEmitter implements HubSocket {
  readonly OPEN = OPEN;
  readyState = OPEN;
  bufferedAmount = 0;
  /** Frames not yet acknowledged, in order. */
  private frames: Frame[] = [];
  private nextIndex = 1;
  /** How the session ended (delivered after the frames before it). */
  closed: HttpSocketClose | null = null;
  reader: Reader | null = null;
  lastSeenAt: number;

  constructor(
    readonly id: string,
    private readonly now: () => number,
    private readonly onEnd: (socket: HttpSessionSocket) => void,
  ) {
    super();
    this.lastSeenAt = now();
  }

  send(data: Buffer | string): void {
    if (this.readyState !== OPEN) return;
    const text = typeof data === 'string' ? data : data.toString('utf8');
    this.frames.push({ index: this.nextIndex++, data: text });
    this.bufferedAmount += Buffer.byteLength(text);
    this.reader?.wake();
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.closed = { code, reason: reason.slice(0, 120) };
    this.reader?.wake();
    this.emit('close', code, reason);
  }

  /** Ends the session at once (the hub's dead-socket rule, the idle expiry, the client's bye). */
  terminate(): void {
    this.close(1006, 'terminated');
    this.reader?.end();
    this.reader = null;
    this.onEnd(this);
  }

  /** The client is there if it is reading now or was lately. */
  ping(): void {
    if (this.reader || this.now() - this.lastSeenAt < HTTP_FALLBACK.idleMs) {
      queueMicrotask(() => this.emit('pong'));
    }
  }

  /** Frames from the client, in the order sent. */
  receive(frames: readonly string[]): void {
    this.lastSeenAt = this.now();
    for (const frame of frames) {
      if (this.readyState !== OPEN) return;
      this.emit('message', Buffer.from(frame, 'utf8'), false);
    }
  }

  /** Drops every frame up to `cursor` (the client has it). */
  ack(cursor: number): void {
    this.lastSeenAt = this.now();
    let drop = 0;
    while (drop < this.frames.length && this.frames[drop]!.index <= cursor) {
      this.bufferedAmount -= Buffer.byteLength(this.frames[drop]!.data);
      drop++;
    }
    if (drop > 0) this.frames = this.frames.slice(drop);
  }

  /** The frames after `cursor` (all of them still held). */
  after(cursor: number): Frame[] {
    return this.frames.filter((f) => f.index > cursor);
  }

  /** The close is delivered once every frame before it is. */
  closeAfter(cursor: number): HttpSocketClose | null {
    return this.closed && this.after(cursor).length === 0 ? this.closed : null;
  }

  /** A new downstream request replaces the previous one. */
  attachReader(reader: Reader): void {
    const previous = this.reader;
    this.reader = reader;
    previous?.end();
  }

  detachReader(reader: Reader): void {
    if (this.reader === reader) this.reader = null;
    this.lastSeenAt = this.now();
  }
}

export interface HttpSessionOptions {
  /** The hub serves each session as one of its sockets. */
  attach(socket: HubSocket): void;
  now(): number;
  /** How long a downstream request is held (ms). */
  holdMs?: number;
  /** How long a session may go unread before it ends (ms). */
  idleMs?: number;
  /** Sessions open at once on this instance. */
  maxSessions?: number;
}

const cursorOf = (request: FastifyRequest): number | null => {
  const raw = (request.query as Record<string, unknown> | undefined)?.cursor;
  if (raw === undefined) return 0;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/** Registers the fallback's routes under /ws (outside the /v1 rate limit, as /ws is). */
export function registerHttpSessions(app: FastifyInstance, options: HttpSessionOptions) {
  const holdMs = options.holdMs ?? HTTP_FALLBACK.holdMs;
  const idleMs = options.idleMs ?? HTTP_FALLBACK.idleMs;
  const maxSessions = options.maxSessions ?? HTTP_FALLBACK.maxSessions;
  const sessions = new Map<string, HttpSessionSocket>();
  /** The server is stopping: nothing new is opened or held. */
  let closing = false;
  const end = (socket: HttpSessionSocket) => {
    if (sessions.get(socket.id) === socket) sessions.delete(socket.id);
  };

  const sessionOf = (request: FastifyRequest, reply: FastifyReply): HttpSessionSocket | null => {
    if (closing) {
      // Stopping: no request is held, so the server's close does not wait on one.
      void reply.status(503).header('connection', 'close').send(errorBody('internal', 'Stopping'));
      return null;
    }
    const id = request.headers[SESSION_HEADER];
    const socket = typeof id === 'string' ? sessions.get(id) : undefined;
    if (socket) return socket;
    void reply.status(404).send(errorBody('notFound', 'No such realtime session'));
    return null;
  };

  // A session nobody reads is ended (its client went away without a bye).
  const sweep = setInterval(
    () => {
      const t = options.now();
      for (const socket of sessions.values()) {
        if (!socket.reader && t - socket.lastSeenAt > idleMs) socket.terminate();
      }
    },
    Math.min(10_000, idleMs),
  );
  sweep.unref();
  // Before the server stops listening: held requests are answered, so the close does not wait.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(sweep);
    for (const socket of [...sessions.values()]) socket.terminate();
  });

  app.post('/ws/open', async (_request, reply) => {
    if (closing || sessions.size >= maxSessions) {
      return reply.status(503).send(errorBody('tooManyRequests', 'Too many realtime sessions'));
    }
    const id = randomBytes(24).toString('base64url');
    const socket = new HttpSessionSocket(id, options.now, end);
    sessions.set(id, socket);
    options.attach(socket);
    return reply.status(201).send({ session: id });
  });

  app.post('/ws/send', { bodyLimit: HTTP_FALLBACK.maxSendBytes }, async (request, reply) => {
    const parsed = httpSendBodySchema.safeParse(request.body);
    if (!parsed.success) {
      return reply
        .status(400)
        .send(errorBody('badRequest', 'Send {frames: string[], ack?: number}'));
    }
    const socket = sessionOf(request, reply);
    if (!socket) return reply;
    if (parsed.data.ack !== undefined) socket.ack(parsed.data.ack);
    socket.receive(parsed.data.frames);
    return reply.status(204).send();
  });

  app.post('/ws/close', async (request, reply) => {
    const socket = sessionOf(request, reply);
    if (!socket) return reply;
    socket.terminate();
    return reply.status(204).send();
  });

  app.get('/ws/poll', async (request, reply) => {
    const cursor = cursorOf(request);
    if (cursor === null) return reply.status(400).send(errorBody('badRequest', 'Bad cursor'));
    const socket = sessionOf(request, reply);
    if (!socket) return reply;
    socket.ack(cursor);
    void reply.header('cache-control', 'no-store');
    const answer = (): HttpPollResponse => {
      // Every frame after the cursor goes in this answer, so the close (which follows them) too.
      const frames = socket.after(cursor);
      const close = socket.closed;
      if (close) end(socket);
      return {
        frames: frames.map((f) => f.data),
        cursor: frames.at(-1)?.index ?? cursor,
        ...(close ? { close } : {}),
      };
    };
    if (socket.after(cursor).length > 0 || socket.closed) return answer();
    // Held until something is there (then a moment, so a burst goes as one answer) or holdMs.
    return new Promise<HttpPollResponse>((resolve) => {
      let done = false;
      let batch: NodeJS.Timeout | undefined;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(hold);
        clearTimeout(batch);
        socket.detachReader(reader);
        resolve(answer());
      };
      const reader: Reader = {
        wake: () => {
          batch ??= setTimeout(finish, HTTP_FALLBACK.batchMs);
        },
        end: finish,
      };
      const hold = setTimeout(finish, holdMs);
      reply.raw.on('close', finish);
      socket.attachReader(reader);
    });
  });

  app.get('/ws/stream', { compress: false }, async (request, reply) => {
    let cursor = cursorOf(request);
    if (cursor === null) return reply.status(400).send(errorBody('badRequest', 'Bad cursor'));
    const socket = sessionOf(request, reply);
    if (!socket) return reply;
    socket.ack(cursor);
    const body = new PassThrough();
    let done = false;
    const flush = () => {
      for (const frame of socket.after(cursor!)) {
        body.write(`id: ${frame.index}\ndata: ${frame.data}\n\n`);
        cursor = frame.index;
      }
      const close = socket.closeAfter(cursor!);
      if (close) {
        body.write(`event: close\ndata: ${JSON.stringify(close)}\n\n`);
        end(socket);
        finish();
      }
    };
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(hold);
      socket.detachReader(reader);
      body.end();
    };
    const reader: Reader = { wake: flush, end: finish };
    const hold = setTimeout(finish, holdMs);
    reply.raw.on('close', finish);
    socket.attachReader(reader);
    // At once, so the client knows the stream flows (a buffering proxy holds even this back).
    body.write(`: open ${' '.repeat(HTTP_FALLBACK.streamPadding)}\n\n`);
    flush();
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store, no-transform')
      .header('x-accel-buffering', 'no')
      .send(body);
  });
}
