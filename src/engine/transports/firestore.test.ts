import { describe, expect, it } from 'vitest';
import type { RoomEvent, RoomFeed } from '../../contracts/stream';
import { joinEvent } from '../testing/events';
import { SimScheduler } from '../testing/sim-scheduler';
import {
  ROLL_AFTER_DOCS,
  createFirestoreTransport,
  type DocListener,
  type FirestorePort,
} from './firestore';
import type { TransportStatus } from './types';
import { BACKOFF_INITIAL_MS, BACKOFF_MAX_MS } from './ws';

const S = 'room-1';

interface Listen {
  kind: string;
  from: number;
  listener: DocListener;
  /** Stopped by the transport, or ended by an error (the SDK's listen is then over). */
  over: boolean;
}

/** A port whose listens the test answers and ends by hand, as the SDK would. */
const fakePort = () => {
  const listens: Listen[] = [];
  const listen =
    (kind: string) =>
    (_id: string, from: number, listener: DocListener): (() => void) => {
      const entry: Listen = {
        kind,
        from,
        over: false,
        listener: {
          next: (b) => listener.next(b),
          error: (code) => {
            entry.over = true;
            listener.error(code);
          },
        },
      };
      listens.push(entry);
      return () => void (entry.over = true);
    };
  const port: FirestorePort = {
    listenEvents: listen('events'),
    listenMessages: listen('messages'),
    listenGroupStreams: listen('list'),
    listenSessionChanges: listen('session'),
    groupIds: ['g1'],
    close: () => undefined,
  };
  const live = (kind: string) => listens.filter((l) => l.kind === kind && !l.over);
  return { port, listens, live };
};

const doc = (event: RoomEvent) => ({ seq: event.seq, event: JSON.stringify(event) });
const batch = (events: RoomEvent[]) => ({
  added: events.map(doc),
  modified: [],
  fromCache: false,
});

/** A transport on a fake port, connected, recording its feed and statuses. */
const open = async () => {
  const sim = new SimScheduler();
  const fake = fakePort();
  const transport = createFirestoreTransport({
    scheduler: sim,
    connect: () => Promise.resolve(fake.port),
  });
  const feed: RoomFeed[] = [];
  const statuses: TransportStatus[] = [];
  transport.events$.subscribe((f) => feed.push(f));
  transport.status$.subscribe((s) => statuses.push(s));
  await Promise.resolve();
  return { sim, fake, transport, feed, statuses };
};

/** `open`, then a room subscribed whose first answer (one join) has arrived. */
const setup = async () => {
  const { sim, fake, transport, feed, statuses } = await open();
  let lastSeq: number | undefined;
  transport.subscribeRoom(S, () => lastSeq);
  const join = joinEvent(S, 1, sim.now(), 'student-1');
  fake.live('events')[0]!.listener.next(batch([join]));
  lastSeq = 1;
  return { sim, fake, transport, feed, statuses };
};

describe('firestore transport: a listen the SDK ends with an error', () => {
  it('is listened to again after a backoff, from the seq the room has, and goes on delivering', async () => {
    const { sim, fake, feed, statuses } = await setup();
    expect(feed.map((f) => f.type)).toEqual(['snapshot']);

    // The emulator's corrupt frame, or Firestore's quota: the SDK ends the listen for good.
    fake.live('events')[0]!.listener.error('resource-exhausted');
    expect(statuses.at(-1)).toBe('connecting');
    sim.advance(BACKOFF_INITIAL_MS - 1);
    expect(fake.live('events')).toHaveLength(0);
    sim.advance(1);
    const again = fake.live('events');
    expect(again).toHaveLength(1);
    expect(again[0]!.from).toBe(1);

    const next = joinEvent(S, 2, sim.now(), 'student-2');
    again[0]!.listener.next(batch([next]));
    expect(statuses.at(-1)).toBe('open');
    expect(feed.at(-1)).toEqual({ type: 'events', streamId: S, events: [next] });
  });

  it('backs off longer each time it fails before hearing from Firestore, up to the cap', async () => {
    const { sim, fake } = await setup();
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const started = sim.now();
      fake.live('events')[0]!.listener.error('internal');
      for (let t = 0; t < 2 * BACKOFF_MAX_MS && fake.live('events').length === 0; t += 10) {
        sim.advance(10);
      }
      waits.push(sim.now() - started);
    }
    expect(waits.slice(0, 3)).toEqual([250, 500, 1000]);
    expect(Math.max(...waits)).toBe(BACKOFF_MAX_MS);
  });

  it('does not listen again after the rules refuse, after unsubscribing, or after close', async () => {
    const refused = await setup();
    refused.fake.live('events')[0]!.listener.error('permission-denied');
    refused.sim.advance(BACKOFF_MAX_MS * 2);
    expect(refused.fake.live('events')).toHaveLength(0);

    const left = await setup();
    left.fake.live('events')[0]!.listener.error('unavailable');
    left.transport.unsubscribeRoom(S);
    left.sim.advance(BACKOFF_MAX_MS * 2);
    expect(left.fake.listens.filter((l) => l.kind === 'events')).toHaveLength(1);

    const closed = await setup();
    closed.fake.live('messages')[0]!.listener.error('internal');
    closed.transport.close();
    expect(closed.sim.pending).toBe(0);
  });

  it('listens again to the room’s broadcasts and the rooms list too', async () => {
    const { sim, fake, transport } = await setup();
    transport.subscribeStreamList();
    fake.live('messages')[0]!.listener.error('internal');
    fake.live('list')[0]!.listener.error('internal');
    sim.advance(BACKOFF_INITIAL_MS);
    expect(fake.live('messages')).toHaveLength(1);
    expect(fake.live('list')).toHaveLength(1);
  });
});

