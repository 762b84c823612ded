import fc from 'fast-check';
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { RoomEvent, RoomModel, type RoomFeed, type StreamCommand } from '../contracts/stream';
import {
  expectedPosition,
  initialRoomModel,
  nextPlaybackChangeAt,
  participantsAt,
  playbackAt,
  positionAt,
  reduceRoom,
} from './reducer';
import { RoomLog, roomModel$ } from './room-log';
import { hostEvent, joinEvent, leaveEvent, playback } from './testing/events';

const S = 'stream-1';
const T = 1_700_000_000_000;
const HOUR = 3_600_000;

const fold = (events: RoomEvent[]) => events.reduce(reduceRoom, initialRoomModel(S));

describe('reduceRoom: playback', () => {
  it('plays from the commanded position at the effective time and derives the position', () => {
    const m = fold([hostEvent(S, 1, T, playback('play', 10, T + 300))]);
    expect(m.playback).toEqual({
      status: 'playing',
      timeInVideo: 10,
      playbackRate: 1,
      effectiveAt: T + 300,
    });
    expect(expectedPosition(m, T + 300)).toBe(10);
    expect(expectedPosition(m, T + 2300)).toBeCloseTo(12, 9);
  });

  it('keeps the previous playback until a scheduled change takes effect', () => {
    const m = fold([
      hostEvent(S, 1, T, playback('play', 0, T)),
      hostEvent(S, 2, T + 10_000, playback('pause', 10.3, T + 10_300, { status: 'playing' })),
    ]);
    // Before the pause takes effect the room is still playing.
    expect(playbackAt(m, T + 10_100).status).toBe('playing');
    expect(expectedPosition(m, T + 10_100)).toBeCloseTo(10.1, 9);
    expect(expectedPosition(m, T + 20_000)).toBeCloseTo(10.3, 9);
    expect(nextPlaybackChangeAt(m, T + 10_100)).toBe(T + 10_300);
    expect(nextPlaybackChangeAt(m, T + 10_300)).toBeNull();
  });

  it('rate change continues from the position at the change, at the new rate', () => {
    const m = fold([
      hostEvent(S, 1, T, playback('play', 0, T)),
      hostEvent(
        S,
        2,
        T + 4000,
        playback('rateChange', 4, T + 4000, { rate: 1.5, status: 'playing' }),
      ),
    ]);
    expect(expectedPosition(m, T + 6000)).toBeCloseTo(7, 9);
  });

  it('skip keeps the status and jumps to the target', () => {
    const m = fold([
      hostEvent(S, 1, T, playback('play', 0, T)),
      hostEvent(S, 2, T + 1000, playback('skip', 120, T + 1300, { status: 'playing' })),
    ]);
    expect(expectedPosition(m, T + 2300)).toBeCloseTo(121, 9);
  });

  it('a ping re-anchors the timeline to the host position; a stale ping is ignored', () => {
    const played = fold([hostEvent(S, 1, T, playback('play', 0, T))]);
    const pinged = reduceRoom(
      played,
      hostEvent(S, 2, T + 5000, playback('ping', 4.97, T + 5000, { status: 'playing' })),
    );
    expect(expectedPosition(pinged, T + 6000)).toBeCloseTo(5.97, 9);

    const pausedAhead = reduceRoom(
      played,
      hostEvent(S, 2, T + 5000, playback('pause', 5.3, T + 5300)),
    );
    // A heartbeat measured before the scheduled pause must not undo it.
    const stale = reduceRoom(
      pausedAhead,
      hostEvent(S, 3, T + 5100, playback('ping', 5.1, T + 5100, { status: 'playing' })),
    );
    expect(stale.playback).toEqual(pausedAhead.playback);
    expect(stale.lastSeq).toBe(3);
  });

  it('a ping built on a model that missed the host’s last command does not undo it', () => {
    const played = fold([hostEvent(S, 1, T, playback('play', 0, T))]);
    const ping = (seq: number, at: number, position: number, rate = 1) =>
      hostEvent(S, seq, at, playback('ping', position, at, { status: 'playing', rate }), T);
    // The host changed the rate to 1.5× at T + 5000; its heartbeat 100 ms later still saw 1×
    // (its own event had not come back yet: seen in bench:sync, the class went back to 1.5×… 1×).
    const faster = reduceRoom(
      played,
      hostEvent(
        S,
        2,
        T + 4800,
        playback('rateChange', 5, T + 5000, { status: 'playing', rate: 1.5 }),
      ),
    );
    const afterRate = reduceRoom(faster, ping(3, T + 5100, 5.1));
    expect(afterRate.playback).toEqual(faster.playback);
    expect(afterRate.lastSeq).toBe(3);
    // The host skipped to 120 s; its heartbeat still read the old timeline.
    const skipped = reduceRoom(
      played,
      hostEvent(S, 2, T + 4800, playback('skip', 120, T + 5000, { status: 'playing' })),
    );
    expect(reduceRoom(skipped, ping(3, T + 5100, 5.1)).playback).toEqual(skipped.playback);
    // Paused meanwhile: a heartbeat that says playing is stale too.
    const paused = reduceRoom(played, hostEvent(S, 2, T + 4800, playback('pause', 5, T + 5000)));
    expect(reduceRoom(paused, ping(3, T + 5100, 5)).playback).toEqual(paused.playback);
    // One that agrees (within 50 ms, same status and rate) re-anchors.
    expect(reduceRoom(skipped, ping(3, T + 5100, 120.13)).playback.effectiveAt).toBe(T + 5100);
  });

  it('terminate leaves the room paused and ignores later playback commands', () => {
    const m = fold([
      hostEvent(S, 1, T, playback('play', 0, T)),
      hostEvent(S, 2, T + 3000, playback('terminate', 3, T + 3000, { status: 'playing' })),
      hostEvent(S, 3, T + 4000, playback('play', 3, T + 4000)),
    ]);
    expect(m.terminated).toBe(true);
    expect(m.playback.status).toBe('paused');
    expect(expectedPosition(m, T + 60_000)).toBe(3);
  });

  it('ignores duplicates and events of another stream', () => {
    const e = hostEvent(S, 1, T, playback('play', 0, T));
    const m = fold([e]);
    expect(reduceRoom(m, e)).toBe(m);
    expect(reduceRoom(m, { ...hostEvent('other', 2, T, playback('pause', 1, T)) })).toBe(m);
  });

  it('pushes and clears live actions', () => {
    const chapter: StreamCommand = {
      type: 'chapter',
      status: 'playing',
      timeInVideo: 5,
      playbackRate: 1,
      effectiveAt: T + 300,
      timedAction: { start: 5, action: 'chapter', params: { name: 'Intro' } },
      active: true,
    };
    const on = fold([hostEvent(S, 1, T, chapter)]);
    expect(on.chapter?.timedAction.params.name).toBe('Intro');
    expect(on.chapter?.effectiveAt).toBe(T + 300);
    const off = reduceRoom(on, hostEvent(S, 2, T + 1000, { ...chapter, active: false }));
    expect(off.chapter).toBeNull();
  });
});

