import { describe, expect, it } from 'vitest';
import {
  encodeClientMessage,
  parseServerMessage,
  type ServerMessage,
} from '../../contracts/realtime';
import type { RoomEvent, RoomFeed, StreamCommand } from '../../contracts/stream';
import { createRoomClient, type RoomClient, type RoomStatus } from '../room-client';
import { stampHostCommand, type HostIntent } from '../schedule';
import type { Scheduler } from '../time';
import type { PostCommand, RoomTransport } from '../transports/types';
import type { SocketLike } from '../transports/ws';

/**
 * The transport conformance suite: the scenarios every realtime hub and its transport must pass,
 * run against the memory hub (engine/testing/memory-hub.test.ts) and the server's `/ws` hub
 * (src/server/realtime/conformance.test.ts). A new transport (Firestore, issue 12) only has to
 * supply a harness. Each scenario's name says what a user would notice if it failed.
 */

export type ConformanceUser = 'host' | 'member' | 'outsider';

export interface ConformanceHarness {
  /** A fresh room hosted by `host`, open to `member`, not to `outsider`. */
  readonly streamId: string;
  readonly scheduler: Scheduler;
  /** A new transport signed in as the user (its own connection). */
  transport(user: ConformanceUser): RoomTransport;
  /** The user's way to send host commands (the HTTP API on the server). */
  postCommand(user: ConformanceUser): PostCommand;
  /**
   * A raw socket to the hub, not signed in: the test speaks the protocol itself. Socket hubs
   * only (the protocol version and malformed frame scenarios); Firestore has no socket.
   */
  rawSocket?(): SocketLike;
  /** What the user's `auth` message carries (socket hubs). */
  token?(user: ConformanceUser): string;
  /**
   * Stores a malformed record in the room's log where readers read it (document backends: a
   * document that is not an event, at the next seq) and then a valid `event` after it.
   */
  storeMalformed?(seq: number): Promise<void>;
  /** Stores an event in the room's log without publishing it (a bus message lost). */
  storeUnpublished(event: RoomEvent): Promise<void>;
  /** Publishes events on the room's bus exactly as given (duplicates, any order). */
  publish(events: readonly RoomEvent[]): Promise<void>;
  /** Cuts every connection of the user's transports (their transports reconnect). */
  dropConnections(user: ConformanceUser): void;
  /** Lets time pass until `check` holds; fails with `what` after the harness's own bound. */
  until(check: () => boolean, what: string): Promise<void>;
  close(): Promise<void>;
}

/** A room client with a record of every event seq and snapshot its transport delivered. */
interface Follower {
  client: RoomClient;
  transport: RoomTransport;
  /** Seqs in delivery order; a snapshot is recorded as `snapshot@seq`. */
  delivered: Array<number | string>;
  status(): RoomStatus;
}

const follow = (h: ConformanceHarness, user: ConformanceUser): Follower => {
  const transport = h.transport(user);
  const delivered: Array<number | string> = [];
  transport.events$.subscribe((feed: RoomFeed) => {
    if (feed.type === 'snapshot') delivered.push(`snapshot@${feed.snapshot.seq}`);
    else for (const e of feed.events) delivered.push(e.seq);
  });
  const client = createRoomClient({
    transport,
    postCommand: h.postCommand(user),
    scheduler: h.scheduler,
    streamId: h.streamId,
  });
  let status: RoomStatus = { type: 'connecting' };
  client.status$.subscribe((s) => (status = s));
  return { client, transport, delivered, status: () => status };
};

/** The events after the snapshot must be exactly its seq + 1, + 2, …: no gap, no duplicate. */
const expectContiguous = (delivered: Array<number | string>, upTo: number) => {
  const events = delivered.filter((d): d is number => typeof d === 'number');
  const snapshots = delivered.filter((d) => typeof d === 'string');
  const start = Number(String(snapshots[0] ?? 'snapshot@0').split('@')[1]);
  expect(events).toEqual(Array.from({ length: upTo - start }, (_, i) => start + i + 1));
};

