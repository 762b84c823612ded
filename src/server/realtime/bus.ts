import { z } from 'zod';
import { Id, Stream } from '../../contracts/entities';
import { ServerMessage, SessionChange } from '../../contracts/realtime';
import { RoomEventBatch } from '../../contracts/stream';

/**
 * The room bus: how a stored event (or a comment, a tally, a follower report) reaches every hub
 * that has sockets in the room. In one process it is a Map of listeners; with REDIS_URL it is
 * Redis pub/sub, so several server instances behind a load balancer share rooms. Publishers are
 * the routes; the only subscriber is the realtime hub, once per room (never once per socket).
 *
 * The bus is a fast path, never the record: the database log is. A remote bus may lose messages
 * (Redis restarting, a network blip); it then calls its `onReconnect` listeners, and the hub
 * re-reads the log of every open room, besides its own heartbeat that does the same every
 * ROOM_HEAD_INTERVAL_MS.
 */

/**
 * What travels on a room's channel, `type`-discriminated like every room message; events use
 * the room envelope (`RoomEventBatch`) the wire and the room log share.
 */
export const RoomBusMessage = z.discriminatedUnion('type', [
  /** Events appended to the log, in seq order. */
  z.object({ type: z.literal('events'), ...RoomEventBatch.shape }),
  /** A message for every socket in the room (live comment, vote tally). */
  z.object({ type: z.literal('broadcast'), streamId: Id, message: ServerMessage }),
  /** A message for one user's sockets in the room (participantStatus for the host). */
  z.object({ type: z.literal('toUser'), streamId: Id, userId: Id, message: ServerMessage }),
]);
export type RoomBusMessage = z.infer<typeof RoomBusMessage>;

/** A stream was created or changed; `previousGroupIds` lets lists that lost it remove it. */
export const StreamListBusMessage = z.object({
  stream: Stream,
  previousGroupIds: z.array(Id),
  /** The room was ended (terminate): it leaves every list at once, like a deleted one. */
  ended: z.boolean().optional(),
});
export type StreamListBusMessage = z.infer<typeof StreamListBusMessage>;

/**
 * A session's page changed (issue 14, live pages): published once after the write commits. The
 * school of the person who acted decides who is told (walls: a school never hears another
 * school's activity; provider roles hear all); the wire message carries the change only.
 */
export const SessionBusMessage = z.object({
  change: SessionChange,
  /** Who acted (told even when outside every school). */
  actorId: Id,
  /** The actor's school; null for provider accounts without one. */
  schoolId: z.nullable(Id),
});
export type SessionBusMessage = z.infer<typeof SessionBusMessage>;

export type Unsubscribe = () => void;

export interface RoomBus {
  publishRoom(message: RoomBusMessage): Promise<void>;
  /** Listens to one room; the hub calls it once per room with local sockets. */
  subscribeRoom(streamId: string, listener: (message: RoomBusMessage) => void): Unsubscribe;
  /** Resolves once a room subscription is live (a remote bus subscribes asynchronously). */
  roomSubscribed?(streamId: string): Promise<void>;
  /**
   * Called after the bus lost its connection and has it back, its subscriptions live again:
   * messages published meanwhile may be lost, so listeners re-read what they need.
   */
  onReconnect?(listener: () => void): Unsubscribe;
  publishStreamList(message: StreamListBusMessage): Promise<void>;
  subscribeStreamList(listener: (message: StreamListBusMessage) => void): Unsubscribe;
  /** A session page's activity (outputs, reactions, comments); one channel for every session. */
  publishSession(message: SessionBusMessage): Promise<void>;
  subscribeSessions(listener: (message: SessionBusMessage) => void): Unsubscribe;
  close(): Promise<void>;
}

/** Calls each listener; one failing listener neither stops the others nor the publisher. */
export function deliver<M>(
  listeners: Iterable<(m: M) => void>,
  message: M,
  onError: (e: unknown) => void,
): void {
  for (const listener of listeners) {
    try {
      listener(message);
    } catch (e) {
      onError(e);
    }
  }
}

/** The default bus: in-process, synchronous, no serialisation. */
export class MemoryRoomBus implements RoomBus {
  private readonly rooms = new Map<string, Set<(m: RoomBusMessage) => void>>();
  private readonly lists = new Set<(m: StreamListBusMessage) => void>();
  private readonly sessions = new Set<(m: SessionBusMessage) => void>();

  constructor(private readonly onError: (e: unknown) => void = () => undefined) {}

  publishRoom(message: RoomBusMessage): Promise<void> {
    const listeners = this.rooms.get(message.streamId);
    if (listeners) deliver([...listeners], message, this.onError);
    return Promise.resolve();
  }

  subscribeRoom(streamId: string, listener: (m: RoomBusMessage) => void): Unsubscribe {
    let set = this.rooms.get(streamId);
    if (!set) this.rooms.set(streamId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.rooms.get(streamId) === set) this.rooms.delete(streamId);
    };
  }

  publishStreamList(message: StreamListBusMessage): Promise<void> {
    deliver([...this.lists], message, this.onError);
    return Promise.resolve();
  }

  subscribeStreamList(listener: (m: StreamListBusMessage) => void): Unsubscribe {
    this.lists.add(listener);
    return () => this.lists.delete(listener);
  }

  publishSession(message: SessionBusMessage): Promise<void> {
    deliver([...this.sessions], message, this.onError);
    return Promise.resolve();
  }

  subscribeSessions(listener: (m: SessionBusMessage) => void): Unsubscribe {
    this.sessions.add(listener);
    return () => this.sessions.delete(listener);
  }

  close(): Promise<void> {
    this.rooms.clear();
    this.lists.clear();
    this.sessions.clear();
    return Promise.resolve();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The room bus (memory, or Redis when REDIS_URL is set); routes publish, the hub listens. */
    roomBus: RoomBus;
  }
}