describe('reduceRoom: participants', () => {
  it('counts a join only within 12 hours', () => {
    const m = fold([
      joinEvent(S, 1, T, 'old', T - 13 * HOUR),
      joinEvent(S, 2, T, 'new', T - HOUR, 'joinSession'),
    ]);
    expect(participantsAt(m, T).map((p) => p.id)).toEqual(['new']);
    // Eleven hours later the recent join has aged out too.
    expect(participantsAt(m, T + 11 * HOUR + 1)).toEqual([]);
  });

  it('removes on leave only when the join is older than the leave', () => {
    const joined = fold([joinEvent(S, 1, T, 'u1', T)]);
    const staleLeave = reduceRoom(joined, leaveEvent(S, 2, T + 10, 'u1', T - 1000));
    expect(participantsAt(staleLeave, T + 10).map((p) => p.id)).toEqual(['u1']);
    const leave = reduceRoom(joined, leaveEvent(S, 2, T + 10, 'u1', T + 5));
    expect(participantsAt(leave, T + 10)).toEqual([]);
    // Rejoining after the leave counts again.
    const rejoined = reduceRoom(leave, joinEvent(S, 3, T + 20, 'u1', T + 20));
    expect(participantsAt(rejoined, T + 20)[0]?.joinedAt).toBe(T + 20);
  });
});

