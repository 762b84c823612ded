import { Redis } from 'ioredis';
import {
  deliver,
  RoomBusMessage,
  StreamListBusMessage,
  type RoomBus,
  type Unsubscribe,
} from './bus';

const ROOM_PREFIX = 'tomoni:room:';
const LIST_CHANNEL = 'tomoni:streams';

export interface RedisRoomBusOptions {
  url: string;
  onError?: (e: unknown) => void;
}

/**
 * The room bus over Redis pub/sub: one publishing and one subscribing connection per process.
 * A room's channel is subscribed while the hub has sockets in it. Every message is parsed on
 * arrival (another instance, or another version of it, wrote it). Pub/sub keeps order per
 * publisher; the hub's ordering buffer puts events of several publishers back in seq order.
 */
export class RedisRoomBus implements RoomBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly rooms = new Map<string, Set<(m: RoomBusMessage) => void>>();
  private readonly lists = new Set<(m: StreamListBusMessage) => void>();
  private readonly onError: (e: unknown) => void;
  private listSubscribed = false;

  constructor({ url, onError = () => undefined }: RedisRoomBusOptions) {
    this.onError = onError;
    // Commands wait while reconnecting instead of failing after 20 retries.
    const options = { maxRetriesPerRequest: null, enableAutoPipelining: true };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.sub.on('message', (channel: string, raw: string) => this.receive(channel, raw));
  }

  /** Resolves once both connections are ready (tests and startup checks). */
  async ready(): Promise<void> {
    await Promise.all([this.pub.ping(), this.sub.ping()]);
  }

  private receive(channel: string, raw: string): void {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      this.onError(e);
      return;
    }
    if (channel === LIST_CHANNEL) {
      const parsed = StreamListBusMessage.safeParse(value);
      if (!parsed.success) return this.onError(parsed.error);
      deliver([...this.lists], parsed.data, this.onError);
      return;
    }
    if (!channel.startsWith(ROOM_PREFIX)) return;
    const parsed = RoomBusMessage.safeParse(value);
    if (!parsed.success) return this.onError(parsed.error);
    const listeners = this.rooms.get(parsed.data.streamId);
    if (listeners) deliver([...listeners], parsed.data, this.onError);
  }

  async publishRoom(message: RoomBusMessage): Promise<void> {
    await this.pub.publish(ROOM_PREFIX + message.streamId, JSON.stringify(message));
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

  async publishStreamList(message: StreamListBusMessage): Promise<void> {
    await this.pub.publish(LIST_CHANNEL, JSON.stringify(message));
  }

  subscribeStreamList(listener: (m: StreamListBusMessage) => void): Unsubscribe {
    this.lists.add(listener);
    if (!this.listSubscribed) {
      this.listSubscribed = true;
      this.sub.subscribe(LIST_CHANNEL).catch(this.onError);
    }
    return () => this.lists.delete(listener);
  }

  async close(): Promise<void> {
    this.rooms.clear();
    this.lists.clear();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}
