import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { RoomModel, StreamCommand } from '../contracts/stream';
import {
  createFollower,
  decideCorrection,
  FOLLOWER_DEFAULTS,
  seekDriftS,
  type FollowerStatus,
  type FollowerTick,
} from './follower-machine';
import { FLUSHED_START_PRIOR_MS } from './latency';
import { hostStallStep, initialHostStall, type HostStallState } from './host';
import { expectedPosition, initialRoomModel, reduceRoom } from './reducer';
import { hostEvent, playback } from './testing/events';
import { FakePlayer, type FakePlayerOptions } from './testing/fake-player';
import { SimScheduler } from './testing/sim-scheduler';

const S = 'room';

/** A room, a player and a follower in simulated time. */
const harness = (playerOptions: FakePlayerOptions = {}) => {
  const sim = new SimScheduler();
  const player = new FakePlayer(sim, playerOptions);
  const model$ = new BehaviorSubject<RoomModel>(initialRoomModel(S));
  const follower = createFollower({
    player,
    clock: { serverNow: () => sim.now() },
    model$,
    scheduler: sim,
  });
  const statuses: FollowerStatus[] = [];
  follower.status$.subscribe((s) => statuses.push(s));
  let seq = 0;
  const host = (make: (now: number) => StreamCommand) => {
    const m = model$.value;
    model$.next(
      reduceRoom(m, hostEvent(S, ++seq, sim.now(), make(sim.now()), m.playback.effectiveAt)),
    );
  };
  const drift = () => player.currentTime() - expectedPosition(model$.value, sim.now());
  /** Largest |drift| sampled every 50 ms over `ms`. */
  const watch = (ms: number) => {
    let max = 0;
    for (let t = 0; t < ms; t += 50) {
      sim.advance(50);
      max = Math.max(max, Math.abs(drift()));
    }
    return max;
  };
  return { sim, player, model$, follower, host, drift, watch, statuses };
};

/** Room playing from 0 and the follower in sync. */
const playing = (playerOptions: FakePlayerOptions = {}) => {
  const h = harness(playerOptions);
  h.host((now) => playback('play', 0, now + 300));
  h.sim.advance(2000);
  expect(Math.abs(h.drift())).toBeLessThan(0.001);
  return h;
};

