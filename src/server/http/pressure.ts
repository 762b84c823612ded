import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { StreamCommandKind } from '../../contracts/stream';
import { runAsCall, type QueueGauge } from '../db/queue-gauge';
import { errorBody } from './errors';

/**
 * Load shedding (issue 30): at the bell a few hundred pupils sign in within a minute on one line.
 * Once the server is behind, a request that waits in its queue only makes every later one wait
 * longer (measured: p99 31.8 s on PGlite with the CPU shared). So when the event loop lags, the
 * heap runs high, a query has waited too long for a database connection, or too many API calls
 * are in the building, new API calls are answered at once with 503 and Retry-After — before any
 * route has read them, so nothing was done and the client may send the call again
 * (src/lib/api-client.ts waits the answer out, any method; the login form says so and retries by
 * itself).
 *
 * The backlog is read at the database, not from the age of the calls in flight: a call that is
 * slow because of the world outside (a pupil's photo arriving over a school's shared line, a
 * provider's token endpoint) is no backlog, and must not shed the rest of the school.
 *
 * Only the API is shed. The room (`/ws`, its HTTP fallback, and the host's commands to it),
 * media segments, the app's own files and the health check are never refused: a lesson in
 * progress must keep playing while a class next door signs in (a shed pause reached the class
 * only after Retry-After, 2 s later).
 */
export interface PressureLimits {
  /** Mean event-loop delay over the last sample (ms) above which API calls are shed. */
  maxEventLoopDelayMs: number;
  /** API calls being served at once above which new ones are shed (a hard bound). */
  maxInFlight: number;
  /**
   * How long an API call may have waited for database connections (all its queries' waits) before
   * new calls are shed: the queue's age, not its length, is what a pupil feels (a page's burst of
   * 16 reads is normal; reads held up longer than this are not).
   */
  maxQueueMs: number;
  /** Heap in use (bytes) above which API calls are shed; 0 leaves it unwatched. */
  maxHeapUsedBytes: number;
  /** The Retry-After sent with each shed call (seconds). */
  retryAfterS: number;
}

/**
 * What may be shed: the API, except the realtime handshake a room's page opens with and the host's
 * commands to a room (POST /v1/stream/{id}/{play, pause, skip, …}).
 */
const SHEDDABLE = /^\/(v0|v1|v2)(\/|\?|$)/;
const NEVER_SHED = new RegExp(
  `^/v1/(realtime(/|\\?|$)|stream/[^/?]+/(${StreamCommandKind.options.join('|')})(\\?|$))`,
);
export const isSheddable = (url: string): boolean => SHEDDABLE.test(url) && !NEVER_SHED.test(url);

/** How often the event loop's delay and the heap are sampled. */
const SAMPLE_MS = 250;

export async function registerPressureRelief(
  server: FastifyInstance,
  limits: PressureLimits,
  /** The database's connection queue (db/queue-gauge.ts). */
  queue: Pick<QueueGauge, 'longestWaitMs'>,
): Promise<void> {
  await server.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    sampleInterval: SAMPLE_MS,
    // The library measures; what is shed is decided below, by path. (Its own handler would
    // refuse the room and the media too.)
    pressureHandler: () => undefined,
  });
  let inFlight = 0;
  server.addHook('onRequest', async (request, reply) => {
    if (!isSheddable(request.url)) return;
    const queueMs = queue.longestWaitMs();
    if (server.isUnderPressure() || inFlight >= limits.maxInFlight || queueMs > limits.maxQueueMs) {
      request.log.warn({ inFlight, queueMs, load: server.memoryUsage() }, 'shed under pressure');
      return reply
        .status(503)
        .header('retry-after', String(limits.retryAfterS))
        .send(errorBody('serverBusy', 'The server is busy; try again shortly'));
    }
    inFlight += 1;
    // `close` fires once however the exchange ends (answered, aborted, timed out).
    reply.raw.once('close', () => (inFlight -= 1));
  });
  // The rest of each API call runs as one call, so its queries' waits add up (db/queue-gauge.ts).
  server.addHook('onRequest', (request, _reply, done) => {
    if (isSheddable(request.url)) runAsCall(done);
    else done();
  });
}
