import type { FastifyInstance } from 'fastify';
import {
  encodeServerMessage,
  PROTOCOL_VERSION,
  type ClientMessage,
  type RealtimeErrorCode,
  type ServerMessage,
  type Unversioned,
} from '../../contracts/realtime';
import type { Stream } from '../../contracts/entities';
import type { RoomEvent } from '../../contracts/stream';
import { RoomLog } from '../../engine/room-log';
import { systemClock, type ServerClock } from '../clock';
import type { Db } from '../db/database';
import {
  findStream,
  loadEvents,
  loadHeads,
  mayAccessStream,
  schoolsOfGroups,
  viewerOf,
  type Viewer,
} from '../streams/repository';
import type { RoomBus, RoomBusMessage, StreamListBusMessage, Unsubscribe } from './bus';
import type { HubConnection, RealtimeHub } from './hub';

/**
 * Rooms on the realtime hub: `subscribe` (with `sinceSeq`: exactly the missed events, or a
 * snapshot folded with the engine's reducer; then live events in seq order), `unsubscribe`,
 * `subscribeStreams` (the rooms list of the user's groups), and `status` (a follower's report,
 * relayed to the room's host only).
 *
 * Fan-out: the hub listens to the room bus once per room, folds each event once, serialises each
 * outgoing message once per room and writes the same buffer to every socket — no per-socket
 * database work or JSON on the hot path.
 *
 * The bus may lose messages (Redis restarting, a blip between this instance and Redis); the log in
 * the database is the record. So every `headIntervalMs` the hub reads the head seq of every open
 * room in one query, delivers from the log what its bus missed, and sends each socket a `head`
 * message with the room's last seq — a quiet room included, so a client that missed the last
 * event notices it and resubscribes with sinceSeq. When the bus reports a reconnect, the same
 * catch-up runs at once.
 */

const ROOM_DEFAULTS = {
  /** Events per room kept for replay on reconnect; an older sinceSeq gets a snapshot. */
  replayMax: 2048,
  /** How long an out-of-order event waits for its gap to fill before the log is re-read (ms). */
  gapFillMs: 500,
  /** A follower's `status` reaches the host at most once per socket, room and interval (ms). */
  statusIntervalMs: 1000,
  /** The room heartbeat: log heads re-read and `head` sent to every socket this often (ms). */
  headIntervalMs: 5000,
} as const;

export interface RoomHubOptions {
  hub: RealtimeHub;
  db: Db;
  bus: RoomBus;
  /** The server's one clock. */
  now?: ServerClock;
  replayMax?: number;
  gapFillMs?: number;
  statusIntervalMs?: number;
  headIntervalMs?: number;
}

/** One socket's relay of its status reports to one room's host: latest wins, one per interval. */
interface StatusRelay {
  lastSentAt: number;
  pending: ServerMessage | null;
  timer: NodeJS.Timeout | undefined;
}

interface Room {
  streamId: string;
  hostUserId: string;
  log: RoomLog;
  sockets: Set<HubConnection>;
  loaded: Promise<void>;
  disposed: boolean;
  unsubscribe: Unsubscribe;
  gapTimer: NodeJS.Timeout | undefined;
  /** The serialised snapshot at `seq`, shared by every late joiner until the next event. */
  snapshotCache: { seq: number; data: Buffer } | null;
}

/** How long a room's access facts (host, groups, their schools) are reused (ms). */
const ACCESS_CACHE_MS = 5_000;

interface RoomAccess {
  hostUserId: string;
  groupIds: string[];
  schoolIds: string[];
}

interface Membership {
  rooms: Set<string>;
  streamList: { sessionId?: string } | null;
  /** The user's groups, read once per connection (and again after a re-auth). */
  viewer: { userId: string; viewer: Promise<Viewer> } | null;
  /** Room messages of one socket run in arrival order (subscribe awaits the database). */
  queue: Promise<void>;
}

const encode = (message: Unversioned<ServerMessage>): Buffer =>
  Buffer.from(encodeServerMessage(message));

