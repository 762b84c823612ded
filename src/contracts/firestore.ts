import { z } from 'zod';

/**
 * The Firestore layout the server writes and the browser reads (firestore.rules guards it).
 * Every document is appended once or rewritten only on a rare change, so no document is written
 * more than about once a second (Firestore's sustained limit per document):
 *
 * - `streams/{streamId}`: who may read the room (hostUserId, groupIds, schoolIds), written when
 *   the room is created or changed.
 * - `streams/{streamId}/events/{seq}`: one document per room event (play … terminate, joinStream,
 *   leaveStream), `{seq, event}` with the event as the contract's JSON; never rewritten.
 * - `streams/{streamId}/messages/{id}`: one document per room broadcast (comments, tallies,
 *   outputs …), `{at, message}`; never rewritten.
 * - `groups/{groupId}/streams/{streamId}`: the rooms list of a group, `{stream, removed, at}`,
 *   rewritten when the room is created, changed or ended.
 * - `sessions/{sessionId}/feeds/{feed}/changes/{id}`: the live session pages' hints (a new
 *   output, reaction, comment …: `SessionChange`, ids only), `{at, change}`; never rewritten. The
 *   feed is the wall the rules check: `school-{id}` (the actor's school hears it), `user-{id}` (an
 *   actor outside every school: only they hear it) and `all` (provider staff hear every school).
 */
export const FS = {
  stream: (streamId: string) => `streams/${streamId}`,
  events: (streamId: string) => `streams/${streamId}/events`,
  /** Zero-padded so the document ids sort like the seqs. */
  eventId: (seq: number) => String(seq).padStart(10, '0'),
  messages: (streamId: string) => `streams/${streamId}/messages`,
  groupStreams: (groupId: string) => `groups/${groupId}/streams`,
  sessionChanges: (sessionId: string, feed: string) =>
    `sessions/${sessionId}/feeds/${feed}/changes`,
} as const;

/** The session feeds a change is written to: its actor's school (or the actor), and `all`. */
export const sessionFeedsOf = (actorId: string, schoolId: string | null): string[] => [
  schoolId === null ? `user-${actorId}` : `school-${schoolId}`,
  'all',
];

/** The one session feed a reader listens to (the same walls as the hub's `hearsChange`). */
export const sessionFeedFor = (
  uid: string,
  claims: { role: string; school: string | null },
): string =>
  claims.role === 'staff' || claims.role === 'admin'
    ? 'all'
    : claims.school === null
      ? `user-${uid}`
      : `school-${claims.school}`;

/** Bounds of what the server writes (a document is at most 1 MiB; an event is far smaller). */
const JSON_MAX = 200_000;

/** `streams/{id}/events/{seq}`: the event as the contract's JSON (parsed again by the reader). */
export const EventDoc = z.object({
  seq: z.number().int().positive(),
  event: z.string().min(2).max(JSON_MAX),
});
export type EventDoc = z.infer<typeof EventDoc>;

/** `streams/{id}/messages/{id}`: a room broadcast (a server message) and when it was sent. */
export const MessageDoc = z.object({
  at: z.number().nonnegative(),
  message: z.string().min(2).max(JSON_MAX),
});
export type MessageDoc = z.infer<typeof MessageDoc>;

/** `sessions/{id}/feeds/{feed}/changes/{id}`: a session change (the contract's JSON). */
export const SessionChangeDoc = z.object({
  at: z.number().nonnegative(),
  change: z.string().min(2).max(JSON_MAX),
});
export type SessionChangeDoc = z.infer<typeof SessionChangeDoc>;

/** `groups/{groupId}/streams/{streamId}`: one room of a group's list. */
export const GroupStreamDoc = z.object({
  at: z.number().nonnegative(),
  removed: z.boolean(),
  stream: z.string().min(2).max(JSON_MAX),
});
export type GroupStreamDoc = z.infer<typeof GroupStreamDoc>;

/** `streams/{id}`: what the rules read to decide who may open the room. */
export const StreamAccessDoc = z.object({
  hostUserId: z.string(),
  groupIds: z.array(z.string()),
  schoolIds: z.array(z.string()),
  sessionId: z.string(),
  at: z.number().nonnegative(),
});
export type StreamAccessDoc = z.infer<typeof StreamAccessDoc>;
