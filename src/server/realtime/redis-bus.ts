import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  deliver,
  RoomBusMessage,
  SessionBusMessage,
  StreamListBusMessage,
  type RoomBus,
  type Unsubscribe,
} from './bus';

const ROOM_PREFIX = 'tomoni:room:';
const LIST_CHANNEL = 'tomoni:streams';
const SESSION_CHANNEL = 'tomoni:sessions';

export interface RedisRoomBusOptions {
  url: string;
  onError?: (e: unknown) => void;
}

/** Counters for tests and benchmarks. */
export interface RedisRoomBusStats {
  /** Times the subscriber connection came back after losing Redis. */
  reconnects: number;
  /** Room messages not sent to Redis because it was unreachable (local sockets still got them). */
  skippedOffline: number;
}

/**
 * The room bus over Redis pub/sub: one publishing and one subscribing connection per process.
 * A room's channel is subscribed while the hub has sockets in it. Every message is parsed on
 * arrival (another instance, or another version of it, wrote it). Pub/sub keeps order per
 * publisher; the hub's ordering buffer puts events of several publishers back in seq order.
 *
 * Pub/sub forgets what is published while a subscriber is away, so the bus never pretends to be
 * the record (the database log is):
 * - a message reaches this process's own listeners at once, without the round trip through
 *   Redis (each message carries its origin, and a process ignores its own coming back): a Redis
 *   outage never stops the sockets of the instance the host posts to;
 * - while the publishing connection is down, room messages are not queued (a host's request
 *   never waits for Redis); the last `events` message of each such room is published when it is
 *   back, so other instances see the gap and re-read the log;
 * - when the subscribing connection comes back (Redis restarted, a network blip), its channels
 *   are subscribed again and then `onReconnect` listeners run: the hub re-reads every open room.
 */