export interface RoomHub {
  /** Rooms with local sockets (tests, benchmarks). */
  roomCount(): number;
  /** Reads the log heads of every open room and delivers what the bus missed (tests). */
  catchUp(): Promise<void>;
  /** Counters for tests and benchmarks. */
  stats(): RoomHubStats;
}

interface RoomHubStats {
  /** Events delivered from the log because the bus had not brought them. */
  caughtUp: number;
  /** Catch-ups run because the bus came back after losing its connection. */
  reconnectCatchUps: number;
}

export function registerRoomHub(app: FastifyInstance, options: RoomHubOptions): RoomHub {
  const { hub, db, bus } = options;
  const now = options.now ?? systemClock;
  const replayMax = options.replayMax ?? ROOM_DEFAULTS.replayMax;
  const gapFillMs = options.gapFillMs ?? ROOM_DEFAULTS.gapFillMs;
  const statusIntervalMs = options.statusIntervalMs ?? ROOM_DEFAULTS.statusIntervalMs;
  const headIntervalMs = options.headIntervalMs ?? ROOM_DEFAULTS.headIntervalMs;
  const counters: RoomHubStats = { caughtUp: 0, reconnectCatchUps: 0 };
  const statusRelays = new WeakMap<HubConnection, Map<string, StatusRelay>>();
  const log = app.log;
  const rooms = new Map<string, Room>();
  const members = new WeakMap<HubConnection, Membership>();
  const listFollowers = new Set<HubConnection>();

  const membership = (c: HubConnection): Membership => {
    let m = members.get(c);
    if (!m) {
      m = { rooms: new Set(), streamList: null, viewer: null, queue: Promise.resolve() };
      members.set(c, m);
    }
    return m;
  };

  const viewerFor = (c: HubConnection): Promise<Viewer> => {
    const m = membership(c);
    if (m.viewer?.userId !== c.auth.user.id) {
      m.viewer = { userId: c.auth.user.id, viewer: viewerOf(db, c.auth.user) };
    }
    return m.viewer.viewer;
  };

  const sendError = (c: HubConnection, code: RealtimeErrorCode, message: string, ref?: string) =>
    hub.send(
      c,
      ref === undefined ? { type: 'error', code, message } : { type: 'error', code, message, ref },
    );

  // -------------------------------------------------------------------------------------------
  // Rooms

  const fanOut = (room: Room, data: Buffer, only?: (c: HubConnection) => boolean) => {
    for (const c of room.sockets) if (!only || only(c)) hub.sendEncoded(c, data);
  };

  const deliverEvents = (room: Room, events: readonly RoomEvent[]) => {
    const delivered = room.log.add(events);
    if (delivered.length > 0) {
      room.snapshotCache = null;
      fanOut(room, encode({ type: 'events', streamId: room.streamId, events: delivered }));
    }
    if (room.log.gap) armGapFill(room);
  };

  // A missing seq (lost, or reordered between publishers) is read back from the log.
  const armGapFill = (room: Room) => {
    if (room.gapTimer || room.disposed) return;
    room.gapTimer = setTimeout(() => {
      room.gapTimer = undefined;
      if (room.disposed || !room.log.gap) return;
      loadEvents(db, room.streamId, room.log.lastSeq)
        .then((events) => {
          if (!room.disposed) deliverEvents(room, events);
        })
        .catch((e: unknown) => log.error({ err: e }, 'room gap fill failed'));
    }, gapFillMs);
    room.gapTimer.unref();
  };

  const onRoomMessage = (room: Room, message: RoomBusMessage) => {
    switch (message.type) {
      case 'events':
        return deliverEvents(room, message.events);
      case 'broadcast':
        return fanOut(room, Buffer.from(JSON.stringify(message.message)));
      case 'toUser':
        return fanOut(
          room,
          Buffer.from(JSON.stringify(message.message)),
          (c) => c.auth.user.id === message.userId,
        );
    }
  };

  const openRoom = (streamId: string, hostUserId: string): Room => {
    const existing = rooms.get(streamId);
    if (existing) return existing;
    let loading = true;
    const early: RoomBusMessage[] = [];
    const room: Room = {
      streamId,
      hostUserId,
      log: new RoomLog(streamId, replayMax),
      sockets: new Set(),
      loaded: Promise.resolve(),
      disposed: false,
      unsubscribe: () => undefined,
      gapTimer: undefined,
      snapshotCache: null,
    };
    // Subscribe before reading the log, so nothing published meanwhile is missed.
    room.unsubscribe = bus.subscribeRoom(streamId, (m) => {
      if (loading) early.push(m);
      else onRoomMessage(room, m);
    });
    room.loaded = (async () => {
      try {
        await bus.roomSubscribed?.(streamId);
        room.log.add(await loadEvents(db, streamId));
      } finally {
        loading = false;
      }
      // Nobody is subscribed yet: early events only advance the log.
      for (const m of early) if (m.type === 'events') room.log.add(m.events);
      if (room.log.gap) armGapFill(room);
    })();
    rooms.set(streamId, room);
    return room;
  };

  /**
   * Reads the head seq of every loaded room (one query) and delivers from the log whatever the
   * bus has not brought. Runs on the heartbeat and when the bus comes back.
   */
  let catchingUp: Promise<void> | null = null;
  let again: Promise<void> | null = null;
  const catchUp = (): Promise<void> => {
    // One at a time, so a slow database never stacks up heartbeats; but one asked for during a
    // run (the bus just came back) runs once more after it, since that run may have read the
    // heads before the events it must find.
    if (catchingUp) {
      again ??= catchingUp
        .catch(() => undefined)
        .then(() => {
          again = null;
          return catchUp();
        });
      return again;
    }
    const run = (async () => {
      // Yield first, so the `finally` below never runs before `catchingUp` is set.
      await Promise.resolve();
      try {
        const open = [...rooms.values()].filter((r) => !r.disposed);
        if (open.length === 0) return;
        await Promise.all(open.map((r) => r.loaded.catch(() => undefined)));
        const heads = await loadHeads(
          db,
          open.map((r) => r.streamId),
        );
        await Promise.all(
          open.map(async (room) => {
            const head = heads.get(room.streamId) ?? 0;
            if (room.disposed || head <= room.log.lastSeq) return;
            const events = await loadEvents(db, room.streamId, room.log.lastSeq);
            if (room.disposed) return;
            const before = room.log.lastSeq;
            deliverEvents(room, events);
            counters.caughtUp += room.log.lastSeq - before;
          }),
        );
      } finally {
        catchingUp = null;
      }
    })();
    catchingUp = run;
    return run;
  };

  const sendHeads = () => {
    for (const room of rooms.values()) {
      if (room.disposed || room.sockets.size === 0) continue;
      fanOut(room, encode({ type: 'head', streamId: room.streamId, seq: room.log.lastSeq }));
    }
  };

  const heartbeat = setInterval(() => {
    catchUp()
      .catch((e: unknown) => log.error({ err: e }, 'room catch-up failed'))
      .finally(sendHeads);
  }, headIntervalMs);
  heartbeat.unref();

  const unsubscribeReconnect = bus.onReconnect?.(() => {
    counters.reconnectCatchUps++;
    catchUp().catch((e: unknown) => log.error({ err: e }, 'room catch-up after reconnect failed'));
  });

  const closeRoomIfEmpty = (room: Room) => {
    if (room.sockets.size > 0 || room.disposed) return;
    room.disposed = true;
    room.unsubscribe();
    if (room.gapTimer) clearTimeout(room.gapTimer);
    if (rooms.get(room.streamId) === room) rooms.delete(room.streamId);
  };

  const snapshotData = (room: Room): Buffer => {
    const seq = room.log.lastSeq;
    if (room.snapshotCache?.seq !== seq) {
      room.snapshotCache = {
        seq,
        data: encode({ type: 'snapshot', snapshot: room.log.snapshot() }),
      };
    }
    return room.snapshotCache.data;
  };

  const dropStatusRelay = (c: HubConnection, streamId: string) => {
    const relays = statusRelays.get(c);
    const relay = relays?.get(streamId);
    if (relay?.timer) clearTimeout(relay.timer);
    relays?.delete(streamId);
  };

  const leaveRoom = (c: HubConnection, streamId: string) => {
    dropStatusRelay(c, streamId);
    membership(c).rooms.delete(streamId);
    const room = rooms.get(streamId);
    if (!room) return;
    room.sockets.delete(c);
    // After an in-flight load, so a subscriber awaiting it never finds a disposed room.
    void room.loaded.catch(() => undefined).then(() => closeRoomIfEmpty(room));
  };

  // What access to a room depends on, read once per room for a few seconds: a class of 40
  // joining at once costs one lookup, not 40. A change of the room (bus) drops the entry.
  const access = new Map<string, { until: number; facts: Promise<RoomAccess | null> }>();
  const accessOf = (streamId: string): Promise<RoomAccess | null> => {
    const cached = access.get(streamId);
    if (cached && cached.until > now()) return cached.facts;
    const facts = (async () => {
      const row = await findStream(db, streamId);
      if (!row || row.is_deleted) return null;
      return {
        hostUserId: row.host_user_id,
        groupIds: row.group_ids,
        schoolIds: await schoolsOfGroups(db, row.group_ids),
      };
    })();
    access.set(streamId, { until: now() + ACCESS_CACHE_MS, facts });
    facts.catch(() => access.delete(streamId));
    if (access.size > 10_000) access.delete(access.keys().next().value!);
    return facts;
  };

  const subscribe = async (c: HubConnection, streamId: string, sinceSeq: number | undefined) => {
    const facts = await accessOf(streamId);
    // A room the caller may not open answers exactly like one that does not exist.
    if (!facts || !mayAccessStream(await viewerFor(c), facts, facts.schoolIds)) {
      return sendError(c, 'notFound', 'no such room', streamId);
    }
    for (;;) {
      const room = openRoom(streamId, facts.hostUserId);
      try {
        await room.loaded;
      } catch (e) {
        closeRoomIfEmpty(room);
        throw e;
      }
      if (room.disposed) continue;
      if (c.socket.readyState !== c.socket.OPEN) return closeRoomIfEmpty(room);
      // From here on nothing awaits: the catch-up and the live feed join without a gap.
      const missed = sinceSeq === undefined ? null : room.log.eventsSince(sinceSeq);
      if (missed === null) hub.sendEncoded(c, snapshotData(room));
      else hub.send(c, { type: 'events', streamId, events: missed });
      room.sockets.add(c);
      membership(c).rooms.add(streamId);
      return;
    }
  };

  /** Runs a socket's room messages one after another, in arrival order. */
  const enqueue = (c: HubConnection, task: () => Promise<void> | void): Promise<void> => {
    const m = membership(c);
    const run = m.queue.then(task);
    m.queue = run.catch(() => undefined);
    return run;
  };

  hub.on('subscribe', (c, m) => enqueue(c, () => subscribe(c, m.streamId, m.sinceSeq)));
  hub.on('unsubscribe', (c, m) => enqueue(c, () => leaveRoom(c, m.streamId)));

  // -------------------------------------------------------------------------------------------
  // The rooms list

  const sees = (
    c: HubConnection,
    viewer: Viewer,
    stream: Pick<Stream, 'hostUserId' | 'sessionId'>,
    groups: readonly string[],
  ) => {
    const list = membership(c).streamList;
    if (!list) return false;
    if (list.sessionId !== undefined && list.sessionId !== stream.sessionId) return false;
    return viewer.userId === stream.hostUserId || groups.some((g) => viewer.groupIds.has(g));
  };

  const listViewers = new WeakMap<HubConnection, Viewer>();

  const onStreamList = ({ stream, previousGroupIds, ended }: StreamListBusMessage) => {
    access.delete(stream.id);
    let upsert: Buffer | undefined;
    let remove: Buffer | undefined;
    for (const c of listFollowers) {
      const viewer = listViewers.get(c);
      if (!viewer) continue;
      if (!stream.isDeleted && !ended && sees(c, viewer, stream, stream.groupIds)) {
        hub.sendEncoded(c, (upsert ??= encode({ type: 'streamUpsert', stream })));
      } else if (sees(c, viewer, stream, [...stream.groupIds, ...previousGroupIds])) {
        hub.sendEncoded(c, (remove ??= encode({ type: 'streamRemove', id: stream.id })));
      }
    }
  };
  const unsubscribeList = bus.subscribeStreamList(onStreamList);

  hub.on('subscribeStreams', (c, m) =>
    enqueue(c, async () => {
      listViewers.set(c, await viewerFor(c));
      membership(c).streamList = m.sessionId === undefined ? {} : { sessionId: m.sessionId };
      listFollowers.add(c);
      // Said once it holds: the client's read of the list after this misses nothing.
      hub.send(c, { type: 'streamsSubscribed' });
    }),
  );
  hub.on('unsubscribeStreams', (c) =>
    enqueue(c, () => {
      membership(c).streamList = null;
      listFollowers.delete(c);
    }),
  );

  // -------------------------------------------------------------------------------------------
  // Follower reports → the host

  hub.on('status', (c, m: Extract<ClientMessage, { type: 'status' }>) => {
    const room = rooms.get(m.streamId);
    if (!room || !membership(c).rooms.has(m.streamId)) {
      return sendError(c, 'forbidden', 'subscribe to the room first', m.streamId);
    }
    const userId = c.auth.user.id;
    if (userId === room.hostUserId) return;
    const message: ServerMessage = {
      v: PROTOCOL_VERSION,
      type: 'participantStatus',
      streamId: m.streamId,
      driftMs: m.driftMs,
      buffering: m.buffering,
      position: m.position,
      ...(m.rttMs !== undefined ? { rttMs: m.rttMs } : {}),
      userId,
      at: Math.round(now()),
    };
    relayStatus(c, m.streamId, room.hostUserId, message);
  });

  /**
   * Coalesces one socket's reports for one room: the first goes at once, then at most one per
   * `statusIntervalMs`, carrying the latest report (a flood of statuses costs the host one frame
   * per interval).
   */
  const relayStatus = (
    c: HubConnection,
    streamId: string,
    hostUserId: string,
    message: ServerMessage,
  ) => {
    let relays = statusRelays.get(c);
    if (!relays) statusRelays.set(c, (relays = new Map()));
    let relay = relays.get(streamId);
    if (!relay) relays.set(streamId, (relay = { lastSentAt: 0, pending: null, timer: undefined }));
    const publish = (r: StatusRelay, msg: ServerMessage) => {
      r.lastSentAt = now();
      bus
        .publishRoom({ type: 'toUser', streamId, userId: hostUserId, message: msg })
        .catch((e: unknown) => log.warn({ err: e }, 'participant status relay failed'));
    };
    const wait = relay.lastSentAt + statusIntervalMs - now();
    if (wait <= 0 && !relay.timer) return publish(relay, message);
    relay.pending = message;
    if (relay.timer) return;
    const r = relay;
    r.timer = setTimeout(
      () => {
        r.timer = undefined;
        const pending = r.pending;
        r.pending = null;
        if (pending && membership(c).rooms.has(streamId)) publish(r, pending);
      },
      Math.max(0, wait),
    );
    r.timer.unref();
  };

  hub.onClose((c) => {
    listFollowers.delete(c);
    const m = members.get(c);
    if (m) for (const streamId of [...m.rooms]) leaveRoom(c, streamId);
  });

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribeReconnect?.();
    unsubscribeList();
    for (const room of rooms.values()) {
      room.disposed = true;
      room.unsubscribe();
      if (room.gapTimer) clearTimeout(room.gapTimer);
    }
    rooms.clear();
  });

  return { roomCount: () => rooms.size, catchUp, stats: () => ({ ...counters }) };
}