describe('follower', () => {
  it('starts a scheduled play at the exact effective instant', () => {
    const h = harness();
    const start = h.sim.now();
    h.host((now) => playback('play', 0, now + 300));
    h.sim.advance(1000);
    const plays = h.player.calls.filter((c) => c.call === 'play');
    expect(plays.map((c) => c.at - start)).toEqual([300]);
    expect(h.player.count('seek')).toBe(0);
  });

  it('does not nudge on the position jump right after a start, only once it has settled', () => {
    const h = harness();
    h.host((now) => playback('play', 0, now + 300));
    const at = h.model$.value.playback.effectiveAt;
    h.sim.advance(310);
    // Chromium's currentTime runs ahead right after play(), then slow until it settles.
    h.player.jump(0.08);
    h.sim.advance(150);
    expect(h.player.calls.filter((c) => c.call === 'rate')).toEqual([]);
    h.sim.advance(100);
    const rates = h.player.calls.filter((c) => c.call === 'rate');
    expect(rates[0]?.at).toBe(at + FOLLOWER_DEFAULTS.startSettleMs);
    expect(rates[0]?.value).toBeLessThan(1);
  });

  it('ignores 15 ms of drift (under the 20 ms tolerance)', () => {
    const h = playing();
    const calls = h.player.calls.length;
    h.player.jump(-0.015);
    h.sim.advance(10_000);
    expect(h.player.calls.length).toBe(calls);
    expect(Math.abs(h.drift() + 0.015)).toBeLessThan(1e-9);
  });

  it('converges from 150 ms behind by nudging the rate, without seeking', () => {
    const h = playing();
    h.player.jump(-0.15);
    h.sim.advance(6000);
    expect(Math.abs(h.drift())).toBeLessThan(FOLLOWER_DEFAULTS.toleranceS);
    expect(h.player.count('seek')).toBe(0);
    const rates = h.player.calls.filter((c) => c.call === 'rate').map((c) => c.value ?? 0);
    expect(Math.max(...rates)).toBeLessThanOrEqual(1 + FOLLOWER_DEFAULTS.maxNudge);
    expect(Math.max(...rates)).toBeGreaterThan(1.1);
    // Once back inside the tolerance the rate settles to the room's.
    h.sim.advance(10_000);
    expect(Math.abs(h.drift())).toBeLessThan(FOLLOWER_DEFAULTS.settleS);
    expect(h.player.playbackRate()).toBe(1);
  });

  describe('where a correction leaves it (bench:sync 2026-11-24 06:28: steady p50 9–12 ms)', () => {
    // A nudge ended once the drift was back within the 10 ms settle bound, so every start or
    // landing that needed one stayed ~10 ms off for the rest of the segment (teacher −10.2,
    // student03 −10.1, student04 −13.7 ms after the first play); a residual under the 40 ms
    // tolerance (a hold's restart: −19.8, −32.3 ms) was never corrected at all.
    it('a nudge from 60 ms behind ends on the timeline, not at the edge of a settle bound', () => {
      const h = playing();
      h.player.jump(-0.06);
      h.watch(4000);
      expect(Math.abs(h.drift())).toBeLessThan(0.003);
      expect(h.player.playbackRate()).toBe(1);
    });

    it('...also when the player moves at a new rate 120 ms late', () => {
      const h = playing({ rateLatencyMs: 120 });
      h.host((now) =>
        playback('rateChange', expectedPosition(h.model$.value, now + 300), now + 300, {
          rate: 1.5,
          status: 'playing',
        }),
      );
      h.watch(6000);
      h.player.jump(0.07);
      h.watch(4000);
      expect(Math.abs(h.drift())).toBeLessThan(0.003);
      expect(h.player.playbackRate()).toBe(1.5);
    });

    it('a residual of 25 ms (a restart after a hold) is nudged away', () => {
      const h = playing();
      h.player.jump(-0.025);
      h.watch(4000);
      expect(Math.abs(h.drift())).toBeLessThan(0.003);
    });
  });

  it('converges from 150 ms ahead by slowing down', () => {
    const h = playing();
    h.player.jump(0.15);
    h.sim.advance(6000);
    expect(Math.abs(h.drift())).toBeLessThan(FOLLOWER_DEFAULTS.toleranceS);
    const rates = h.player.calls.filter((c) => c.call === 'rate').map((c) => c.value ?? 0);
    expect(Math.min(...rates)).toBeGreaterThanOrEqual(1 - FOLLOWER_DEFAULTS.maxNudge);
    expect(h.player.count('seek')).toBe(0);
  });

  it('600 ms behind, where the nudge would take 2.5 s, it seeks and is within 100 ms in 1 s', () => {
    const h = playing({ seekLatencyMs: 250 });
    h.player.jump(-0.6);
    h.sim.advance(1000);
    expect(h.player.count('seek')).toBe(1);
    expect(Math.abs(h.drift())).toBeLessThan(0.1);
    h.sim.advance(3000);
    expect(Math.abs(h.drift())).toBeLessThan(FOLLOWER_DEFAULTS.toleranceS);
  });

  it('300 ms ahead it stands still for the difference instead of seeking or nudging', () => {
    const h = playing();
    const before = h.player.calls.length;
    h.player.jump(0.3);
    h.sim.advance(1000);
    const calls = h.player.calls.slice(before);
    expect(calls.map((c) => c.call)).toEqual(['pause', 'play']);
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBe(300);
    expect(Math.abs(h.drift())).toBeLessThan(0.001);
  });

  it('a slower rate that arrives 600 ms late: it stands still and restarts at the new rate', () => {
    const h = playing();
    h.host((now) =>
      playback('rateChange', expectedPosition(h.model$.value, now + 300), now + 300, {
        rate: 1.5,
        status: 'playing',
      }),
    );
    h.sim.advance(3000);
    expect(Math.abs(h.drift())).toBeLessThan(0.001);
    // The room went back to 1× 600 ms ago; the event only arrives now (a loaded network).
    const m = h.model$.value;
    const at = h.sim.now() - 600;
    const before = h.player.calls.length;
    h.model$.next(
      reduceRoom(
        m,
        hostEvent(
          S,
          m.lastSeq + 1,
          at,
          playback('rateChange', expectedPosition(m, at), at, { status: 'playing' }),
          m.playback.effectiveAt,
        ),
      ),
    );
    h.sim.advance(1000);
    const calls = h.player.calls.slice(before);
    expect(calls.map((c) => `${c.call}${c.value ?? ''}`)).toEqual(['pause', 'rate1', 'play']);
    expect(Math.abs(h.drift())).toBeLessThan(0.001);
  });

  it('a skip that comes while a seek is under way is aimed at again at once', () => {
    const h = playing({ seekLatencyMs: 400 });
    h.player.jump(-3);
    h.sim.advance(250);
    expect(h.player.count('seek')).toBe(1);
    // The host skips to 60 s while the first seek (to ~3.3 s) is still loading.
    h.host((now) => playback('skip', 60, now + 100, { status: 'playing' }));
    h.sim.advance(300);
    expect(h.player.count('seek')).toBe(2);
    expect(h.player.calls.filter((c) => c.call === 'seek').at(-1)?.value).toBeGreaterThan(60);
    // Re-aimed at the skip's instant, not after the first seek: in sync within 1 s of the skip.
    expect(h.player.calls.filter((c) => c.call === 'seek').at(-1)?.at).toBe(
      h.model$.value.playback.effectiveAt,
    );
    h.sim.advance(700);
    expect(Math.abs(h.drift())).toBeLessThan(0.1);
  });

  it('seeks on 3 s of drift, aimed ahead, and never seeks again while the seek settles', () => {
    const h = playing({ seekLatencyMs: 800 });
    h.player.jump(-3);
    // Up to the instant it lands (the next tick could come 250 ms later; since the landing is
    // acted on at once, a second seek may follow right at the landing).
    h.sim.advance(800 - 1);
    expect(h.player.count('seek')).toBe(1);
    const seek = h.player.calls.find((c) => c.call === 'seek');
    // Aimed ahead of the room by the (initially assumed) seek latency.
    expect(seek?.value).toBeGreaterThan(expectedPosition(h.model$.value, seek?.at ?? 0));
    // It landed 460 ms behind; a second seek (only once the first settled) beats the nudge.
    h.sim.advance(8000);
    const seeks = h.player.calls.filter((c) => c.call === 'seek');
    expect(seeks.length).toBeLessThanOrEqual(2);
    if (seeks[1]) expect(seeks[1].at - seeks[0]!.at).toBeGreaterThanOrEqual(800);
    expect(Math.abs(h.drift())).toBeLessThan(FOLLOWER_DEFAULTS.toleranceS);
  });

  it('learns the seek latency so a second big jump lands close', () => {
    const h = playing({ seekLatencyMs: 600 });
    h.player.jump(-5);
    h.sim.advance(10_000);
    // (The first jump's landing, 260 ms behind, may take a second seek: that is acted on at the
    // landing now, where the next tick used to find the nudge already under way.)
    const before = h.player.count('seek');
    h.player.jump(-5);
    h.sim.advance(1000);
    expect(h.player.count('seek') - before).toBe(1);
    // A learned estimate (300 → 450 ms and on): the landing error shrinks from 300 to ≤ 150 ms.
    expect(Math.abs(h.drift())).toBeLessThan(0.2);
  });

  it('gives up waiting for a seek that never reports seeked and may seek again', () => {
    const h = playing({ seekLatencyMs: 60_000 });
    h.player.jump(-3);
    h.sim.advance(FOLLOWER_DEFAULTS.seekTimeoutMs - 100);
    expect(h.player.count('seek')).toBe(1);
    h.sim.advance(400);
    expect(h.player.count('seek')).toBe(2);
  });

  it('follows a rate change to 1.5× at the scheduled instant', () => {
    const h = playing();
    h.host((now) => ({
      ...playback('rateChange', expectedPosition(h.model$.value, now + 300), now + 300, {
        rate: 1.5,
        status: 'playing',
      }),
    }));
    const max = h.watch(10_000);
    expect(max).toBeLessThan(0.005);
    expect(h.player.playbackRate()).toBe(1.5);
  });

  describe('a player that moves at a new rate only 120 ms after it is set (Chromium)', () => {
    const rateChange = (h: ReturnType<typeof harness>, rate: number) =>
      h.host((now) =>
        playback('rateChange', expectedPosition(h.model$.value, now + 300), now + 300, {
          rate,
          status: 'playing',
        }),
      );

    it('learns the latency from one rate change and sets the next one that much early', () => {
      const h = playing({ rateLatencyMs: 120 });
      rateChange(h, 1.5);
      const at = h.model$.value.playback.effectiveAt;
      // The first change, unknown latency: 120 ms at the old rate, 60 ms behind, then nudged back.
      expect(h.watch(600)).toBeGreaterThan(0.05);
      h.watch(4400);
      expect(Math.abs(h.drift())).toBeLessThan(FOLLOWER_DEFAULTS.toleranceS);
      expect(h.player.calls.find((c) => c.call === 'rate')?.at).toBe(at);

      h.watch(3000);
      const rest = h.drift();
      rateChange(h, 1);
      const next = h.model$.value.playback.effectiveAt;
      // Set ahead by the measured latency, the media changes rate on time: no drift, no nudge.
      let moved = 0;
      for (let t = 0; t < 3000; t += 10) {
        h.sim.advance(10);
        moved = Math.max(moved, Math.abs(h.drift() - rest));
      }
      expect(moved).toBeLessThan(0.002);
      const rates = h.player.calls.filter((c) => c.call === 'rate' && c.at > next - 1000);
      expect(rates.map((c) => c.value)).toEqual([1]);
      expect(next - rates[0]!.at).toBeGreaterThan(100);
      expect(next - rates[0]!.at).toBeLessThanOrEqual(125);
    });

    it('ends a nudge early by that latency, so it does not overshoot the timeline', () => {
      const h = playing({ rateLatencyMs: 120 });
      rateChange(h, 1.5);
      // The rate change measures the latency; its nudge ends as it may.
      h.watch(6000);
      // At 1.5× a nudge's last rate is 0.1 over the room's: ended on today's drift, 120 ms of
      // it would overshoot by 12 ms and more.
      h.player.jump(-0.1);
      h.watch(6000);
      // Ended on the drift to come, not today's: within the settle bound, not 120 ms × the nudge.
      expect(Math.abs(h.drift())).toBeLessThan(FOLLOWER_DEFAULTS.settleS);
      expect(h.player.playbackRate()).toBe(1.5);
    });

    it('a skip is not a rate change: nothing is set ahead of it', () => {
      const h = playing({ rateLatencyMs: 120, seekLatencyMs: 50 });
      rateChange(h, 1.5);
      h.watch(5000);
      const before = h.player.calls.length;
      h.host((now) => playback('skip', 200, now + 300, { rate: 1.5, status: 'playing' }));
      const at = h.model$.value.playback.effectiveAt;
      h.watch(200);
      expect(h.player.calls.slice(before).filter((c) => c.at < at)).toEqual([]);
    });
  });

  it('pauses the player at the exact position of a scheduled pause', () => {
    const h = playing({ seekLatencyMs: 50 });
    h.host((now) => playback('pause', expectedPosition(h.model$.value, now + 300), now + 300));
    const at = h.model$.value.playback.effectiveAt;
    h.sim.advance(2000);
    expect(h.player.isPaused()).toBe(true);
    expect(h.player.calls.find((c) => c.call === 'pause')?.at).toBe(at);
    expect(Math.abs(h.drift())).toBeLessThan(1e-9);
  });

  describe('a paused player resting a little off the start position', () => {
    /** Playing, then paused at 2 s, resting `offset` s off, then started again 5 s later. */
    const restingOff = (offset: number) => {
      // Started after a seek while paused, it moves FLUSHED_START_PRIOR_MS late, as Chromium's did.
      const h = playing({ seekLatencyMs: 50, flushedStartLatencyMs: FLUSHED_START_PRIOR_MS });
      h.host((now) => playback('pause', 2, now + 300));
      h.sim.advance(1000);
      h.player.jump(offset);
      h.sim.advance(1000);
      const seeks = h.player.count('seek');
      h.host((now) => playback('play', 2, now + 300));
      const at = h.model$.value.playback.effectiveAt;
      h.sim.advance(1000);
      const play = h.player.calls.filter((c) => c.call === 'play').at(-1);
      return { h, seeks, at, playAt: play?.at ?? Number.NaN };
    };

    it('starts early by as much as it rests behind, and is on the timeline, unseeked', () => {
      const { h, seeks, at, playAt } = restingOff(-0.03);
      expect(seeks).toBe(0);
      expect(playAt).toBe(at - 30);
      expect(Math.abs(h.drift())).toBeLessThan(0.002);
    });

    it('starts late by as much as it rests ahead', () => {
      const { h, seeks, at, playAt } = restingOff(0.03);
      expect(seeks).toBe(0);
      expect(playAt).toBe(at + 30);
      expect(Math.abs(h.drift())).toBeLessThan(0.002);
    });

    it('is put in place when it rests further off than the tolerance', () => {
      const { h, seeks, at, playAt } = restingOff(-0.08);
      expect(seeks).toBe(1);
      // Early by the flushed pipeline's start latency (before its first measurement, the prior).
      expect(playAt).toBe(at - FLUSHED_START_PRIOR_MS);
      expect(Math.abs(h.drift())).toBeLessThan(0.002);
    });
  });

  describe('a player seeked while paused starts late (Chromium flushes its pipeline)', () => {
    // bench:sync 06:45, the second play: the players the follower had put in place while paused
    // (resting at +0.0) started 78–83 ms late, those left resting unseeked within ±20 ms.
    /** Paused at 2 s, put in place by a seek (it rests 80 ms off), started again 5 s later. */
    const flushedStart = (h: ReturnType<typeof harness>) => {
      h.host((now) => playback('pause', expectedPosition(h.model$.value, now + 300), now + 300));
      h.sim.advance(1000);
      h.player.jump(0.08);
      h.sim.advance(4000);
      h.host((now) => playback('play', expectedPosition(h.model$.value, now), now + 300));
      const at = h.model$.value.playback.effectiveAt;
      h.sim.advance(at + 300 - h.sim.now());
      return h.drift();
    };

    it('starts early by the usual latency, then by the one it measured', () => {
      const h = playing({ seekLatencyMs: 50, flushedStartLatencyMs: 110 });
      const seeks = h.player.count('seek');
      const first = flushedStart(h);
      expect(h.player.count('seek')).toBe(seeks + 1);
      // Early by the prior (70 ms), not by nothing (110 ms late).
      expect(first).toBeGreaterThan(-0.045);
      h.sim.advance(5000);
      // Learned from that start: the next one is on the timeline.
      expect(Math.abs(flushedStart(h))).toBeLessThan(0.005);
    });

    it('a player resting unseeked is not started early', () => {
      const h = playing({ seekLatencyMs: 50, flushedStartLatencyMs: 110 });
      h.host((now) => playback('pause', expectedPosition(h.model$.value, now + 300), now + 300));
      h.sim.advance(3000);
      h.host((now) => playback('play', expectedPosition(h.model$.value, now), now + 300));
      const at = h.model$.value.playback.effectiveAt;
      h.sim.advance(1000);
      expect(h.player.calls.filter((c) => c.call === 'play').at(-1)?.at).toBe(at);
    });
  });

  it('a buffering follower never produces a pause, and catches up after', () => {
    const h = playing({ seekLatencyMs: 200 });
    const seq = h.model$.value.lastSeq;
    h.player.setBuffering(true);
    h.sim.advance(5000);
    expect(h.statuses.at(-1)?.buffering).toBe(true);
    expect(h.player.count('pause')).toBe(0);
    expect(h.player.count('seek')).toBe(0);
    h.player.setBuffering(false);
    h.sim.advance(5000);
    expect(Math.abs(h.drift())).toBeLessThan(FOLLOWER_DEFAULTS.toleranceS);
    // The room never moved; the only local pause is a hold of < 1 s after landing a seek ahead.
    expect(h.model$.value.lastSeq).toBe(seq);
    const calls = h.player.calls.filter((c) => c.call === 'pause' || c.call === 'play');
    calls.forEach((c, i) => {
      if (c.call !== 'pause') return;
      const resume = calls[i + 1];
      expect(resume?.call).toBe('play');
      expect((resume?.at ?? Infinity) - c.at).toBeLessThan(1000);
    });
  });

  it('holds still for exactly the overshoot when a seek lands ahead', () => {
    const h = playing({ seekLatencyMs: 100 });
    h.player.jump(-3);
    h.sim.advance(1000);
    // Aimed 300 + 40 ms ahead, landed after 100 ms: 240 ms ahead, so it holds 240 ms.
    expect(h.statuses.some((st) => st.state === 'holding')).toBe(true);
    const pause = h.player.calls.filter((c) => c.call === 'pause').at(-1);
    const play = h.player.calls.filter((c) => c.call === 'play').at(-1);
    expect((play?.at ?? 0) - (pause?.at ?? 0)).toBe(240);
    expect(Math.abs(h.drift())).toBeLessThan(0.001);
    expect(h.player.isPaused()).toBe(false);
    expect(h.player.count('seek')).toBe(1);
  });

  it('decides the hold the moment the seek lands, not at the next tick', () => {
    // bench:sync 06:45: a skip's seek landed ~120 ms after effectiveAt, but the player went on
    // 220–250 ms ahead until the next 250 ms tick chose the hold (student01: back within 50 ms
    // 630 ms after the skip; the teacher after −10 s, 1198 ms).
    const h = playing({ seekLatencyMs: 100 });
    h.player.jump(-3);
    h.sim.advance(1000);
    const seek = h.player.calls.filter((c) => c.call === 'seek').at(-1);
    const pause = h.player.calls.filter((c) => c.call === 'pause').at(-1);
    expect((pause?.at ?? 0) - (seek?.at ?? 0)).toBe(100);
    expect(Math.abs(h.drift())).toBeLessThan(0.001);
  });

  it('learns how long a restart after a hold takes and ends the next hold that much early', () => {
    const h = harness({ seekLatencyMs: 100, startLatencyMs: 60 });
    h.host((now) => playback('play', 0, now + 300));
    h.sim.advance(8000);
    const holdAndDrift = () => {
      h.player.jump(-3);
      h.sim.advance(1000);
      const pause = h.player.calls.filter((c) => c.call === 'pause').at(-1);
      const play = h.player.calls.filter((c) => c.call === 'play').at(-1);
      const driftMs = h.drift() * 1000;
      h.sim.advance(8000);
      return { holdMs: (play?.at ?? 0) - (pause?.at ?? 0), driftMs };
    };
    // Aimed 300 + 40 ms ahead, landed after 100 ms: 240 ms ahead. The first hold is the full
    // 240 ms; the restart then takes 60 ms, which the follower measures.
    const first = holdAndDrift();
    expect(first.holdMs).toBe(240);
    // The second seek is aimed by the learned seek latency; its hold ends 60 ms early.
    const second = holdAndDrift();
    expect(second.holdMs).toBeGreaterThan(0);
    expect(Math.abs(second.driftMs)).toBeLessThan(5);
    expect(h.player.count('seek')).toBe(2);
  });

  it('a blocked autoplay is reported, not retried every tick, and resumes after a tap', async () => {
    const h = harness({ autoplayBlocked: true });
    h.host((now) => playback('play', 0, now + 300));
    h.sim.advance(400);
    await Promise.resolve();
    h.sim.advance(2000);
    expect(h.player.count('play')).toBe(1);
    expect(h.statuses.at(-1)?.blocked).toBe(true);
    h.player.allowAutoplay();
    h.follower.resume();
    await Promise.resolve();
    h.sim.advance(5000);
    expect(h.player.isPaused()).toBe(false);
    expect(Math.abs(h.drift())).toBeLessThan(FOLLOWER_DEFAULTS.toleranceS);
    expect(h.statuses.at(-1)?.blocked).toBe(false);
  });

  it('stops acting after stop()', () => {
    const h = playing();
    h.follower.stop();
    const calls = h.player.calls.length;
    h.player.jump(-3);
    h.sim.advance(5000);
    expect(h.player.calls.length).toBe(calls);
  });
});

