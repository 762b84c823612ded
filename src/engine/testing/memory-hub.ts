import {
  encodeServerMessage,
  parseClientMessage,
  protocolVersionOf,
  PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  WS_CLOSE,
  type ServerMessage,
  type Unversioned,
} from '../../contracts/realtime';
import {
  PLAYBACK_COMMAND_KINDS,
  type JoinPayload,
  type LeavePayload,
  type RoomEvent,
  type RoomSnapshot,
  type StreamCommand,
} from '../../contracts/stream';
import { RoomLog } from '../room-log';
import { stampHostCommand } from '../schedule';
import type { Scheduler } from '../time';
import type { SocketLike } from '../transports/ws';
import type { CommandResult, PostCommand } from '../transports/types';

/**
 * The memory hub: an in-process stand-in for the server's `/ws` hub with the same protocol
 * semantics — the handshake (`auth` first, protocol version checked), subscribe with sinceSeq
 * (exactly the missed events from the replay window, else a snapshot), access (a non-member is
 * answered like an unknown room), host-only commands, status relay to the host, and a room bus
 * whose deliveries go through a `RoomLog` (duplicates dropped, a gap filled from the stored log).
 * It is reached through memory sockets that satisfy `SocketLike`, so the real `ws` transport runs
 * over it. Tests only: `transport-conformance.ts` runs the same scenarios here and on `/ws`.
 */

const PLAYBACK: ReadonlySet<string> = new Set(PLAYBACK_COMMAND_KINDS);
/** Events per room kept for replay, as the server's ROOM_DEFAULTS.replayMax. */
const REPLAY_MAX = 2048;

interface HubRoom {
  hostUserId: string;
  /** Who may open the room besides the host; null: anyone. */
  members: ReadonlySet<string> | null;
  /** The record (the server's stream_events table). */
  stored: RoomEvent[];
  /** What the hub has delivered (the server hub's per-room log). */
  log: RoomLog;
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

interface ConnectionState {
  send(message: Unversioned<ServerMessage>): void;
  /** Closes from the hub's side with a WebSocket close code. */
  shut(code: number): void;
  ready: boolean;
  rooms: Set<string>;
}

export class MemoryRoomHub {
  private rooms = new Map<string, HubRoom>();
  private connections = new Map<HubConnection, ConnectionState>();

  constructor(private readonly now: () => number) {}

  /** Creates a room (no-op when it exists); with `members`, only they and the host may open it. */
  openRoom(streamId: string, hostUserId: string, members?: readonly string[]): void {
    if (this.rooms.has(streamId)) return;
    this.rooms.set(streamId, {
      hostUserId,
      members: members ? new Set(members) : null,
      stored: [],
      log: new RoomLog(streamId, REPLAY_MAX),
      subscribers: new Set(),
    });
  }

  /** The room as a snapshot (what a new subscriber receives). */
  snapshot(streamId: string): RoomSnapshot | null {
    return this.rooms.get(streamId)?.log.snapshot() ?? null;
  }

  /** Every stored event of a room, in seq order. */
  log(streamId: string): readonly RoomEvent[] {
    return this.rooms.get(streamId)?.stored ?? [];
  }

  /** Applies a host command: host only, stamped with the hub's time and the next seq. */
  command(streamId: string, userId: string, command: StreamCommand): CommandResult {
    const room = this.rooms.get(streamId);
    if (!room || !this.mayOpen(room, userId)) {
      return { ok: false, code: 'notFound', message: 'no such stream' };
    }
    if (room.hostUserId !== userId) return { ok: false, code: 'forbidden', message: 'host only' };
    const head = this.head(room);
    if (head.model.terminated && PLAYBACK.has(command.type)) {
      return { ok: false, code: 'conflict', message: 'the room has ended' };
    }
    const event = stampHostCommand(command, { model: head.model, serverTime: this.now(), userId });
    this.store(room, event);
    this.publish(streamId, [event]);
    return { ok: true, event };
  }

  /** `command` as the room client's injected function for one user. */
  postCommandAs(userId: string): PostCommand {
    return (streamId, command) => Promise.resolve(this.command(streamId, userId, command));
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
    const seq = this.head(room).lastSeq + 1;
    const base = { streamId, seq, serverTime, effectiveAt: serverTime };
    const event: RoomEvent =
      activity.type === 'leaveStream'
        ? { ...base, type: 'leaveStream', payload: activity.payload }
        : { ...base, type: activity.type, payload: activity.payload };
    this.store(room, event);
    this.publish(streamId, [event]);
    return event;
  }

  /**
   * Stores an event without publishing it (a bus message lost between the append and the hub);
   * the next delivery after it shows the gap, which the hub fills from the record.
   */
  storeUnpublished(event: RoomEvent): void {
    const room = this.rooms.get(event.streamId);
    if (room) this.store(room, event);
  }

