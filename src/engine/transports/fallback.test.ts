import { describe, expect, it } from 'vitest';
import { encodeServerMessage, PROTOCOL_VERSION } from '../../contracts/realtime';
import type { RealtimePath } from '../../contracts/realtime-http';
import { SimScheduler } from '../testing/sim-scheduler';
import { createFallbackConnector, FIRST_FRAME_MS, PROBE_EVERY_MS } from './fallback';
import { createWsTransport, type SocketLike } from './ws';

/** A socket the test drives: it opens, answers `ready` to `auth`, or stays silent, as told. */
interface FakeSocket extends SocketLike {
  way: RealtimePath;
  closed: boolean;
  fire(type: 'open' | 'message' | 'close', event?: object): void;
}

/** How each way behaves on this (simulated) network. */
type Network = Record<RealtimePath, 'works' | 'refused' | 'silent'>;

const fakeNetwork = (scheduler: SimScheduler, network: Network) => {
  const opened: FakeSocket[] = [];
  const open = (way: RealtimePath): FakeSocket => {
    const listeners = new Map<string, Array<(e: object) => void>>();
    const socket: FakeSocket = {
      way,
      closed: false,
      fire: (type, event = {}) => {
        for (const l of listeners.get(type) ?? []) l(event);
      },
      // A working hub answers the handshake with `ready` and a keepalive ping with `pong`.
      send: (data) => {
        if (network[way] !== 'works') return;
        const ping = data.includes('"ping"');
        scheduler.setTimeout(
          () =>
            socket.fire('message', {
              data: encodeServerMessage(
                ping
                  ? { type: 'pong', id: 0, clientTime: 0, serverTime: scheduler.now() }
                  : { type: 'ready', userId: 'u1', protocol: PROTOCOL_VERSION },
              ),
            }),
          10,
        );
      },
      close: () => {
        socket.closed = true;
      },
      addEventListener: (type, listener) => {
        listeners.set(type, [...(listeners.get(type) ?? []), listener]);
      },
    };
    opened.push(socket);
    scheduler.setTimeout(() => {
      if (socket.closed) return;
      if (network[way] === 'refused') socket.fire('close', { code: 1006 });
      else socket.fire('open');
    }, 5);
    return socket;
  };
  return { opened, open };
};

const setUp = (network: Network) => {
  const scheduler = new SimScheduler();
  const net = fakeNetwork(scheduler, network);
  const fallback = createFallbackConnector({
    openWebSocket: () => net.open('ws'),
    openHttp: (mode) => net.open(mode),
    scheduler,
    getToken: () => 'token',
  });
  const transport = createWsTransport({
    connect: fallback.connect,
    scheduler,
    getToken: () => 'token',
    random: () => 0.5,
  });
  const ready: string[] = [];
  transport.messages$.subscribe((m) => m.type === 'ready' && ready.push(fallback.path() ?? ''));
  /** Lets simulated time pass, with the promises due on the way (the probe's answer). */
  const run = async (ms: number) => {
    for (let t = 0; t < ms; t += 100) {
      scheduler.advance(100);
      for (let i = 0; i < 5; i++) await Promise.resolve();
    }
  };
  return { run, net, fallback, transport, ready };
};

describe('the fallback: which way a room reaches the hub', () => {
  it('stays on the WebSocket where it works', async () => {
    const { run, net, fallback, ready } = setUp({
      ws: 'works',
      stream: 'works',
      longpoll: 'works',
    });
    await run(PROBE_EVERY_MS * 2);
    expect(fallback.path()).toBe('ws');
    expect(ready).toEqual(['ws']);
    expect(net.opened.map((s) => s.way)).toEqual(['ws']);
  });

  it('moves to the HTTP stream when the proxy refuses the upgrade', async () => {
    const { run, fallback, ready } = setUp({
      ws: 'refused',
      stream: 'works',
      longpoll: 'works',
    });
    await run(2_000);
    expect(fallback.path()).toBe('stream');
    expect(ready).toEqual(['stream']);
  });

  it('moves on to long-polling when the stream brings nothing (a buffering proxy)', async () => {
    const { run, fallback, ready } = setUp({
      ws: 'silent',
      stream: 'silent',
      longpoll: 'works',
    });
    await run(FIRST_FRAME_MS * 2 + 2_000);
    expect(fallback.path()).toBe('longpoll');
    expect(ready).toEqual(['longpoll']);
  });

  it('goes back to the WebSocket once its probe reaches ready', async () => {
    const network: Network = { ws: 'refused', stream: 'works', longpoll: 'works' };
    const { run, net, fallback, ready } = setUp(network);
    await run(2_000);
    expect(fallback.path()).toBe('stream');
    // Still cut at the first probe: the room stays on the stream.
    await run(PROBE_EVERY_MS);
    expect(fallback.path()).toBe('stream');
    network.ws = 'works';
    await run(PROBE_EVERY_MS + 2_000);
    expect(fallback.path()).toBe('ws');
    expect(ready).toEqual(['stream', 'ws']);
    // The stream's connection was ended when the WebSocket took over.
    expect(net.opened.filter((s) => s.way === 'stream').every((s) => s.closed)).toBe(true);
  });
});