const stop = (...followers: Follower[]) => {
  for (const f of followers) {
    f.client.close();
    f.transport.close();
  }
};

/** A raw socket's frames and close code. */
const recordRaw = (socket: SocketLike) => {
  const frames: ServerMessage[] = [];
  let closeCode: number | null = null;
  socket.addEventListener('message', (event) => {
    const data = 'data' in event ? event.data : '';
    const parsed = parseServerMessage(typeof data === 'string' ? data : String(data));
    if (parsed.ok) frames.push(parsed.message);
  });
  socket.addEventListener('close', (event) => {
    closeCode = 'code' in event && typeof event.code === 'number' ? event.code : 0;
  });
  let opened = false;
  socket.addEventListener('open', () => (opened = true));
  return { frames, closeCode: () => closeCode, opened: () => opened };
};

const playCommand = (
  type: 'play' | 'pause' | 'skip' | 'terminate',
  at: number,
  timeInVideo = 0,
): StreamCommand => ({
  type,
  status: type === 'play' || type === 'skip' ? 'playing' : 'paused',
  timeInVideo,
  playbackRate: 1,
  effectiveAt: at,
});

/** A skip stamped as the server would stamp the command after `first` (not yet sent anywhere). */
const skipAfter = (member: Follower, first: RoomEvent, timeInVideo: number) => {
  const model = member.client.model();
  if (!model) throw new Error('no model');
  return stampHostCommand(playCommand('skip', first.effectiveAt + 1, timeInVideo), {
    model,
    serverTime: first.serverTime + 1,
    userId: first.payload.userId,
  });
};

/**
 * Registers the suite for one transport. `makeHarness` is called once per scenario (a fresh
 * room each time).
 */
