import {
  encodeServerMessage,
  parseClientMessage,
  type ServerMessage,
  type Unversioned,
} from '../../contracts/realtime';
import type {
  JoinPayload,
  LeavePayload,
  RoomEvent,
  RoomModel,
  RoomSnapshot,
  StreamCommand,
} from '../../contracts/stream';
import { initialRoomModel, reduceRoom } from '../reducer';
import { stampHostCommand } from '../schedule';
import type { Scheduler } from '../time';
import { createWsTransport, type SocketLike } from './ws';
import type { CommandResult, RoomTransport } from './types';

/**
 * The memory transport: an in-process hub with the realtime protocol's semantics, reached through
 * memory sockets that satisfy `SocketLike`, so the very same `ws` transport code runs over it.
 * - `createManualNetwork`: frames wait until the test calls `flush()` (message order under the
 *   test's control, as in tldraw's sync-core tests).
 * - `createSoloTransport`: frames are delivered on the next scheduler turn and host commands are
 *   answered locally: solo archive viewing uses the same UI with no server.
 * The delayed network of `testing/network` plugs in through `createMemoryNetwork`'s `link`.
 */

interface HubRoom {
  hostUserId: string;
  log: RoomEvent[];
  model: RoomModel;
  subscribers: Set<HubConnection>;
}

/** One server-side connection of the memory hub. */
export interface HubConnection {
  readonly userId: string;
  /** Handles one raw frame from the client. */
  receive(raw: string): void;
  /** Forgets the connection (its socket closed). */
  close(): void;
}

/**
 * An in-process realtime hub: event log and folded model per stream, subscribe with sinceSeq
 * (snapshot, or exactly the missed events), pong, status relay to the host, host-only commands.
 */
export class MemoryRoomHub {
  private rooms = new Map<string, HubRoom>();
  private connections = new Set<HubConnection>();

  constructor(private readonly now: () => number) {}

  /** Creates a room (no-op when it exists). */
  openRoom(streamId: string, hostUserId: string): void {
    if (this.rooms.has(streamId)) return;
    this.rooms.set(streamId, {
      hostUserId,
      log: [],
      model: initialRoomModel(streamId),
      subscribers: new Set(),
    });
  }

  /** The room as a snapshot (what a new subscriber receives). */
  snapshot(streamId: string): RoomSnapshot | null {
    const room = this.rooms.get(streamId);
    return room ? { streamId, seq: room.model.lastSeq, model: room.model } : null;
  }

  /** Every stored event of a room, in seq order. */
  log(streamId: string): readonly RoomEvent[] {
    return this.rooms.get(streamId)?.log ?? [];
  }

  /** Applies a host command: host only, stamped with the hub's time and the next seq. */
  command(streamId: string, userId: string, command: StreamCommand): CommandResult {
    const room = this.rooms.get(streamId);
    if (!room) return { ok: false, code: 'notFound', message: 'no such stream' };
    if (room.hostUserId !== userId) return { ok: false, code: 'forbidden', message: 'host only' };
    const event = stampHostCommand(command, {
      streamId,
      seq: room.model.lastSeq + 1,
      serverTime: this.now(),
      lastAnchor: room.model.playback.updatedAt,
      userId,
    });
    this.append(room, event);
    return { ok: true, event };
  }

  /** Records a join (joinStream or joinSession) or a leave as an activity event. */
  activity(
    streamId: string,
    activity:
      | { type: 'joinStream' | 'joinSession'; payload: JoinPayload }
      | { type: 'leaveStream'; payload: LeavePayload },
  ): RoomEvent | null {
    const room = this.rooms.get(streamId);
    if (!room) return null;
    const serverTime = Math.round(this.now());
    const base = { streamId, seq: room.model.lastSeq + 1, serverTime, effectiveAt: serverTime };
    const event: RoomEvent =
      activity.type === 'leaveStream'
        ? { ...base, type: 'leaveStream', payload: activity.payload }
        : { ...base, type: activity.type, payload: activity.payload };
    this.append(room, event);
    return event;
  }

  /** Accepts a connection for `userId`; `deliver` sends a frame to that client. */
  accept(userId: string, deliver: (raw: string) => void): HubConnection {
    const send = (message: Unversioned<ServerMessage>) => deliver(encodeServerMessage(message));
    const connection: HubConnection = {
      userId,
      receive: (raw) => this.receive(connection, raw, send),
      close: () => {
        this.connections.delete(connection);
        for (const room of this.rooms.values()) room.subscribers.delete(connection);
      },
    };
    this.connections.add(connection);
    this.senders.set(connection, send);
    return connection;
  }

  private senders = new WeakMap<HubConnection, (m: Unversioned<ServerMessage>) => void>();

  private append(room: HubRoom, event: RoomEvent): void {
    room.log.push(event);
    room.model = reduceRoom(room.model, event);
    for (const c of room.subscribers) {
      this.senders.get(c)?.({ type: 'events', streamId: event.streamId, events: [event] });
    }
  }