describe('decideCorrection', () => {
  const tick = (over: Partial<FollowerTick>): FollowerTick => ({
    type: 'follower.tick',
    expected: 100,
    roomStatus: 'playing',
    roomRate: 1,
    currentTime: 100,
    paused: false,
    buffering: false,
    seekLatencyMs: 200,
    ...over,
  });
  const idle = { rate: 1, nudging: false };

  it('just after a start, leaves a moderate drift alone but still seeks on a jump', () => {
    const d = FOLLOWER_DEFAULTS;
    expect(decideCorrection(tick({ currentTime: 100.08, settling: true }), idle, d, true)).toEqual({
      nudging: false,
    });
    expect(decideCorrection(tick({ currentTime: 100.08 }), idle, d, true).rate).toBeLessThan(1);
    expect(
      decideCorrection(tick({ currentTime: 97, settling: true }), idle, d, true).seekTo,
    ).toBeGreaterThan(100);
  });

  it('bounds the nudge to [0.8, 1.2] × the room rate', () => {
    expect(
      decideCorrection(tick({ currentTime: 99.8, roomRate: 2 }), idle, FOLLOWER_DEFAULTS, true)
        .rate,
    ).toBe(2.4);
    expect(
      decideCorrection(tick({ currentTime: 100.15 }), idle, FOLLOWER_DEFAULTS, true).rate,
    ).toBe(0.8);
  });

  it('seeks where a seek is faster than the nudge, by the measured seek latency', () => {
    const d = FOLLOWER_DEFAULTS;
    // 200 ms latency + 250 ms overhead at 0.2 × rate 1: from 0.1 + 0.09 = 190 ms.
    expect(seekDriftS({ roomRate: 1, seekLatencyMs: 200 }, d)).toBeCloseTo(0.19, 9);
    expect(decideCorrection(tick({ currentTime: 99.75 }), idle, d, true).seekTo).toBeDefined();
    expect(decideCorrection(tick({ currentTime: 99.85 }), idle, d, true).seekTo).toBeUndefined();
    // A slow seek (1 s) is worth it only from 350 ms; never under 150 ms; always beyond 1 s.
    const slow = tick({ currentTime: 99.75, seekLatencyMs: 1000 });
    expect(decideCorrection(slow, idle, d, true).seekTo).toBeUndefined();
    expect(seekDriftS({ roomRate: 1, seekLatencyMs: 0 }, { ...d, seekOverheadMs: 0 })).toBe(0.15);
    expect(seekDriftS({ roomRate: 1, seekLatencyMs: 9000 }, d)).toBe(1);
  });

  it('nudges in proportion under 100 ms of drift: 60 ms behind runs 12 % fast', () => {
    expect(decideCorrection(tick({ currentTime: 99.94 }), idle, FOLLOWER_DEFAULTS, true).rate).toBe(
      1.12,
    );
  });

  it('aims a seek ahead by latency × room rate', () => {
    const c = decideCorrection(
      tick({ currentTime: 90, roomRate: 1.5 }),
      idle,
      FOLLOWER_DEFAULTS,
      true,
    );
    // (200 ms measured + 40 ms margin) × 1.5
    expect(c.seekTo).toBeCloseTo(100.36, 9);
  });

  it('while seeking, a big drift yields no seek', () => {
    expect(
      decideCorrection(tick({ currentTime: 90 }), idle, FOLLOWER_DEFAULTS, false).seekTo,
    ).toBeUndefined();
  });

  it('buffering: no pause, no seek, no rate change', () => {
    const c = decideCorrection(
      tick({ currentTime: 80, buffering: true }),
      idle,
      FOLLOWER_DEFAULTS,
      true,
    );
    expect(c).toEqual({ nudging: false });
  });
});