export const describeTransportConformance = (
  name: string,
  makeHarness: () => Promise<ConformanceHarness>,
  /**
   * `socket`: a hub speaking the socket protocol (the version and malformed frame scenarios);
   * `documents`: a document store the server writes (Firestore: the malformed document one).
   */
  wire: 'socket' | 'documents' = 'socket',
): void => {
  describe(`transport conformance: ${name}`, () => {
    const scenario = (title: string, body: (h: ConformanceHarness) => Promise<void>) =>
      it(title, async () => {
        const h = await makeHarness();
        try {
          await body(h);
        } finally {
          await h.close();
        }
      });

    /** The host and a member, once the member's room is live. */
    const hostAndLiveMember = async (h: ConformanceHarness) => {
      const host = follow(h, 'host');
      const member = follow(h, 'member');
      await h.until(() => member.status().type === 'live', 'the member is live');
      return { host, member };
    };

    /** Sends a host command and waits until the follower has it. */
    const command = async (
      h: ConformanceHarness,
      host: Follower,
      f: Follower,
      intent: HostIntent,
    ) => {
      const result = await host.client.command(intent);
      if (!result.ok) throw new Error(`${intent.type} refused: ${result.message}`);
      await h.until(
        () => (f.client.model()?.lastSeq ?? 0) >= result.event.seq,
        `the follower folds seq ${result.event.seq}`,
      );
      return result.event;
    };

    /**
     * A live room after a first `play`, and a skip stamped after it that is in the record but
     * was never published on the bus.
     */
    const playThenUnpublishedSkip = async (h: ConformanceHarness, timeInVideo: number) => {
      const { host, member } = await hostAndLiveMember(h);
      const first = await command(h, host, member, { type: 'play' });
      const skip = skipAfter(member, first, timeInVideo);
      await h.storeUnpublished(skip);
      return { host, member, first, skip };
    };

    /** A raw socket to the hub, recorded from its start, once it is open (socket hubs only). */
    const openRawSocket = async (h: ConformanceHarness) => {
      if (!h.rawSocket || !h.token)
        throw new Error('a socket hub harness needs rawSocket and token');
      const socket = h.rawSocket();
      const raw = recordRaw(socket);
      await h.until(raw.opened, 'the socket opens');
      return { socket, raw, token: h.token };
    };

    scenario(
      'subscribe with sinceSeq: a snapshot first, then exactly the missed events',
      async (h) => {
        const { host, member } = await hostAndLiveMember(h);
        expect(member.delivered[0]).toBe('snapshot@0');
        await command(h, host, member, { type: 'play' });
        await command(h, host, member, { type: 'skip', to: 30 });
        const last = await command(h, host, member, { type: 'pause' });
        // Another connection resumes from seq 1: it gets 2 and 3 as events, no snapshot.
        const late = h.transport('member');
        const got: RoomFeed[] = [];
        late.events$.subscribe((feed) => got.push(feed));
        late.subscribeRoom(h.streamId, () => 1);
        await h.until(() => got.length > 0, 'the resumed subscriber hears back');
        expect(got[0]).toMatchObject({ type: 'events', streamId: h.streamId });
        expect(got[0]?.type === 'events' && got[0].events.map((e) => e.seq)).toEqual([2, last.seq]);
        // Up to date: an empty batch, not a snapshot.
        late.subscribeRoom(h.streamId, () => last.seq);
        await h.until(() => got.length > 1, 'the up-to-date subscriber hears back');
        expect(got[1]).toEqual({ type: 'events', streamId: h.streamId, events: [] });
        await h.until(() => host.client.model()?.lastSeq === last.seq, 'the host folds it');
        expect(member.client.model()).toEqual(host.client.model());
        late.close();
        stop(host, member);
      },
    );

    scenario(
      'gap: an event lost on the bus still reaches every subscriber, in seq order',
      async (h) => {
        const { host, member, skip: lost } = await playThenUnpublishedSkip(h, 42);
        const after = await command(h, host, member, { type: 'pause' });
        expect(after.seq).toBe(lost.seq + 1);
        // Each connection hears on its own (document listeners are not one socket's frames).
        await h.until(() => (host.client.model()?.lastSeq ?? 0) >= after.seq, 'the host folds it');
        expectContiguous(member.delivered, after.seq);
        expectContiguous(host.delivered, after.seq);
        expect(member.client.model()).toEqual(host.client.model());
        stop(host, member);
      },
    );

    scenario(
      'duplicate: an event published twice (or again later) is delivered once',
      async (h) => {
        const { host, member, first, skip: next } = await playThenUnpublishedSkip(h, 7);
        await h.publish([next, next, first]);
        await h.until(
          () => (member.client.model()?.lastSeq ?? 0) >= next.seq,
          'the member folds it',
        );
        const last = await command(h, host, member, { type: 'pause' });
        expectContiguous(member.delivered, last.seq);
        stop(host, member);
      },
    );

    scenario(
      'reconnect: a dropped connection resumes from its head and misses nothing',
      async (h) => {
        const { host, member } = await hostAndLiveMember(h);
        await command(h, host, member, { type: 'play' });
        h.dropConnections('member');
        await h.until(() => member.status().type !== 'live', 'the member notices the drop');
        expect(member.status().type).toBe('reconnecting');
        const offline = await host.client.command({ type: 'skip', to: 12 });
        const offline2 = await host.client.command({ type: 'pause' });
        if (!offline.ok || !offline2.ok) throw new Error('the host was refused');
        await h.until(
          () =>
            member.status().type === 'live' &&
            member.client.model()?.lastSeq === offline2.event.seq,
          'the member is back with every event',
        );
        // One snapshot (the first subscribe), then events only: the resubscribe used sinceSeq.
        expect(member.delivered.filter((d) => typeof d === 'string')).toEqual(['snapshot@0']);
        expectContiguous(member.delivered, offline2.event.seq);
        // The host hears on a connection of its own (a document listener on Firestore).
        await h.until(
          () => host.client.model()?.lastSeq === offline2.event.seq,
          'the host folds it',
        );
        expect(member.client.model()).toEqual(host.client.model());
        stop(host, member);
      },
    );

    scenario('terminate: the room ends for everyone and refuses playback afterwards', async (h) => {
      const { host, member } = await hostAndLiveMember(h);
      await command(h, host, member, { type: 'play' });
      const ended = await host.client.command({ type: 'terminate' });
      expect(ended.ok).toBe(true);
      await h.until(() => member.client.model()?.terminated === true, 'the member sees the end');
      expect(member.client.model()?.playback.status).toBe('paused');
      const again = await host.client.command({ type: 'play' });
      expect(again).toMatchObject({ ok: false, code: 'conflict' });
      stop(host, member);
    });

    scenario(
      'forbidden: an outsider is refused like an unknown room; only the host commands',
      async (h) => {
        const member = follow(h, 'member');
        const outsider = follow(h, 'outsider');
        await h.until(() => outsider.status().type === 'failed', 'the outsider is refused');
        expect(outsider.status()).toEqual({ type: 'failed', reason: 'notFound' });
        expect(outsider.delivered).toEqual([]);
        await h.until(() => member.status().type === 'live', 'the member is live');
        expect(await member.client.command({ type: 'play' })).toMatchObject({
          ok: false,
          code: 'forbidden',
        });
        expect(await outsider.client.command({ type: 'play' })).toMatchObject({
          ok: false,
          code: 'notFound',
        });
        expect(member.client.model()?.lastSeq).toBe(0);
        stop(member, outsider);
      },
    );

    if (wire === 'socket') {
      scenario(
        'version mismatch: another protocol gets a typed refusal and the socket closes 4426',
        async (h) => {
          const { socket, raw, token } = await openRawSocket(h);
          socket.send(JSON.stringify({ v: 1, type: 'auth', token: token('member') }));
          await h.until(() => raw.closeCode() !== null, 'the hub closes the socket');
          expect(raw.frames).toEqual([
            expect.objectContaining({ type: 'error', code: 'versionMismatch', supported: [2] }),
          ]);
          expect(raw.closeCode()).toBe(4426);
        },
      );

      scenario(
        'malformed frame: answered with badMessage, and the connection stays usable',
        async (h) => {
          const { socket, raw, token } = await openRawSocket(h);
          socket.send(encodeClientMessage({ type: 'auth', token: token('member') }));
          await h.until(() => raw.frames.length > 0, 'the hub answers the handshake');
          expect(raw.frames[0]).toMatchObject({ type: 'ready', protocol: 2 });
          socket.send('{not json');
          socket.send(encodeClientMessage({ type: 'subscribe', streamId: '' }));
          socket.send(encodeClientMessage({ type: 'ping', id: 5, clientTime: 1 }));
          await h.until(() => raw.frames.some((f) => f.type === 'pong'), 'the hub still answers');
          expect(raw.frames.slice(1).map((f) => (f.type === 'error' ? f.code : f.type))).toEqual([
            'badMessage',
            'badMessage',
            'pong',
          ]);
          expect(raw.closeCode()).toBeNull();
          socket.close();
        },
      );
    }
    if (wire === 'documents') {
      scenario(
        'malformed document: dropped, and the room goes on with the next valid one',
        async (h) => {
          if (!h.storeMalformed) throw new Error('a document harness needs storeMalformed');
          const { host, member } = await hostAndLiveMember(h);
          const first = await command(h, host, member, { type: 'play' });
          // A record at the next seq that is not an event: readers drop it; the seq stays open
          // until the server's own event for it arrives, so nothing after it is folded early.
          await h.storeMalformed(first.seq + 1);
          const next = await command(h, host, member, { type: 'pause' });
          expect(next.seq).toBe(first.seq + 1);
          const last = await command(h, host, member, { type: 'skip', to: 9 });
          expectContiguous(member.delivered, last.seq);
          expect(member.client.model()).toEqual(host.client.model());
          stop(host, member);
        },
      );
    }
  });
};