describe('positionAt', () => {
  it('is monotonic in time while playing', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        fc.double({ min: 0.25, max: 4, noNaN: true }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: -1e7, max: 1e7 }),
        fc.integer({ min: 0, max: 1e7 }),
        (timeInVideo, rate, effectiveAt, a, gap) => {
          const p = { status: 'playing' as const, timeInVideo, playbackRate: rate, effectiveAt };
          expect(positionAt(p, effectiveAt + a + gap)).toBeGreaterThanOrEqual(
            positionAt(p, effectiveAt + a),
          );
        },
      ),
    );
  });

  it('does not move while paused', () => {
    const p = { status: 'paused' as const, timeInVideo: 42, playbackRate: 2, effectiveAt: T };
    expect(positionAt(p, T + 99_999)).toBe(42);
  });
});

// ---------------------------------------------------------------------------------------------
// Ordering: any permutation + duplication gives the in-order model

const commandArb: fc.Arbitrary<(t: number) => StreamCommand> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('play', 'pause', 'skip', 'rateChange', 'ping', 'terminate' as const),
      fc.double({ min: 0, max: 3600, noNaN: true }),
      fc.constantFrom(0.5, 1, 1.25, 1.5, 2),
      fc.constantFrom('playing', 'paused' as const),
      fc.integer({ min: -200, max: 2500 }),
    )
    .map(
      ([action, pos, rate, status, lead]) =>
        (t: number) =>
          playback(action, pos, t + lead, { rate, status }),
    ),
  fc
    .tuple(fc.constantFrom('chapter', 'telop', 'discuss', 'vote' as const), fc.boolean())
    .map(([action, active]) => (t: number): StreamCommand => ({
      type: action,
      status: 'playing',
      timeInVideo: 1,
      playbackRate: 1,
      effectiveAt: t,
      timedAction: { start: 1, action, params: {} },
      active,
    })),
);

type Spec =
  | { kind: 'host'; make: (t: number) => StreamCommand }
  | { kind: 'join'; user: string; ageH: number }
  | { kind: 'leave'; user: string; skewMs: number };

const specArb: fc.Arbitrary<Spec> = fc.oneof(
  { weight: 3, arbitrary: commandArb.map((make) => ({ kind: 'host' as const, make })) },
  {
    weight: 1,
    arbitrary: fc
      .record({ user: fc.constantFrom('a', 'b', 'c'), ageH: fc.integer({ min: 0, max: 14 }) })
      .map((r) => ({ kind: 'join' as const, ...r })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        user: fc.constantFrom('a', 'b', 'c'),
        skewMs: fc.integer({ min: -5000, max: 5000 }),
      })
      .map((r) => ({ kind: 'leave' as const, ...r })),
  },
);

/** Builds a valid log as the server would: seq 1..n, server time rising, anchors forward. */
const buildLog = (specs: Spec[], gaps: number[]): RoomEvent[] => {
  let model = initialRoomModel(S);
  let t = T;
  const log: RoomEvent[] = [];
  specs.forEach((spec, i) => {
    t += gaps[i] ?? 100;
    const seq = i + 1;
    const e =
      spec.kind === 'host'
        ? hostEvent(S, seq, t, spec.make(t), model.playback.effectiveAt)
        : spec.kind === 'join'
          ? joinEvent(S, seq, t, spec.user, t - spec.ageH * HOUR)
          : leaveEvent(S, seq, t, spec.user, t + spec.skewMs);
    expect(RoomEvent.safeParse(e).success).toBe(true);
    model = reduceRoom(model, e);
    log.push(e);
  });
  return log;
};

const deliveryArb = (n: number) =>
  fc.record({
    // 1..3 copies of each event, delivered in the order of random keys.
    keys: fc.array(
      fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 }),
      {
        minLength: n,
        maxLength: n,
      },
    ),
    batchSizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 20 }),
  });