describe('hostStallStep', () => {
  const run = (steps: Array<[number, boolean, 'playing' | 'paused']>) => {
    let state: HostStallState = initialHostStall;
    const sent: Array<[number, string]> = [];
    for (const [now, buffering, roomStatus] of steps) {
      const r = hostStallStep(state, { now, buffering, roomStatus });
      state = r.state;
      if (r.send) sent.push([now, r.send]);
    }
    return sent;
  };

  it('pauses the room after the host stalls 500 ms and resumes 300 ms after recovery', () => {
    expect(
      run([
        [0, true, 'playing'],
        [250, true, 'playing'],
        [500, true, 'playing'],
        [750, true, 'playing'],
        [1000, true, 'paused'],
        [1250, false, 'paused'],
        [1500, false, 'paused'],
        [1550, false, 'paused'],
      ]),
    ).toEqual([
      [500, 'pause'],
      [1550, 'play'],
    ]);
  });

  it('ignores a short hiccup', () => {
    expect(
      run([
        [0, true, 'playing'],
        [300, false, 'playing'],
        [600, true, 'playing'],
        [900, false, 'playing'],
      ]),
    ).toEqual([]);
  });

  it('does not resume a room the host already resumed by hand', () => {
    expect(
      run([
        [0, true, 'playing'],
        [500, true, 'playing'],
        [800, true, 'paused'],
        [900, false, 'playing'],
        [2000, false, 'paused'],
      ]),
    ).toEqual([[500, 'pause']]);
  });

  it('waits for the scheduled pause to take effect before resuming', () => {
    expect(
      run([
        [0, true, 'playing'],
        [500, true, 'playing'],
        [600, false, 'playing'],
        [1000, false, 'playing'],
        [1100, false, 'paused'],
      ]),
    ).toEqual([
      [500, 'pause'],
      [1100, 'play'],
    ]);
  });
});
