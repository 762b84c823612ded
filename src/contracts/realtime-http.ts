import { z } from 'zod';

/**
 * The room's HTTP fallback (issue 27, decision 0064): the hub's socket protocol
 * (src/contracts/realtime.ts) carried over plain HTTP for networks whose proxy cuts WebSockets.
 * The frames are the same strings a socket carries; only their envelope is here.
 */

export const HTTP_FALLBACK = {
  /** The header that carries a session's id (never a URL: URLs end up in logs). */
  sessionHeader: 'x-tomoni-session',
  /** How long a downstream request (stream or poll) is held before it is answered or ended (ms). */
  holdMs: 25_000,
  /** A held poll waits this long after the first new frame, so a burst goes as one answer (ms). */
  batchMs: 5,
  /** A session nobody has read for this long is ended (ms). */
  idleMs: 40_000,
  /** Sessions one server instance holds at once. */
  maxSessions: 20_000,
  /** The largest upstream request (bytes): a socket frame is at most 64 KiB. */
  maxSendBytes: 256 * 1024,
  /** Frames in one upstream request. */
  maxSendFrames: 64,
  /** Spaces in the stream's first comment, past the small buffers some proxies keep. */
  streamPadding: 2048,
} as const;

/** How the way to this hub goes: the WebSocket, or the fallback's stream or long-poll. */
export const RealtimePath = z.enum(['ws', 'stream', 'longpoll']);
export type RealtimePath = z.infer<typeof RealtimePath>;

/** POST /ws/open's answer. */
export const HttpOpenResponse = z.object({ session: z.string().min(16).max(64) });
export type HttpOpenResponse = z.infer<typeof HttpOpenResponse>;

/** POST /ws/send: client frames in the order sent, and the last downstream frame received. */
export const httpSendBodySchema = z.object({
  frames: z.array(z.string().max(64 * 1024)).max(HTTP_FALLBACK.maxSendFrames),
  ack: z.number().int().nonnegative().optional(),
});

/** How a session ended (a socket's close code and reason). */
export const HttpSocketClose = z.object({ code: z.number().int(), reason: z.string() });
export type HttpSocketClose = z.infer<typeof HttpSocketClose>;

/** GET /ws/poll's answer: frames after the cursor, the new cursor, and the close if it ended. */
export const HttpPollResponse = z.object({
  frames: z.array(z.string()),
  cursor: z.number().int().nonnegative(),
  close: HttpSocketClose.optional(),
});
export type HttpPollResponse = z.infer<typeof HttpPollResponse>;
