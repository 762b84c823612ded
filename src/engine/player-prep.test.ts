import { BehaviorSubject, filter } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { RoomModel } from '@/contracts/stream';
import {
  CUE_AHEAD_S,
  CUE_CHECK_MS,
  CUE_TOLERANCE_S,
  keepCued,
  WARM_UP_HANDOVER_MS,
  warmUpDeadline,
  warmUpUntilDue,
  type PrepRoom,
} from './player-prep';
import { expectedPosition, initialRoomModel, reduceRoom } from './reducer';
import { hostEvent, playback } from './testing/events';
import { FakePlayer } from './testing/fake-player';
import { SimScheduler } from './testing/sim-scheduler';

const T = 1_700_000_000_000;

/** A room the test writes: its model, read on the simulated clock. */
const room = (sim: SimScheduler) => {
  const model$ = new BehaviorSubject<RoomModel | null>(null);
  const prep: PrepRoom = {
    model: () => model$.value,
    model$: model$.pipe(filter((m): m is RoomModel => m !== null)),
    serverNow: () => sim.now(),
  };
  let seq = 0;
  const apply = (type: 'play' | 'pause' | 'skip', at: number, timeInVideo = 0) => {
    seq += 1;
    const base = model$.value ?? initialRoomModel('r');
    const position = model$.value ? expectedPosition(base, at) : 0;
    const to = type === 'skip' ? timeInVideo : position;
    model$.next(reduceRoom(base, hostEvent('r', seq, sim.now(), playback(type, to, at))));
  };
  return { prep, model$, apply };
};

describe('warmUpDeadline', () => {
  const paused = initialRoomModel('r');
  it('lets a warm-up run until just before a scheduled start, ends it at once during play', () => {
    expect(warmUpDeadline(paused, T)).toBeNull();
    const starting = reduceRoom(paused, hostEvent('r', 1, T, playback('play', 0, T + 800)));
    expect(warmUpDeadline(starting, T)).toBe(T + 800 - WARM_UP_HANDOVER_MS);
    expect(warmUpDeadline(starting, T + 900)).toBe(T + 900);
    const ended = reduceRoom(
      starting,
      hostEvent('r', 2, T + 1000, playback('terminate', 1, T + 1000)),
    );
    expect(warmUpDeadline(ended, T + 2000)).toBeNull();
  });
});

describe('warmUpUntilDue (simulated time)', () => {
  /** A 3 s warm-up that stops when told to (`end`); records when it ended. */
  const slowWarmUp = (sim: SimScheduler) => {
    const ended: number[] = [];
    let finish = () => {};
    const warmUp = () =>
      new Promise<void>((resolve) => {
        finish = () => {
          if (ended.length > 0) return;
          ended.push(sim.now());
          resolve();
        };
        sim.setTimeout(() => finish(), 3000);
      });
    return { warmUp, end: () => finish(), ended };
  };

  it('runs to its end while the room stays paused', async () => {
    const sim = new SimScheduler(T);
    const r = room(sim);
    r.apply('pause', T);
    const { warmUp, end, ended } = slowWarmUp(sim);
    const done = warmUpUntilDue(warmUp, end, r.prep, sim);
    sim.advance(3000);
    await done;
    expect(ended).toEqual([T + 3000]);
  });

  it('hands over WARM_UP_HANDOVER_MS before a start announced meanwhile', async () => {
    const sim = new SimScheduler(T);
    const r = room(sim);
    r.apply('pause', T);
    const { warmUp, end, ended } = slowWarmUp(sim);
    const done = warmUpUntilDue(warmUp, end, r.prep, sim);
    sim.advance(500);
    // The teacher presses play; it takes effect 400 ms later.
    r.apply('play', T + 900);
    sim.advance(1000);
    await done;
    expect(ended).toEqual([T + 900 - WARM_UP_HANDOVER_MS]);
  });

  it('ends at once when the room already plays, and when a start is later paused it is not ended', async () => {
    const sim = new SimScheduler(T);
    const r = room(sim);
    r.apply('play', T);
    const playing = slowWarmUp(sim);
    await warmUpUntilDue(playing.warmUp, playing.end, r.prep, sim);
    expect(playing.ended).toEqual([T]);

    const sim2 = new SimScheduler(T);
    const r2 = room(sim2);
    r2.apply('pause', T);
    const { warmUp, end, ended } = slowWarmUp(sim2);
    const done = warmUpUntilDue(warmUp, end, r2.prep, sim2);
    r2.apply('play', T + 1000);
    sim2.advance(200);
    // Called off before it starts: the hand-over is dropped with it.
    r2.apply('pause', T + 500);
    sim2.advance(3000);
    await done;
    expect(ended).toEqual([T + 3000]);
  });
});

describe('keepCued (simulated time)', () => {
  it('keeps a paused player a second ahead of a playing room, never playing it', () => {
    const sim = new SimScheduler(T);
    const r = room(sim);
    r.apply('play', T);
    sim.advance(30_000);
    const player = new FakePlayer(sim);
    const stop = keepCued(player, r.prep, sim);
    expect(player.currentTime()).toBeCloseTo(30 + CUE_AHEAD_S, 3);
    for (let s = 0; s < 20; s += 1) {
      sim.advance(CUE_CHECK_MS);
      // Checked every second: moved only once past the tolerance, never further than it.
      expect(Math.abs(player.currentTime() - (30 + s + 1 + CUE_AHEAD_S))).toBeLessThanOrEqual(
        CUE_TOLERANCE_S,
      );
    }
    expect(player.count('play')).toBe(0);
    expect(player.isPaused()).toBe(true);
    expect(player.count('seek')).toBeLessThanOrEqual(8);
    stop();
    const seeks = player.count('seek');
    sim.advance(10_000);
    expect(player.count('seek')).toBe(seeks);
  });

  it('follows a skip at once, and never cues past the end of the media', () => {
    const sim = new SimScheduler(T);
    const r = room(sim);
    r.apply('pause', T);
    const player = new FakePlayer(sim, { duration: 100 });
    const stop = keepCued(player, r.prep, sim);
    r.apply('skip', T, 40);
    expect(player.currentTime()).toBe(40);
    r.apply('skip', T, 250);
    expect(player.currentTime()).toBe(100);
    stop();
  });
});