  private receive(
    connection: HubConnection,
    raw: string,
    send: (message: Unversioned<ServerMessage>) => void,
  ): void {
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) {
      send({ type: 'error', ...parsed.error });
      return;
    }
    const message = parsed.message;
    switch (message.type) {
      case 'ping':
        send({
          type: 'pong',
          id: message.id,
          clientTime: message.clientTime,
          serverTime: this.now(),
        });
        return;
      case 'auth':
        send({ type: 'ready', userId: connection.userId });
        return;
      case 'subscribe': {
        const room = this.rooms.get(message.streamId);
        if (!room) {
          send({
            type: 'error',
            code: 'notFound',
            message: 'no such stream',
            ref: message.streamId,
          });
          return;
        }
        room.subscribers.add(connection);
        const since = message.sinceSeq;
        if (since === undefined || since > room.model.lastSeq) {
          send({
            type: 'snapshot',
            snapshot: { streamId: message.streamId, seq: room.model.lastSeq, model: room.model },
          });
        } else if (since < room.model.lastSeq) {
          send({ type: 'events', streamId: message.streamId, events: room.log.slice(since) });
        }
        return;
      }
      case 'unsubscribe':
        this.rooms.get(message.streamId)?.subscribers.delete(connection);
        return;
      case 'status': {
        const room = this.rooms.get(message.streamId);
        if (!room) return;
        for (const c of room.subscribers) {
          if (c.userId !== room.hostUserId) continue;
          this.senders.get(c)?.({
            type: 'participantStatus',
            streamId: message.streamId,
            driftMs: message.driftMs,
            buffering: message.buffering,
            position: message.position,
            ...(message.rttMs !== undefined ? { rttMs: message.rttMs } : {}),
            userId: connection.userId,
            at: Math.round(this.now()),
          });
        }
        return;
      }
      case 'subscribeStreams':
      case 'unsubscribeStreams':
        send({
          type: 'error',
          code: 'notFound',
          message: 'the memory hub serves rooms, not the rooms list',
          ref: message.type,
        });
        return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Memory sockets

/**
 * How frames travel: `deliver(direction, run)` must eventually call `run` (once), preserving the
 * order of each direction like a TCP stream does.
 */
export interface MemoryLink {
  deliver(direction: 'up' | 'down', run: () => void): void;
}

type Listener = (event: object) => void;

/** A memory socket pair's client end, plus a way to cut it. */
export interface MemorySocket extends SocketLike {
  /** Simulates the network dropping the connection (both ends see it closed). */
  drop(): void;
  readonly closed: boolean;
}

/**
 * A network of memory sockets to one hub; `connect` is what `createWsTransport` needs. Going
 * offline behaves like TCP on a dead route: new connections fail, and frames of open connections
 * are held (not lost) until the network is back — unless the socket is closed meanwhile.
 */
export const createMemoryNetwork = (
  hub: MemoryRoomHub,
  userId: string,
  link: MemoryLink,
): { connect(): MemorySocket; sockets: MemorySocket[]; setOnline(online: boolean): void } => {
  const sockets: MemorySocket[] = [];
  let online = true;
  let held: Array<() => void> = [];
  // Every frame goes through here, so a dead network holds it in order.
  const carry = (direction: 'up' | 'down', run: () => void) => {
    if (online) link.deliver(direction, run);
    else held.push(() => link.deliver(direction, run));
  };
  const connect = (): MemorySocket => {
    const listeners: Record<string, Listener[]> = { open: [], message: [], close: [], error: [] };
    const emit = (type: string, event: object) => {
      for (const l of listeners[type] ?? []) l(event);
    };
    let closed = false;
    let server: HubConnection | null = null;
    const shut = () => {
      if (closed) return;
      closed = true;
      server?.close();
      // The local end learns of its own close at once, as a browser socket does.
      link.deliver('down', () => emit('close', {}));
    };
    const socket: MemorySocket = {
      get closed() {
        return closed;
      },
      addEventListener: (type, listener) => {
        listeners[type]?.push(listener);
      },
      send: (data) => {
        if (closed) throw new Error('socket closed');
        carry('up', () => {
          if (!closed) server?.receive(data);
        });
      },
      close: shut,
      drop: shut,
    };
    if (!online) {
      shut();
    } else {
      link.deliver('up', () => {
        if (closed) return;
        server = hub.accept(userId, (raw) =>
          carry('down', () => {
            if (!closed) emit('message', { data: raw });
          }),
        );
        carry('down', () => !closed && emit('open', {}));
      });
    }
    sockets.push(socket);
    return socket;
  };
  return {
    connect,
    sockets,
    setOnline: (value) => {
      online = value;
      if (!online) return;
      const frames = held;
      held = [];
      for (const f of frames) f();
    },
  };
};

/** A link whose frames wait in one queue until `flush()`; for tests that control order. */
export const createManualLink = (): MemoryLink & { flush(): number; readonly pending: number } => {
  const queue: Array<() => void> = [];
  return {
    deliver: (_direction, run) => {
      queue.push(run);
    },
    get pending() {
      return queue.length;
    },
    flush: () => {
      let n = 0;
      for (let run = queue.shift(); run; run = queue.shift()) {
        run();
        n++;
      }
      return n;
    },
  };
};

/** A link that delivers on the next scheduler turn (0 ms), in order. */
export const createImmediateLink = (scheduler: Scheduler): MemoryLink => ({
  deliver: (_direction, run) => {
    scheduler.setTimeout(run, 0);
  },
});

/**
 * A transport for solo archive viewing: a private hub whose only user is the host, so play,
 * pause, skip and rate change work exactly as in a room, with no server.
 */
export const createSoloTransport = ({
  streamId,
  userId,
  scheduler,
}: {
  streamId: string;
  userId: string;
  scheduler: Scheduler;
}): RoomTransport & { readonly hub: MemoryRoomHub } => {
  const hub = new MemoryRoomHub(() => scheduler.now());
  hub.openRoom(streamId, userId);
  const network = createMemoryNetwork(hub, userId, createImmediateLink(scheduler));
  const transport = createWsTransport({
    connect: network.connect,
    scheduler,
    postCommand: (id, command) => Promise.resolve(hub.command(id, userId, command)),
  });
  return Object.assign(transport, { hub });
};