describe('firestore transport: a room’s listen moves up to the head', () => {
  const joins = (from: number, to: number, at: number) =>
    Array.from({ length: to - from + 1 }, (_, i) =>
      joinEvent(S, from + i, at, `student-${from + i}`),
    );

  it('after ROLL_AFTER_DOCS documents, without losing or repeating an event', async () => {
    const { sim, fake, feed, statuses } = await setup();
    const [first] = fake.live('events');
    // One document was the snapshot's; the rest arrive one answer each.
    for (const e of joins(2, ROLL_AFTER_DOCS, sim.now())) first!.listener.next(batch([e]));
    expect(fake.live('events')).toHaveLength(2);
    const successor = fake.live('events')[1]!;
    expect(successor.from).toBe(ROLL_AFTER_DOCS);

    // The SDK's cache answers the successor first: the predecessor stays, the room stays live.
    successor.listener.next({ added: [], modified: [], fromCache: true });
    expect(first!.over).toBe(false);
    expect(statuses.at(-1)).toBe('open');

    // An event written meanwhile reaches both; Firestore's first answer of the successor also
    // carries it, and the predecessor stops.
    const [a, b] = joins(ROLL_AFTER_DOCS + 1, ROLL_AFTER_DOCS + 2, sim.now());
    first!.listener.next(batch([a!]));
    successor.listener.next(batch([a!, b!]));
    expect(first!.over).toBe(true);
    expect(fake.live('events')).toEqual([successor]);

    const delivered = feed.flatMap((f) => (f.type === 'events' ? f.events.map((e) => e.seq) : []));
    expect(delivered).toEqual(joins(2, ROLL_AFTER_DOCS + 2, 0).map((e) => e.seq));
  });

  it('at once when a first subscribe’s answer is a long history, which the snapshot folds', async () => {
    const { sim, fake, transport, feed } = await open();
    transport.subscribeRoom(S, () => undefined);
    fake.live('events')[0]!.listener.next(batch(joins(1, 3 * ROLL_AFTER_DOCS, sim.now())));
    expect(feed).toHaveLength(1);
    expect(feed[0]!.type === 'snapshot' && feed[0]!.snapshot.seq).toBe(3 * ROLL_AFTER_DOCS);
    expect(fake.live('events').map((l) => l.from)).toEqual([0, 3 * ROLL_AFTER_DOCS]);
  });
});

describe('firestore transport: the rooms list', () => {
  it('confirms the subscription once its lists have answered from Firestore, and after a re-listen', async () => {
    const { sim, fake, transport } = await setup();
    const said: string[] = [];
    transport.messages$.subscribe((m) => said.push(m.type));
    transport.subscribeStreamList();
    const list = () => fake.live('list')[0]!.listener;
    list().next({ added: [], modified: [], fromCache: true });
    expect(said).toEqual([]);
    list().next({ added: [], modified: [], fromCache: false });
    list().next({ added: [], modified: [], fromCache: false });
    expect(said).toEqual(['streamsSubscribed']);

    list().error('internal');
    sim.advance(BACKOFF_INITIAL_MS);
    list().next({ added: [], modified: [], fromCache: false });
    expect(said).toEqual(['streamsSubscribed', 'error', 'streamsSubscribed']);
  });
});