const shuffleDeliver = (log: RoomEvent[], keys: number[][], batchSizes: number[]): RoomFeed[] => {
  const copies = log.flatMap((e, i) => (keys[i] ?? [0]).map((k) => ({ k, e })));
  copies.sort((a, b) => a.k - b.k);
  const feeds: RoomFeed[] = [];
  let i = 0;
  let b = 0;
  while (i < copies.length) {
    const size = batchSizes[b++ % batchSizes.length] ?? 1;
    feeds.push({ type: 'events', streamId: S, events: copies.slice(i, i + size).map((c) => c.e) });
    i += size;
  }
  return feeds;
};

/** Delivers every feed to a fresh room log. */
const deliverAll = (feeds: RoomFeed[]): RoomLog => {
  const log = new RoomLog(S);
  for (const f of feeds) log.receive(f);
  return log;
};

describe('RoomLog: the one ordering buffer', () => {
  const logArb = fc.array(specArb, { minLength: 1, maxLength: 30 }).chain((specs) =>
    fc.tuple(
      fc.constant(specs),
      fc.array(fc.integer({ min: 0, max: 3000 }), {
        minLength: specs.length,
        maxLength: specs.length,
      }),
      deliveryArb(specs.length),
    ),
  );

  it('any permutation and duplication yields the in-order model', () => {
    fc.assert(
      fc.property(logArb, ([specs, gaps, { keys, batchSizes }]) => {
        const log = buildLog(specs, gaps);
        const inOrder = fold(log);
        const state = deliverAll(shuffleDeliver(log, keys, batchSizes));
        expect(state.model).toEqual(inOrder);
        expect(state.gap).toBeNull();
        expect(RoomModel.safeParse(state.model).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a snapshot delivered anywhere replaces the state and the rest still folds to the same model', () => {
    fc.assert(
      fc.property(
        logArb,
        fc.nat(),
        fc.nat(),
        ([specs, gaps, { keys, batchSizes }], cutRaw, atRaw) => {
          const log = buildLog(specs, gaps);
          const cut = cutRaw % (log.length + 1);
          const snapshot = { streamId: S, seq: cut, model: fold(log.slice(0, cut)) };
          // A late joiner: the snapshot plus later events, in any order, with duplicates.
          const feeds = shuffleDeliver(log.slice(Math.max(0, cut - 2)), keys, batchSizes);
          feeds.splice(atRaw % (feeds.length + 1), 0, { type: 'snapshot', snapshot });
          const state = deliverAll(feeds);
          expect(state.model).toEqual(fold(log));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('holds events after a gap and reports the missing seqs until the gap fills', () => {
    const log = buildLog(
      [1, 2, 3, 4].map(() => ({ kind: 'host', make: (t) => playback('play', 0, t) })),
      [0, 0, 0, 0],
    );
    const [e1, e2, e3, e4] = log as [RoomEvent, RoomEvent, RoomEvent, RoomEvent];
    const s = new RoomLog(S);
    expect(s.add([e1, e4]).map((e) => e.seq)).toEqual([1]);
    expect(s.lastSeq).toBe(1);
    expect(s.gap).toEqual({ from: 2, to: 3 });
    expect(s.add([e3]).map((e) => e.seq)).toEqual([]);
    expect(s.gap).toEqual({ from: 2, to: 2 });
    expect(s.add([e2, e2]).map((e) => e.seq)).toEqual([2, 3, 4]);
    expect(s.lastSeq).toBe(4);
    expect(s.gap).toBeNull();
    // A duplicate of something applied changes nothing.
    expect(s.add([e1, e3])).toEqual([]);
  });

  it('roomModel$ emits only once loaded, then each change', () => {
    const feed$ = new Subject<RoomFeed>();
    const seen: number[] = [];
    feed$.pipe(roomModel$(S)).subscribe((m) => seen.push(m.lastSeq));
    const log = buildLog(
      [1, 2].map(() => ({ kind: 'host', make: (t) => playback('play', 0, t) })),
      [0, 0],
    );
    feed$.next({ type: 'events', streamId: S, events: [log[1] as RoomEvent] });
    expect(seen).toEqual([]);
    feed$.next({ type: 'events', streamId: S, events: [log[0] as RoomEvent, log[1] as RoomEvent] });
    expect(seen).toEqual([2]);
  });
});
