import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type ServerMessage } from '../contracts/realtime';
import type { RoomEvent, RoomFeed } from '../contracts/stream';
import { initialRoomModel } from './reducer';
import { GAP_RETRY_MS, createRoomClient } from './room-client';
import { hostEvent, playback } from './testing/events';
import { SimScheduler } from './testing/sim-scheduler';
import type { PostCommand, RoomTransport, TransportStatus } from './transports/types';

const S = 'room-1';

/** A transport whose server messages the test pushes by hand, counting the client's resyncs. */
function handTransport() {
  const messages$ = new Subject<ServerMessage>();
  const events$ = new Subject<RoomFeed>();
  const status$ = new BehaviorSubject<TransportStatus>('open');
  const resyncs: string[] = [];
  const transport: RoomTransport = {
    messages$,
    events$,
    status$,
    status: () => status$.value,
    send: () => true,
    subscribeRoom: () => undefined,
    unsubscribeRoom: () => undefined,
    resync: (streamId) => resyncs.push(streamId),
    subscribeStreamList: () => undefined,
    unsubscribeStreamList: () => undefined,
    close: () => undefined,
  };
  const postCommand: PostCommand = () =>
    Promise.resolve({ ok: false, code: 'network', message: 'none' });
  const snapshot = (seq: number) =>
    events$.next({
      type: 'snapshot',
      snapshot: { streamId: S, seq, model: { ...initialRoomModel(S), lastSeq: seq } },
    });
  const events = (...list: RoomEvent[]) =>
    events$.next({ type: 'events', streamId: S, events: list });
  const head = (seq: number, streamId = S) =>
    messages$.next({ v: PROTOCOL_VERSION, type: 'head', streamId, seq });
  return { transport, postCommand, resyncs, snapshot, events, head };
}

const ev = (seq: number) => hostEvent(S, seq, 1000 + seq, playback('play', seq, 1000 + seq));

describe('a room client notices every missed event', () => {
  it('asks for the missing seqs at once when an event arrives after a gap, and again while it stays open', () => {
    const sim = new SimScheduler();
    const t = handTransport();
    const client = createRoomClient({
      transport: t.transport,
      postCommand: t.postCommand,
      scheduler: sim,
      streamId: S,
    });
    t.snapshot(0);
    t.events(ev(1));
    expect(t.resyncs).toEqual([]);
    t.events(ev(3));
    expect(t.resyncs).toEqual([S]);
    expect(client.model()?.lastSeq).toBe(1);
    // Nothing came: asked again after GAP_RETRY_MS, not before.
    sim.advance(GAP_RETRY_MS - 1);
    expect(t.resyncs).toHaveLength(1);
    sim.advance(1);
    expect(t.resyncs).toHaveLength(2);
    // The missing seq arrives: the held one follows it, and nothing more is asked.
    t.events(ev(2), ev(3));
    expect(client.model()?.lastSeq).toBe(3);
    sim.advance(GAP_RETRY_MS * 3);
    expect(t.resyncs).toHaveLength(2);
    client.close();
  });

  it('asks again when a quiet room’s heartbeat names a head it has not seen', () => {
    const sim = new SimScheduler();
    const t = handTransport();
    const client = createRoomClient({
      transport: t.transport,
      postCommand: t.postCommand,
      scheduler: sim,
      streamId: S,
    });
    // Before the room is loaded a head means nothing yet.
    t.head(4);
    expect(t.resyncs).toEqual([]);
    t.snapshot(2);
    t.head(2);
    expect(t.resyncs).toEqual([]);
    // The last event never came (the room then went quiet): the head says so.
    t.head(3);
    expect(t.resyncs).toEqual([S]);
    t.events(ev(3));
    t.head(3);
    expect(t.resyncs).toEqual([S]);
    // Another room's head is not ours.
    t.head(9, 'room-2');
    expect(t.resyncs).toEqual([S]);
    client.close();
  });
});