export class RedisRoomBus implements RoomBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  /** Tells this process's messages from other instances' when they come back from Redis. */
  private readonly origin = randomUUID();
  private readonly rooms = new Map<string, Set<(m: RoomBusMessage) => void>>();
  private readonly lists = new Set<(m: StreamListBusMessage) => void>();
  private readonly sessions = new Set<(m: SessionBusMessage) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  /** The last events message per room that Redis could not take (sent when it is back). */
  private readonly unsent = new Map<string, RoomBusMessage>();
  private readonly onError: (e: unknown) => void;
  private readonly counters: RedisRoomBusStats = { reconnects: 0, skippedOffline: 0 };
  private listSubscribed = false;
  private sessionsSubscribed = false;
  private closed = false;

  constructor({ url, onError = () => undefined }: RedisRoomBusOptions) {
    this.onError = onError;
    // Commands wait while reconnecting instead of failing after 20 retries (subscribe must
    // survive a restart); publishes do not wait (see publishRoom). TCP keepalive notices a
    // silently dead route to Redis.
    const options = { maxRetriesPerRequest: null, enableAutoPipelining: true, keepAlive: 10_000 };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.sub.on('message', (channel: string, raw: string) => this.receive(channel, raw));
    this.pub.on('ready', () => this.flushUnsent());
    let subReadyBefore = false;
    this.sub.on('ready', () => {
      if (!subReadyBefore) {
        subReadyBefore = true;
        return;
      }
      this.counters.reconnects++;
      // ioredis re-sends the subscriptions right after 'ready'; a ping answered after them
      // means they are live, so nothing published from now on is missed by the re-read.
      queueMicrotask(() => {
        this.sub
          .ping()
          .then(() => {
            if (!this.closed) deliver([...this.reconnectListeners], undefined, this.onError);
          })
          .catch(this.onError);
      });
    });
  }

  /** Resolves once both connections are ready (tests and startup checks). */
  async ready(): Promise<void> {
    await Promise.all([this.pub.ping(), this.sub.ping()]);
  }

  stats(): RedisRoomBusStats {
    return { ...this.counters };
  }

  private receive(channel: string, raw: string): void {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      this.onError(e);
      return;
    }
    // Our own message coming back: its listeners already had it.
    if (typeof value === 'object' && value !== null && 'origin' in value) {
      if (value.origin === this.origin) return;
    }
    if (channel === LIST_CHANNEL) {
      const parsed = StreamListBusMessage.safeParse(value);
      if (!parsed.success) return this.onError(parsed.error);
      deliver([...this.lists], parsed.data, this.onError);
      return;
    }
    if (channel === SESSION_CHANNEL) {
      const parsed = SessionBusMessage.safeParse(value);
      if (!parsed.success) return this.onError(parsed.error);
      deliver([...this.sessions], parsed.data, this.onError);
      return;
    }
    if (!channel.startsWith(ROOM_PREFIX)) return;
    const parsed = RoomBusMessage.safeParse(value);
    if (!parsed.success) return this.onError(parsed.error);
    const listeners = this.rooms.get(parsed.data.streamId);
    if (listeners) deliver([...listeners], parsed.data, this.onError);
  }

  private encode(message: RoomBusMessage | StreamListBusMessage | SessionBusMessage): string {
    return JSON.stringify({ ...message, origin: this.origin });
  }

  publishRoom(message: RoomBusMessage): Promise<void> {
    const listeners = this.rooms.get(message.streamId);
    if (listeners) deliver([...listeners], message, this.onError);
    if (this.pub.status !== 'ready') {
      this.counters.skippedOffline++;
      if (message.type === 'events') this.unsent.set(message.streamId, message);
      return Promise.resolve();
    }
    // Not awaited: the caller (a host's request) never waits on Redis; order is kept by the one
    // connection, and a publish lost in a disconnect is caught up like any other.
    this.pub.publish(ROOM_PREFIX + message.streamId, this.encode(message)).catch(this.onError);
    return Promise.resolve();
  }

  private flushUnsent(): void {
    const messages = [...this.unsent.values()];
    this.unsent.clear();
    for (const m of messages) {
      this.pub.publish(ROOM_PREFIX + m.streamId, this.encode(m)).catch(this.onError);
    }
  }

  subscribeRoom(streamId: string, listener: (m: RoomBusMessage) => void): Unsubscribe {
    let set = this.rooms.get(streamId);
    if (!set) {
      this.rooms.set(streamId, (set = new Set()));
      this.sub.subscribe(ROOM_PREFIX + streamId).catch(this.onError);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.rooms.get(streamId) === set) {
        this.rooms.delete(streamId);
        this.sub.unsubscribe(ROOM_PREFIX + streamId).catch(this.onError);
      }
    };
  }

  /** Resolves once the subscription for a room is active on the Redis server. */
  async roomSubscribed(streamId: string): Promise<void> {
    if (this.rooms.has(streamId)) await this.sub.subscribe(ROOM_PREFIX + streamId);
  }

  onReconnect(listener: () => void): Unsubscribe {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  publishStreamList(message: StreamListBusMessage): Promise<void> {
    deliver([...this.lists], message, this.onError);
    // While Redis is away other instances' rooms lists miss this change (they show it again on
    // their next load); the room itself is unaffected.
    if (this.pub.status === 'ready') {
      this.pub.publish(LIST_CHANNEL, this.encode(message)).catch(this.onError);
    }
    return Promise.resolve();
  }

  subscribeStreamList(listener: (m: StreamListBusMessage) => void): Unsubscribe {
    this.lists.add(listener);
    if (!this.listSubscribed) {
      this.listSubscribed = true;
      this.sub.subscribe(LIST_CHANNEL).catch(this.onError);
    }
    return () => this.lists.delete(listener);
  }

  publishSession(message: SessionBusMessage): Promise<void> {
    deliver([...this.sessions], message, this.onError);
    // Like the rooms list: a hint lost while Redis is away is caught up by the pages' re-read
    // when their socket reopens; the records are in the database.
    if (this.pub.status === 'ready') {
      this.pub.publish(SESSION_CHANNEL, this.encode(message)).catch(this.onError);
    }
    return Promise.resolve();
  }

  subscribeSessions(listener: (m: SessionBusMessage) => void): Unsubscribe {
    this.sessions.add(listener);
    if (!this.sessionsSubscribed) {
      this.sessionsSubscribed = true;
      this.sub.subscribe(SESSION_CHANNEL).catch(this.onError);
    }
    return () => this.sessions.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.rooms.clear();
    this.lists.clear();
    this.sessions.clear();
    this.reconnectListeners.clear();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}
