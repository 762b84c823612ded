import { describe, expect, it } from 'vitest';
import {
  encodeServerMessage,
  parseClientMessage,
  type ClientMessage,
} from '../../contracts/realtime';
import type { RoomFeed } from '../../contracts/stream';
import { RoomLog } from '../room-log';
import { HOST, playback } from '../testing/events';
import { createManualLink, createMemoryNetwork, MemoryRoomHub } from '../testing/memory-hub';
import { seededRandom, SimScheduler } from '../testing/sim-scheduler';
import { BACKOFF_MAX_MS, createWsTransport, STALE_AFTER_MS, type SocketLike } from './ws';
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
  const transport = createWsTransport({
    connect,
    scheduler: sim,
    random: seededRandom(3),
    getToken: () => 'token',
  });
  const statuses: TransportStatus[] = [];
  transport.status$.subscribe((s) => statuses.push(s));
  const feeds: RoomFeed[] = [];
  transport.events$.subscribe((f) => feeds.push(f));
  // The room log the room client keeps: it says where a resubscribe resumes.
  const log = new RoomLog(S);
  transport.events$.subscribe((f) => log.receive(f));
  const subscribe = () => transport.subscribeRoom(S, () => (log.loaded ? log.lastSeq : undefined));
  const play = (pos: number) => hub.command(S, HOST, playback('play', pos, sim.now() + 300));
  const subscribes = () => sent.filter((m) => m.type === 'subscribe');
  return {
    sim,
    hub,
    link,
    network,
    transport,
    statuses,
    feeds,
    subscribe,
    subscribes,
    play,
    model: () => (log.loaded ? log.model : undefined),
  };
};

const seqsOf = (feeds: RoomFeed[]): Array<number | string> =>
  feeds.flatMap((f): Array<number | string> =>
    f.type === 'events' ? f.events.map((e) => e.seq) : [`snap${f.snapshot.seq}`],
  );

describe('ws transport', () => {
  it('subscribes on open and receives a snapshot, then live events', () => {
    const t = setup();
    t.subscribe();
    t.link.flush();
    expect(t.statuses).toEqual(['connecting', 'open']);
    expect(t.subscribes()).toEqual([{ v: 2, type: 'subscribe', streamId: S }]);
    t.play(0);
    t.link.flush();
    expect(seqsOf(t.feeds)).toEqual(['snap0', 1]);
    expect(t.model()?.playback.status).toBe('playing');
  });

  it('a reconnect re-subscribes with sinceSeq and loses nothing', () => {
    const t = setup();
    t.subscribe();
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
    expect(t.subscribes()).toEqual([
      { v: 2, type: 'subscribe', streamId: S },
      { v: 2, type: 'subscribe', streamId: S, sinceSeq: 2 },
    ]);
    // Exactly the missed events, once each, in order.
    expect(seqsOf(t.feeds)).toEqual(['snap0', 1, 2, 3, 4, 5]);
    expect(t.network.sockets).toHaveLength(2);
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
    emit('message', JSON.stringify({ v: 2, type: 'pong', id: -1 }));
    emit('message', JSON.stringify({ v: 99, type: 'streamRemove', id: 'x' }));
    emit('message', encodeServerMessage({ type: 'streamRemove', id: 'x' }));
    expect(invalid).toHaveLength(3);
    expect(types).toEqual(['streamRemove']);
  });

  it('sends the token as the first message, renews it on change, and asks before reconnecting a signed-out socket', async () => {
    const sim = new SimScheduler();
    const sockets: Array<{ sent: string[]; emit: (type: string, event?: object) => void }> = [];
    const connect = (): SocketLike => {
      const listeners: Record<string, Array<(e: object) => void>> = {};
      const entry = {
        sent: [] as string[],
        emit: (type: string, event: object = {}) => listeners[type]?.forEach((l) => l(event)),
      };
      sockets.push(entry);
      return {
        send: (d) => void entry.sent.push(d),
        close: () => undefined,
        addEventListener: (type, l) => void (listeners[type] ??= []).push(l),
      };
    };
    let token = 'token-1';
    let tokenListener: (() => void) | undefined;
    let answer: (renewed: boolean) => void = () => undefined;
    let asked = 0;
    const transport = createWsTransport({
      connect,
      scheduler: sim,
      random: seededRandom(1),
      getToken: () => token,
      watchToken: (l) => {
        tokenListener = l;
        return () => (tokenListener = undefined);
      },
      onSignedOut: () => {
        asked++;
        return new Promise<boolean>((r) => (answer = r));
      },
    });
    transport.subscribeRoom(S, () => undefined);
    // The clock pings as soon as the status turns open: the token must still go first.
    transport.status$.subscribe((st) => {
      if (st === 'open') transport.send({ type: 'ping', id: 9, clientTime: 0 });
    });
    sockets[0]!.emit('open');
    const types = (i: number) =>
      sockets[i]!.sent.map((d) => {
        const p = parseClientMessage(d);
        return p.ok
          ? p.message.type === 'auth'
            ? `auth:${p.message.token}`
            : p.message.type
          : '?';
      });
    expect(types(0)).toEqual(['auth:token-1', 'ping', 'subscribe']);
    token = 'token-2';
    tokenListener?.();
    expect(types(0).at(-1)).toBe('auth:token-2');
    // The hub ends the sign-in: no reconnect until the session answers.
    sockets[0]!.emit('close', { code: 4401 });
    expect(asked).toBe(1);
    sim.advance(60_000);
    expect(sockets).toHaveLength(1);
    token = 'token-3';
    answer(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(sockets).toHaveLength(2);
    sockets[1]!.emit('open');
    expect(types(1)).toEqual(['auth:token-3', 'ping', 'subscribe']);
    // Refused again and the session is gone: the transport stays closed.
    sockets[1]!.emit('close', { code: 4401 });
    answer(false);
    await Promise.resolve();
    sim.advance(60_000);
    expect(sockets).toHaveLength(2);
    expect(transport.status()).toBe('closed');
    transport.close();
    expect(tokenListener).toBeUndefined();
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

describe('protocol version', () => {
  const fakeSocket = () => {
    const listeners: Record<string, Array<(e: object) => void>> = {};
    return {
      socket: {
        send: () => undefined,
        close: () => undefined,
        addEventListener: (type: string, l: (e: object) => void) => {
          (listeners[type] ??= []).push(l);
        },
      } satisfies SocketLike,
      emit: (type: string, event: object = {}) => listeners[type]?.forEach((l) => l(event)),
    };
  };

  it('stops for good when the hub refuses the handshake’s version (error frame or close 4426)', () => {
    for (const refusal of ['frame', 'close'] as const) {
      const sim = new SimScheduler();
      const sockets: Array<ReturnType<typeof fakeSocket>> = [];
      const transport = createWsTransport({
        connect: () => {
          const s = fakeSocket();
          sockets.push(s);
          return s.socket;
        },
        scheduler: sim,
        getToken: () => 't',
      });
      sockets[0]!.emit('open');
      if (refusal === 'frame') {
        sockets[0]!.emit('message', {
          data: encodeServerMessage({
            type: 'error',
            code: 'versionMismatch',
            message: 'protocol 2 is not supported',
            supported: [3],
          }),
        });
      } else sockets[0]!.emit('close', { code: 4426 });
      expect(transport.status()).toBe('versionMismatch');
      sim.advance(120_000);
      expect(sockets).toHaveLength(1);
      transport.close();
    }
  });
});