  /** Delivers events on the room's bus as published (any order, duplicates allowed). */
  publish(streamId: string, events: readonly RoomEvent[]): void {
    const room = this.rooms.get(streamId);
    if (!room) return;
    const delivered = room.log.add(events);
    // The server waits a moment for a reordered publish before re-reading; in memory the
    // record is at hand, so a gap is filled at once.
    const filled = room.log.gap ? room.log.add(room.stored.slice(room.log.lastSeq)) : [];
    const out = [...delivered, ...filled];
    if (out.length === 0) return;
    for (const c of room.subscribers) {
      this.connections.get(c)?.send({ type: 'events', streamId, events: out });
    }
  }

  /** Closes every connection of a user from the hub's side (a server restart, a dropped route). */
  dropUser(userId: string, code = 1012): void {
    for (const [c, state] of [...this.connections]) if (c.userId === userId) state.shut(code);
  }

  /**
   * Accepts a connection for `userId` (who the network says it is; the handshake still comes
   * first). `deliver` sends a frame to that client, `shut` closes it with a code.
   */
  accept(
    userId: string,
    deliver: (raw: string) => void,
    shut: (code: number) => void,
  ): HubConnection {
    const connection: HubConnection = {
      userId,
      receive: (raw) => this.receive(connection, raw),
      close: () => {
        this.connections.delete(connection);
        for (const room of this.rooms.values()) room.subscribers.delete(connection);
      },
    };
    this.connections.set(connection, {
      send: (message) => deliver(encodeServerMessage(message)),
      shut: (code) => {
        connection.close();
        shut(code);
      },
      ready: false,
      rooms: new Set(),
    });
    return connection;
  }

  private mayOpen(room: HubRoom, userId: string): boolean {
    return room.hostUserId === userId || room.members === null || room.members.has(userId);
  }

  /** The head of the record, folded with the engine's log (what the server's sequencer holds). */
  private head(room: HubRoom): RoomLog {
    const head = new RoomLog(room.log.streamId);
    head.add(room.stored);
    return head;
  }

  private store(room: HubRoom, event: RoomEvent): void {
    if (event.seq !== room.stored.length + 1) throw new Error('events must continue the log');
    room.stored.push(event);
  }

  private receive(connection: HubConnection, raw: string): void {
    const state = this.connections.get(connection);
    if (!state) return;
    const { send } = state;
    if (!state.ready) {
      // The handshake: an `auth` in a protocol version this hub speaks, before anything else.
      const version = protocolVersionOf(raw);
      if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
        send({
          type: 'error',
          code: 'versionMismatch',
          message: `protocol ${version} is not supported`,
          supported: [...SUPPORTED_PROTOCOL_VERSIONS],
        });
        state.shut(WS_CLOSE.versionMismatch);
        return;
      }
      const first = parseClientMessage(raw);
      if (!first.ok || first.message.type !== 'auth') {
        send({ type: 'error', code: 'unauthorized', message: 'the first message must be auth' });
        state.shut(WS_CLOSE.signedOut);
        return;
      }
      state.ready = true;
      send({ type: 'ready', userId: connection.userId, protocol: PROTOCOL_VERSION });
      return;
    }
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
        send({ type: 'ready', userId: connection.userId, protocol: PROTOCOL_VERSION });
        return;
      case 'subscribe': {
        const room = this.rooms.get(message.streamId);
        if (!room || !this.mayOpen(room, connection.userId)) {
          send({ type: 'error', code: 'notFound', message: 'no such room', ref: message.streamId });
          return;
        }
        room.subscribers.add(connection);
        state.rooms.add(message.streamId);
        const missed =
          message.sinceSeq === undefined ? null : room.log.eventsSince(message.sinceSeq);
        if (missed === null) send({ type: 'snapshot', snapshot: room.log.snapshot() });
        else send({ type: 'events', streamId: message.streamId, events: missed });
        return;
      }
      case 'unsubscribe':
        this.rooms.get(message.streamId)?.subscribers.delete(connection);
        state.rooms.delete(message.streamId);
        return;
      case 'status': {
        const room = this.rooms.get(message.streamId);
        if (!room || !state.rooms.has(message.streamId)) {
          send({
            type: 'error',
            code: 'forbidden',
            message: 'subscribe to the room first',
            ref: message.streamId,
          });
          return;
        }
        if (connection.userId === room.hostUserId) return;
        for (const c of room.subscribers) {
          if (c.userId !== room.hostUserId) continue;
          this.connections.get(c)?.send({
            type: 'participantStatus',
            streamId: message.streamId,
            driftMs: message.driftMs,
            buffering: message.buffering,
            position: message.position,
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
        server = hub.accept(
          userId,
          (raw) =>
            carry('down', () => {
              if (!closed) emit('message', { data: raw });
            }),
          (code) => {
            // The hub forgets it at once; frames sent before the close still arrive first.
            server = null;
            carry('down', () => {
              if (closed) return;
              closed = true;
              emit('close', { code });
            });
          },
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
