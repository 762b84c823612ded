import { describe, expect, it } from 'vitest';
import {
  encodeServerMessage,
  parseClientMessage,
  type ClientMessage,
} from '../../contracts/realtime';
import type { RoomModel } from '../../contracts/stream';
import { roomModel$, type RoomFeed } from '../reducer';
import { HOST, playback } from '../testing/events';
import { seededRandom, SimScheduler } from '../testing/sim-scheduler';
import { createManualLink, createMemoryNetwork, MemoryRoomHub } from './memory';
import {
  BACKOFF_MAX_MS,
  createWsTransport,
  SeqTracker,
  STALE_AFTER_MS,
  type SocketLike,
} from './ws';
import type { TransportStatus } from './types';

const S = 'room-1';

const setup = () => {
  const sim = new SimScheduler();
  const hub = new MemoryRoomHub(() => sim.now());
  hub.openRoom(S, HOST);
  const link = createManualLink();
  const network = createMemoryNetwork(hub, 'student-1', link);
  const sent: ClientMessage[] = [];
  const connect = () => {
    const socket = network.connect();
    const send = socket.send.bind(socket);
    socket.send = (data: string) => {
      const parsed = parseClientMessage(data);
      if (parsed.ok) sent.push(parsed.message);
      send(data);
    };
    return socket;
  };
  const transport = createWsTransport({ connect, scheduler: sim, random: seededRandom(3) });
  const statuses: TransportStatus[] = [];
  transport.status$.subscribe((s) => statuses.push(s));
  const feeds: RoomFeed[] = [];
  transport.events$.subscribe((f) => feeds.push(f));
  let model: RoomModel | undefined;
  transport.events$.pipe(roomModel$(S)).subscribe((m) => (model = m));
  const play = (pos: number) => hub.command(S, HOST, playback('play', pos, sim.now() + 300));
  return { sim, hub, link, network, transport, statuses, feeds, sent, play, model: () => model };
};

const seqsOf = (feeds: RoomFeed[]): Array<number | string> =>
  feeds.flatMap((f): Array<number | string> =>
    f.kind === 'events' ? f.events.map((e) => e.seq) : [`snap${f.snapshot.seq}`],
  );

describe('ws transport', () => {
  it('subscribes on open and receives a snapshot, then live events', () => {
    const t = setup();
    t.transport.subscribeRoom(S);
    t.link.flush();
    expect(t.statuses).toEqual(['connecting', 'open']);
    expect(t.sent).toEqual([{ v: 1, type: 'subscribe', streamId: S }]);
    t.play(0);
    t.link.flush();
    expect(seqsOf(t.feeds)).toEqual(['snap0', 1]);
    expect(t.model()?.playback.status).toBe('playing');
  });

  it('a reconnect re-subscribes with sinceSeq and loses nothing', () => {
    const t = setup();
    t.transport.subscribeRoom(S);
    t.link.flush();
    t.play(0);
    t.play(1);
    t.link.flush();
    // The network drops the socket; the host keeps going meanwhile.
    t.network.sockets[0]?.drop();
    t.link.flush();
    expect(t.transport.status()).toBe('closed');
    t.play(2);
    t.play(3);
    t.play(4);
    t.sim.advance(BACKOFF_MAX_MS);
    t.link.flush();
    expect(t.transport.status()).toBe('open');
    expect(t.sent.filter((m) => m.type === 'subscribe')).toEqual([
      { v: 1, type: 'subscribe', streamId: S },
      { v: 1, type: 'subscribe', streamId: S, sinceSeq: 2 },
    ]);
    // Exactly the missed events, once each, in order.
    expect(seqsOf(t.feeds)).toEqual(['snap0', 1, 2, 3, 4, 5]);
    expect(t.model()).toEqual(t.hub.snapshot(S)?.model);
    expect(t.statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);
  });

  it('retries with growing backoff while the network is down, capped at 10 s', () => {
    const t = setup();
    t.network.setOnline(false);
    t.link.flush();
    const attempts: number[] = [];
    for (let i = 0; i < 12; i++) {
      const before = t.network.sockets.length;
      for (let n = 0; n < 10_000 && t.network.sockets.length === before; n++) {
        t.sim.advance(10);
        t.link.flush();
      }
      attempts.push(t.sim.now());
      t.link.flush();
    }
    const gaps = attempts.slice(1).map((a, i) => a - (attempts[i] ?? 0));
    expect(attempts).toHaveLength(12);
    // The first socket hangs until the connect timeout; the failures after it back off.
    expect(gaps[1]).toBeLessThan(gaps[5] ?? 0);
    for (const g of gaps) expect(g).toBeLessThanOrEqual(BACKOFF_MAX_MS * 1.25 + 10);
    t.network.setOnline(true);
    t.sim.advance(BACKOFF_MAX_MS * 2);
    t.link.flush();
    expect(t.transport.status()).toBe('open');
  });

  it('replaces a socket that has been silent too long', () => {
    const t = setup();
    t.link.flush();
    expect(t.network.sockets.length).toBe(1);
    t.sim.advance(STALE_AFTER_MS + 1);
    expect(t.network.sockets[0]?.closed).toBe(true);
    t.sim.advance(BACKOFF_MAX_MS);
    t.link.flush();
    expect(t.network.sockets.length).toBe(2);
    expect(t.transport.status()).toBe('open');
  });

  it('drops frames that fail the contract and keeps working', () => {
    const sim = new SimScheduler();
    const listeners: Record<string, Array<(e: object) => void>> = {};
    const socket: SocketLike = {
      send: () => undefined,
      close: () => undefined,
      addEventListener: (type, l) => {
        (listeners[type] ??= []).push(l);
      },
    };
    const transport = createWsTransport({ connect: () => socket, scheduler: sim });
    const invalid: string[] = [];
    const types: string[] = [];
    transport.invalidFrames$.subscribe((m) => invalid.push(m));
    transport.messages$.subscribe((m) => types.push(m.type));
    const emit = (type: string, data?: unknown) => listeners[type]?.forEach((l) => l({ data }));
    emit('open');
    emit('message', '{not json');
    emit('message', JSON.stringify({ v: 1, type: 'pong', id: -1 }));
    emit('message', JSON.stringify({ v: 99, type: 'streamRemove', id: 'x' }));
    emit('message', encodeServerMessage({ type: 'streamRemove', id: 'x' }));
    expect(invalid).toHaveLength(3);
    expect(types).toEqual(['streamRemove']);
  });

  it('close() stops reconnecting', () => {
    const t = setup();
    t.link.flush();
    t.transport.close();
    t.link.flush();
    t.sim.advance(60_000);
    t.link.flush();
    expect(t.network.sockets.length).toBe(1);
  });
});

describe('SeqTracker', () => {
  it('tracks the last contiguous seq through gaps and snapshots', () => {
    const s = new SeqTracker();
    expect(s.lastSeq).toBeUndefined();
    s.event(1);
    s.event(3);
    expect(s.lastSeq).toBe(1);
    s.event(2);
    expect(s.lastSeq).toBe(3);
    s.event(6);
    s.snapshot(5);
    expect(s.lastSeq).toBe(6);
  });
});
