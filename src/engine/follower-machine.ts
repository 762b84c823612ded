import { BehaviorSubject, type Observable } from 'rxjs';
import { createActor, setup } from 'xstate';
import type { PlaybackStatus, RoomModel } from '../contracts/stream';
import { expectedPosition, nextPlaybackChangeAt, playbackAt, positionAt } from './reducer';
import type { Scheduler, TimerHandle } from './time';
import { createLatencies } from './latency';

/**
 * Keeps one player on the room's timeline. Every tick compares the room's expected position with
 * the player's and corrects: nothing under the tolerance, a bounded playbackRate nudge for
 * moderate drift, a seek (aimed ahead by the measured seek latency) beyond the threshold, and no
 * second seek while one is settling. A buffering player is left alone: it never pauses the room.
 */

export interface FollowerConfig {
  /**
   * Drift (s) ignored while not already correcting. In Chromium a steady reading varies by well
   * under 1 ms, so anything above a few ms is a real offset; 20 ms leaves the clock estimate's
   * own steps (a few ms) alone but corrects what a start, a hold or a pause leaves behind.
   */
  toleranceS: number;
  /**
   * A nudge ends once the drift to come is back under this (s). It aims at the timeline itself:
   * a nudge that stopped at 10 ms left every corrected player ~10 ms off (bench:sync p50).
   */
  settleS: number;
  /**
   * Drift (s) beyond which the player always seeks. Under it the player also seeks when a seek is
   * faster than the nudge (see `seekDriftS`), never under `minSeekS`.
   */
  seekThresholdS: number;
  /** Never a seek under this drift (s): Chromium's start transient alone moves ~0.1 s. */
  minSeekS: number;
  /** The catch-up aims to be within this of the room (s); a seek is chosen by this bound. */
  inSyncS: number;
  /**
   * What a seek costs besides its latency (ms): the landing's hold or nudge and the start
   * transient after it. A seek is chosen when the nudge would take longer than latency + this.
   */
  seekOverheadMs: number;
  /** The nudge is bounded to room rate × [1 − maxNudge, 1 + maxNudge]. */
  maxNudge: number;
  /** Proportional gain: rate factor = 1 − drift / timeConstant (clamped). */
  nudgeTimeConstantS: number;
  /**
   * A paused player off its position by no more than this (s) is left where it rests, and its
   * next start is shifted by the offset instead (earlier when behind, later when ahead). A seek
   * while paused would make that start 70–90 ms late in Chromium (the pipeline is flushed), and
   * by a different amount in each player.
   */
  pausedToleranceS: number;
  /** A seek that has not reported `seeked` by then is considered settled (ms). */
  seekTimeoutMs: number;
  /**
   * Added to the measured seek latency when aiming (ms): landing slightly ahead is fixed exactly
   * by a short local hold, landing behind only by a slower nudge.
   */
  seekAimMarginMs: number;
  /**
   * After the follower starts its player, its position is not trusted for this long (ms):
   * Chromium's `currentTime` jumps ahead right after play() and then runs slow until the media
   * clock settles, and a nudge decided on that would push the player off the timeline.
   */
  startSettleMs: number;
  /**
   * 0: the nudge is proportional and may set a new rate every tick (Chromium, where a rate takes
   * effect within ~150 ms). Above 0 (the WebKit profile): a nudge is one rate held for as long as
   * the drift needs, at least this long (ms), then the room's rate again, and no nudge starts
   * sooner than this after the last rate write — so at most one write per this many ms, apart from
   * the room's own rate changes.
   */
  rateHoldMs: number;
}

export const FOLLOWER_DEFAULTS: FollowerConfig = {
  toleranceS: 0.02,
  settleS: 0.002,
  seekThresholdS: 1,
  minSeekS: 0.15,
  inSyncS: 0.1,
  seekOverheadMs: 250,
  maxNudge: 0.2,
  nudgeTimeConstantS: 0.5,
  pausedToleranceS: 0.05,
  seekTimeoutMs: 3000,
  seekAimMarginMs: 40,
  startSettleMs: 200,
  rateHoldMs: 0,
};

/**
 * How a follower corrects on a kind of device (issue 27). `webkit`: Safari and every iPad browser,
 * where a rate change or a seek takes effect 100–500 ms late at random (hls.js #7616) and
 * rewriting playbackRate makes the audio stutter (iOS): a wider band, few and held rate nudges
 * (at most one write per second), and one seek rather than a chain of nudges for a larger drift.
 */
export type FollowerProfile = 'standard' | 'webkit';
export const FOLLOWER_PROFILES: Record<FollowerProfile, Partial<FollowerConfig>> = {
  standard: {},
  webkit: {
    toleranceS: 0.05,
    settleS: 0.02,
    pausedToleranceS: 0.08,
    maxNudge: 0.2,
    minSeekS: 0.25,
    rateHoldMs: 1000,
  },
};

/** What the machine sees each tick. */
export interface FollowerTick {
  type: 'follower.tick';
  /** The room's expected position now (s). */
  expected: number;
  roomStatus: PlaybackStatus;
  roomRate: number;
  /** The player's position (s). */
  currentTime: number;
  /** Whether the player is paused. */
  paused: boolean;
  buffering: boolean;
  /** The player's recent seek latency (ms), to aim a seek ahead. */
  seekLatencyMs: number;
  /**
   * How long the player took to move again after a hold (ms): from play() until the position
   * moves. A hold ends this much early, so the restarted player lands on the timeline (0: not
   * measured yet).
   */
  resumeLatencyMs?: number;
  /** The follower started the player less than `startSettleMs` ago. */
  settling?: boolean;
  /**
   * The player was put in place by a seek while paused: its next start moves this much late (ms,
   * measured; a prior before the first). A player resting there starts that much early.
   */
  startLatencyMs?: number;
  /** While the room is paused: the scheduled start, if one is due. */
  upcoming?: { inMs: number; position: number; rate: number };
  /**
   * While the room plays: the next scheduled change (a skip, a pause, a rate) in this many ms, if
   * one is due. A seek or hold that would not finish before it waits for it (a tick lands there).
   */
  changeInMs?: number;
  /**
   * The room's rate changes (on the same timeline) within the player's measured rate latency: the
   * new rate is set now, so the media moves at it from the change on.
   */
  rateAhead?: number;
  /**
   * How long the player takes to move at a newly set rate (ms, measured; 0: not yet). The nudge
   * acts on the drift there will be once its last rate has taken effect, so it does not overshoot.
   */
  rateLatencyMs?: number;
  /** The follower's own clock (scheduler ms) at this tick: when a held nudge ends. */
  atMs?: number;
}

/** A change due sooner than a seek would take: correct at the change, against the new timeline. */
const changeSoon = (tick: FollowerTick, config: FollowerConfig): boolean =>
  tick.changeInMs !== undefined && tick.changeInMs < tick.seekLatencyMs + config.seekOverheadMs;

/** A follower that started early on purpose keeps playing through this much timer slop (ms). */
const EARLY_START_SLACK_MS = 20;

/**
 * `follower.retarget`: the room changed while a seek was under way and that seek now lands too far
 * off; the follower stops waiting for it so the next tick can aim again.
 */
type FollowerEvent = FollowerTick | { type: 'player.seeked' } | { type: 'follower.retarget' };

interface FollowerContext {
  config: FollowerConfig;
  /** The playbackRate last set on the player. */
  rate: number;
  nudging: boolean;
  /** Player minus room at the last tick (ms; positive: ahead). */
  driftMs: number;
  seeks: number;
  /** The last seek has just settled: a landing ahead is corrected by holding still. */
  justSeeked: boolean;
  /** How long the current hold lasts (ms). */
  holdMs: number;
  lastRoomStatus: PlaybackStatus;
  /** When the follower last set a rate (scheduler ms; the WebKit profile's write budget). */
  rateAt: number;
  /** A held nudge's end (scheduler ms), or null. */
  nudgeEndsAt: number | null;
}

/** What a correction reads of the machine's context (the held-nudge fields where kept). */
type CorrectionContext = Pick<FollowerContext, 'rate' | 'nudging'> &
  Partial<Pick<FollowerContext, 'rateAt' | 'nudgeEndsAt'>>;

/** The corrections one tick calls for. */
export interface Correction {
  seekTo?: number;
  pause?: true;
  play?: true;
  rate?: number;
  nudging: boolean;
  /** A held nudge's end (scheduler ms): set when one starts, null when none runs. */
  nudgeEndsAt?: number | null;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
// Rates are set in small steps so the player is not told a new rate for every millisecond.
const quantize = (rate: number) => Math.round(rate * 200) / 200;

/**
 * The drift (s) from which a seek is faster than the nudge: the nudge closes the gap at
 * `maxNudge × room rate` seconds per second until it is within `inSyncS`; a seek costs its measured
 * latency plus `seekOverheadMs`. Bounded to [minSeekS, seekThresholdS].
 */
export const seekDriftS = (
  tick: Pick<FollowerTick, 'roomRate' | 'seekLatencyMs'>,
  config: FollowerConfig,
): number =>
  clamp(
    config.inSyncS +
      (config.maxNudge * tick.roomRate * (tick.seekLatencyMs + config.seekOverheadMs)) / 1000,
    config.minSeekS,
    config.seekThresholdS,
  );

/** Decides the corrections for one tick; pure, so each rule can be tested on its own. */
export const decideCorrection = (
  tick: FollowerTick,
  ctx: CorrectionContext,
  config: FollowerConfig,
  allowSeek: boolean,
): Correction => {
  const drift = tick.currentTime - tick.expected;
  const out: Correction = { nudging: false };
  const setRate = (rate: number) => {
    if (Math.abs(rate - ctx.rate) > 1e-9) out.rate = rate;
  };
  if (tick.roomStatus === 'paused') {
    const next = tick.upcoming;
    if (next) {
      const restDrift = tick.currentTime - next.position;
      const lateMs = restDrift <= 0 ? (tick.startLatencyMs ?? 0) : 0;
      const maxEarlyMs =
        (config.pausedToleranceS / next.rate) * 1000 + lateMs + EARLY_START_SLACK_MS;
      // Resting a little behind the start position: it starts early by exactly that much (and by
      // the start latency of a flushed pipeline), and is moving through the start position at
      // the start instant.
      const startEarly =
        tick.paused &&
        restDrift <= 0 &&
        -restDrift <= config.pausedToleranceS &&
        next.inMs <= (-restDrift / next.rate) * 1000 + lateMs;
      // ...and, started early on purpose, it is not paused again just before the start.
      if (startEarly || (!tick.paused && next.inMs <= maxEarlyMs)) {
        if (tick.paused) out.play = true;
        setRate(next.rate);
        return out;
      }
    }
    if (!tick.paused) out.pause = true;
    setRate(tick.roomRate);
    if (allowSeek && Math.abs(drift) > config.pausedToleranceS) out.seekTo = tick.expected;
    return out;
  }
  if (tick.paused) {
    // Resting a little ahead of the room: it starts when the room's timeline reaches it.
    if (drift > 0 && drift <= config.pausedToleranceS && !tick.buffering) {
      setRate(tick.roomRate);
      return out;
    }
    out.play = true;
  }
  if (tick.buffering) {
    // Waiting for data: correcting now would only fight the stall. Keep everything as it is.
    out.nudging = ctx.nudging;
    return out;
  }
  const abs = Math.abs(drift);
  if (tick.rateAhead !== undefined) {
    // A rate change lands within the player's latency: no correction now, the new rate instead.
    setRate(tick.rateAhead);
    return out;
  }
  if (changeSoon(tick, config)) {
    out.nudging = ctx.nudging;
    return out;
  }
  const seekFrom = seekDriftS(tick, config);
  if (tick.settling && abs <= seekFrom) {
    // Just started: the reading is not to be trusted yet; only a jump that calls for a seek counts.
    out.nudging = ctx.nudging;
    return out;
  }
  if (abs > seekFrom) {
    if (allowSeek) {
      const aimMs = tick.seekLatencyMs + config.seekAimMarginMs;
      out.seekTo = Math.max(0, tick.expected + (aimMs / 1000) * tick.roomRate);
      setRate(tick.roomRate);
    } else out.nudging = ctx.nudging;
    return out;
  }
  if (config.rateHoldMs > 0) return heldNudge(tick, ctx, config, drift, allowSeek, out);
  // The player keeps moving at the rate last set for the latency whatever is set now: correct
  // the drift it will have then (a nudge ended on today's drift overshoots by that much).
  const lead = ctx.nudging ? ((ctx.rate - tick.roomRate) * (tick.rateLatencyMs ?? 0)) / 1000 : 0;
  const coming = drift + lead;
  if (abs > config.toleranceS || (ctx.nudging && Math.abs(coming) > config.settleS)) {
    const factor = clamp(
      1 - coming / config.nudgeTimeConstantS,
      1 - config.maxNudge,
      1 + config.maxNudge,
    );
    out.nudging = true;
    setRate(quantize(tick.roomRate * factor));
    return out;
  }
  setRate(tick.roomRate);
  return out;
};

/**
 * The WebKit profile's nudge (`rateHoldMs` > 0): one rate, chosen to close the drift over at least
 * `rateHoldMs`, held until the drift is made up and then the room's rate again. Both writes take
 * effect late by about the same amount, so the lateness cancels out instead of piling up as a
 * string of small writes would. Nothing starts within `rateHoldMs` of the last write, nor when a
 * room change is due before the nudge would end (the change corrects against its own timeline).
 */
const heldNudge = (
  tick: FollowerTick,
  ctx: CorrectionContext,
  config: FollowerConfig,
  drift: number,
  /** False while a seek is under way: the position read then is the seek's target, not the media's. */
  settled: boolean,
  out: Correction,
): Correction => {
  const now = tick.atMs ?? 0;
  const roomRate = tick.roomRate;
  const ends = ctx.nudgeEndsAt ?? null;
  if (ctx.nudging && ends !== null && now < ends) {
    out.nudging = true;
    out.nudgeEndsAt = ends;
    return out;
  }
  if (Math.abs(ctx.rate - roomRate) > 1e-9) {
    // A nudge ends, or the room's own rate changed: back on the room's rate.
    out.rate = roomRate;
    out.nudgeEndsAt = null;
    return out;
  }
  out.nudgeEndsAt = null;
  if (!settled || Math.abs(drift) <= config.toleranceS) return out;
  if (now - (ctx.rateAt ?? Number.NEGATIVE_INFINITY) < config.rateHoldMs) return out;
  const span = Math.max(config.rateHoldMs, (Math.abs(drift) / (config.maxNudge * roomRate)) * 1000);
  if (tick.changeInMs !== undefined && tick.changeInMs < span + config.rateHoldMs) return out;
  // Gains −drift of media over the span: rate = room − drift ÷ span, in the player's steps,
  // rounded toward the room's rate so the nudge lasts the span at least.
  const step = -Math.sign(drift) * (Math.floor((Math.abs(drift) / (span / 1000)) * 200) / 200);
  if (Math.abs(step) < 1e-9) return out;
  const rate = roomRate + step;
  out.rate = rate;
  out.nudging = true;
  out.nudgeEndsAt = now + Math.round((Math.abs(drift) / Math.abs(step)) * 1000);
  return out;
};

/**
 * A player ahead of the room stands still for the difference instead of seeking or nudging: after a
 * seek that landed ahead by more than the tolerance (up to the seek threshold), or when it is ahead
 * by more than the nudge handles quickly (`seekDriftS`) while standing still is quicker than a seek
 * (its latency plus `seekOverheadMs`). 0: no hold.
 */
const holdMsFor = (tick: FollowerTick, config: FollowerConfig, justSeeked: boolean): number => {
  const ahead = tick.currentTime - tick.expected;
  if (tick.roomStatus !== 'playing' || tick.buffering || tick.paused) return 0;
  if (changeSoon(tick, config)) return 0;
  if (ahead <= config.toleranceS || (!justSeeked && ahead <= seekDriftS(tick, config))) return 0;
  const aheadMs = (ahead / tick.roomRate) * 1000;
  // After a seek, another seek could land ahead again: hold up to the seek threshold.
  const limitMs = justSeeked
    ? (config.seekThresholdS / tick.roomRate) * 1000
    : tick.seekLatencyMs + config.seekOverheadMs;
  if (aheadMs > limitMs) return 0;
  // A browser takes a while to move again after play(); hold that much less (no hold at all when
  // the restart alone would eat the lead — the nudge then takes the rest).
  const hold = Math.round(aheadMs - (tick.resumeLatencyMs ?? 0));
  return hold > 0 ? hold : 0;
};

const notProvided = (name: string) => () => {
  throw new Error(`follower machine: provide the '${name}' action with .provide()`);
};

const followerSetup = setup({
  types: {
    context: {} as FollowerContext,
    events: {} as FollowerEvent,
    input: {} as Partial<FollowerConfig> | undefined,
  },
  actions: {
    seekPlayer: notProvided('seekPlayer') as (_: unknown, params: { to: number }) => void,
    pausePlayer: notProvided('pausePlayer'),
    playPlayer: notProvided('playPlayer'),
    /** play() at the end of a hold (measured, so the next hold can end early by it). */
    resumePlayer: notProvided('resumePlayer'),
    setPlayerRate: notProvided('setPlayerRate') as (_: unknown, params: { rate: number }) => void,
  },
  guards: {
    needsSeek: ({ context, event }) =>
      event.type === 'follower.tick' &&
      decideCorrection(event, context, context.config, true).seekTo !== undefined,
    holdAhead: ({ context, event }) =>
      event.type === 'follower.tick' && holdMsFor(event, context.config, context.justSeeked) > 0,
  },
  delays: {
    seekTimeout: ({ context }) => context.config.seekTimeoutMs,
    holdTimeout: ({ context }) => context.holdMs,
  },
});

/** Applies one tick's corrections through the named player actions, and records them. */
const correct = (allowSeek: boolean) =>
  followerSetup.enqueueActions(({ context, event, enqueue }) => {
    if (event.type !== 'follower.tick') return;
    const c = decideCorrection(event, context, context.config, allowSeek);
    if (c.pause) enqueue('pausePlayer');
    if (c.rate !== undefined) enqueue({ type: 'setPlayerRate', params: { rate: c.rate } });
    if (c.seekTo !== undefined) enqueue({ type: 'seekPlayer', params: { to: c.seekTo } });
    if (c.play) enqueue('playPlayer');
    enqueue.assign({
      rate: c.rate ?? context.rate,
      nudging: c.nudging,
      nudgeEndsAt: c.nudgeEndsAt ?? null,
      rateAt: c.rate !== undefined ? (event.atMs ?? context.rateAt) : context.rateAt,
      driftMs: (event.currentTime - event.expected) * 1000,
      seeks: context.seeks + (c.seekTo !== undefined ? 1 : 0),
      justSeeked: false,
      lastRoomStatus: event.roomStatus,
    });
  });

/** Starts a hold: the player landed ahead after a seek, so it stands still for the difference. */
const startHold = followerSetup.enqueueActions(({ context, event, enqueue }) => {
  if (event.type !== 'follower.tick') return;
  enqueue('pausePlayer');
  // It restarts at the room's rate: a hold after a slower rate came late must not resume at the
  // old one (ticks during the hold change nothing).
  const rate = Math.abs(context.rate - event.roomRate) > 1e-9 ? event.roomRate : undefined;
  if (rate !== undefined) enqueue({ type: 'setPlayerRate', params: { rate } });
  enqueue.assign({
    rate: rate ?? context.rate,
    nudging: false,
    nudgeEndsAt: null,
    rateAt: rate !== undefined ? (event.atMs ?? context.rateAt) : context.rateAt,
    holdMs: holdMsFor(event, context.config, context.justSeeked),
    justSeeked: false,
    driftMs: (event.currentTime - event.expected) * 1000,
    lastRoomStatus: event.roomStatus,
  });
});

/**
 * The follower machine. Its player effects are named (seekPlayer, pausePlayer, playPlayer,
 * setPlayerRate) and supplied at the edge with `.provide({ actions })`; `createFollower` does so.
 */
const followerMachine = followerSetup.createMachine({
  id: 'follower',
  context: ({ input }) => ({
    config: { ...FOLLOWER_DEFAULTS, ...input },
    rate: 1,
    nudging: false,
    driftMs: 0,
    seeks: 0,
    justSeeked: false,
    holdMs: 0,
    lastRoomStatus: 'paused',
    rateAt: Number.NEGATIVE_INFINITY,
    nudgeEndsAt: null,
  }),
  initial: 'following',
  states: {
    following: {
      on: {
        'follower.tick': [
          { guard: 'holdAhead', target: 'holding', actions: startHold },
          { guard: 'needsSeek', target: 'seeking', actions: correct(true) },
          { actions: correct(true) },
        ],
      },
    },
    seeking: {
      after: { seekTimeout: 'following' },
      on: {
        'player.seeked': {
          target: 'following',
          actions: followerSetup.assign({ justSeeked: true }),
        },
        'follower.retarget': { target: 'following' },
        'follower.tick': { actions: correct(false) },
      },
    },
    holding: {
      // The hold ends exactly when the room catches up; ticks meanwhile change nothing.
      after: {
        holdTimeout: [
          {
            guard: ({ context }) => context.lastRoomStatus === 'playing',
            target: 'following',
            actions: 'resumePlayer',
          },
          { target: 'following' },
        ],
      },
      on: {
        'follower.tick': {
          guard: ({ event }) => event.type === 'follower.tick' && event.roomStatus === 'paused',
          target: 'following',
          actions: correct(true),
        },
        // The room moved during the hold: the player restarts and the next tick corrects it.
        'follower.retarget': { target: 'following', actions: 'resumePlayer' },
      },
    },
  },
});

// ---------------------------------------------------------------------------------------------
// The framework-free wrapper the watch page uses

/** What the follower needs of a player (an hls.js `<video>` adapter, or the fake in testing/). */
export interface PlayerAdapter {
  currentTime(): number;
  setCurrentTime(seconds: number): void;
  /** May return the media element's play promise; a rejection means autoplay was blocked. */
  play(): void | Promise<void>;
  pause(): void;
  isPaused(): boolean;
  setPlaybackRate(rate: number): void;
  isBuffering(): boolean;
  /** The media's duration (s) when known; the room is held at the end instead of past it. */
  duration?(): number;
  /** Registers a listener for a finished seek; returns its removal. */
  onSeeked(listener: () => void): () => void;
}

/** The follower's state for the sync indicator and the status report to the host. */
export interface FollowerStatus {
  state: 'waiting' | 'following' | 'seeking' | 'holding';
  /** Player minus room (ms; positive: ahead). */
  driftMs: number;
  buffering: boolean;
  /** The player's position (s). */
  position: number;
  /** The room's expected position (s). */
  expected: number;
  rate: number;
  /** play() was refused (autoplay policy): the UI asks for a tap, then calls `resume()`. */
  blocked: boolean;
  seekLatencyMs: number;
}

export interface FollowerDeps {
  player: PlayerAdapter;
  clock: { serverNow(): number };
  model$: Observable<RoomModel>;
  scheduler: Scheduler;
  config?: Partial<FollowerConfig>;
  /** Tick period (ms); a tick also lands exactly on every scheduled change. */
  tickMs?: number;
}

export interface Follower {
  readonly status$: Observable<FollowerStatus>;
  /** Runs one tick now (after a user gesture, or when the tab becomes visible). */
  tick(): void;
  /** Plays after a user gesture when autoplay was blocked. */
  resume(): void;
  stop(): void;
}

const FOLLOWER_TICK_MS = 250;

/**
 * When the follower sets the room's next rate (server ms): `latencyMs` ahead of a rate change
 * that continues the timeline (a rate change, not a skip or a pause), or null.
 */
const rateAheadAt = (
  model: RoomModel,
  now: number,
  latencyMs: number,
): { at: number; rate: number } | null => {
  if (latencyMs <= 0) return null;
  const current = playbackAt(model, now);
  const change = nextPlaybackChangeAt(model, now);
  if (current.status !== 'playing' || change === null) return null;
  const next = playbackAt(model, change);
  const continues =
    next.status === 'playing' &&
    Math.abs(next.playbackRate - current.playbackRate) > 1e-9 &&
    Math.abs(next.timeInVideo - positionAt(current, change)) <= 0.005;
  return continues ? { at: change - latencyMs, rate: next.playbackRate } : null;
};

/** The room's next scheduled start while it is paused at `now`, if one is due. */
const upcomingStart = (model: RoomModel, now: number): FollowerTick['upcoming'] => {
  if (playbackAt(model, now).status !== 'paused') return undefined;
  const change = nextPlaybackChangeAt(model, now);
  if (change === null) return undefined;
  const next = playbackAt(model, change);
  if (next.status !== 'playing') return undefined;
  return { inMs: change - now, position: next.timeInVideo, rate: next.playbackRate };
};

/** Runs the follower machine against a player, a clock and the room model. */
export const createFollower = ({
  player,
  clock,
  model$,
  scheduler,
  config,
  tickMs = FOLLOWER_TICK_MS,
}: FollowerDeps): Follower => {
  const actorConfig: FollowerConfig = { ...FOLLOWER_DEFAULTS, ...config };
  const settleMs = actorConfig.startSettleMs;
  let model: RoomModel | undefined;
  // The room as it was when the pending seek or hold began (a later command may move the room).
  let actModel: RoomModel | null = null;
  // The player's seek, resume, flushed-start and rate latencies (engine/latency.ts).
  const latencies = createLatencies(settleMs);
  let playerRate = 1;
  let blocked = false;
  // When the follower last started the player (scheduler ms), for the settle window.
  let startedAt = Number.NEGATIVE_INFINITY;
  let timer: TimerHandle | undefined;
  let stopped = false;

  const callPlay = () => {
    const result = player.play();
    if (result && typeof result.then === 'function') {
      result.then(
        () => {
          blocked = false;
        },
        () => {
          blocked = true;
        },
      );
    }
  };

  const actor = createActor(
    followerMachine.provide({
      actions: {
        seekPlayer: (_, { to }) => {
          if (player.isPaused()) latencies.flushedStart.seekedWhilePaused();
          latencies.seek.issued(scheduler.now());
          actModel = model ?? null;
          latencies.resume.cancel();
          latencies.rate.cancel();
          player.setCurrentTime(to);
        },
        pausePlayer: () => {
          actModel = model ?? null;
          latencies.resume.cancel();
          latencies.rate.cancel();
          player.pause();
        },
        playPlayer: () => {
          // A refused play is retried only after a user gesture (resume), not every tick.
          if (blocked) return;
          if (player.isPaused()) {
            startedAt = scheduler.now();
            latencies.rate.cancel();
            latencies.flushedStart.started(startedAt, player.currentTime());
          }
          callPlay();
        },
        resumePlayer: () => {
          if (blocked) return;
          if (player.isPaused()) {
            startedAt = scheduler.now();
            latencies.rate.cancel();
            if (latencies.seek.issuedAt === null)
              latencies.resume.started(startedAt, player.currentTime());
            latencies.flushedStart.resumed();
          }
          callPlay();
        },
        setPlayerRate: (_, { rate }) => {
          latencies.rate.set(
            {
              now: scheduler.now(),
              position: player.currentTime(),
              paused: player.isPaused(),
              seeking: latencies.seek.issuedAt !== null,
            },
            playerRate,
            rate,
          );
          playerRate = rate;
          player.setPlaybackRate(rate);
        },
      },
    }),
    { input: config, clock: scheduler },
  );

  const status$ = new BehaviorSubject<FollowerStatus>({
    state: 'waiting',
    driftMs: 0,
    buffering: false,
    position: 0,
    expected: 0,
    rate: 1,
    blocked: false,
    seekLatencyMs: latencies.seek.ms,
  });

  const offSeeked = player.onSeeked(() => {
    latencies.seek.landed(scheduler.now());
    actor.send({ type: 'player.seeked' });
    // Where it landed is known now: a landing ahead is held (or one behind nudged) at once, not
    // at the next tick up to 250 ms later while the player runs on off the timeline.
    loop();
  });

  const tick = () => {
    if (!model || stopped) return;
    const now = clock.serverNow();
    const buffering = player.isBuffering();
    const reading = {
      now: scheduler.now(),
      position: player.currentTime(),
      paused: player.isPaused(),
      buffering,
      seeking: latencies.seek.issuedAt !== null,
      rate: playerRate,
    };
    latencies.resume.read(reading, actor.getSnapshot().context.rate);
    latencies.flushedStart.read(reading);
    latencies.rate.read(reading);
    const seekLatencyMs = latencies.seek.ms;
    const playback = playbackAt(model, now);
    const duration = player.duration?.();
    // Past the end of the media there is nothing to play: hold at the end (a browser would
    // restart an ended video on play()).
    const atEnd =
      duration !== undefined &&
      Number.isFinite(duration) &&
      expectedPosition(model, now) >= duration;
    const expected = atEnd ? (duration ?? 0) : expectedPosition(model, now);
    const upcoming = model.terminated || atEnd ? undefined : upcomingStart(model, now);
    const roomStatus = model.terminated || atEnd ? 'paused' : playback.status;
    // A command (a skip, a start) came while a seek or a hold was under way: where it ends may no
    // longer be where the room will be, and waiting for it would cost a whole second correction.
    const state = actor.getSnapshot().value;
    if (actModel !== null && actModel !== model && (state === 'seeking' || state === 'holding')) {
      const left =
        state === 'seeking'
          ? Math.max(0, seekLatencyMs - (scheduler.now() - (latencies.seek.issuedAt ?? 0)))
          : actor.getSnapshot().context.holdMs;
      const moved = Math.abs(
        expectedPosition(model, now + left) - expectedPosition(actModel, now + left),
      );
      const tolerance =
        roomStatus === 'playing'
          ? seekDriftS({ roomRate: playback.playbackRate, seekLatencyMs }, actorConfig)
          : actorConfig.pausedToleranceS;
      actModel = model;
      if (moved > tolerance) actor.send({ type: 'follower.retarget' });
    }
    const change = roomStatus === 'playing' ? nextPlaybackChangeAt(model, now) : null;
    const ahead = roomStatus === 'playing' ? rateAheadAt(model, now, latencies.rate.ms) : null;
    // A player refused by the autoplay policy waits for the user's tap (resume) untouched.
    if (!blocked)
      actor.send({
        type: 'follower.tick',
        expected,
        roomStatus,
        roomRate: playback.playbackRate,
        currentTime: player.currentTime(),
        paused: player.isPaused(),
        buffering,
        seekLatencyMs,
        resumeLatencyMs: latencies.resume.ms,
        settling: scheduler.now() - startedAt < settleMs,
        startLatencyMs: latencies.flushedStart.flushed ? latencies.flushedStart.ms : 0,
        upcoming,
        ...(change !== null && change > now ? { changeInMs: change - now } : {}),
        ...(ahead !== null && ahead.at <= now ? { rateAhead: ahead.rate } : {}),
        rateLatencyMs: latencies.rate.ms,
        atMs: scheduler.now(),
      });
    const snap = actor.getSnapshot();
    const position = player.currentTime();
    status$.next({
      state: snap.value === 'seeking' || snap.value === 'holding' ? snap.value : 'following',
      driftMs: blocked ? (position - expected) * 1000 : snap.context.driftMs,
      buffering,
      position,
      expected,
      rate: snap.context.rate,
      blocked,
      seekLatencyMs,
    });
  };

  /** When a paused player should start to meet the room's timeline from where it rests. */
  const restStartAt = (m: RoomModel, now: number): number | null => {
    if (!player.isPaused()) return null;
    const current = player.currentTime();
    const playback = playbackAt(m, now);
    if (playback.status === 'playing') {
      const ahead = current - expectedPosition(m, now);
      return ahead > 0 ? now + (ahead / playback.playbackRate) * 1000 : null;
    }
    const next = upcomingStart(m, now);
    if (!next) return null;
    // A flushed player resting on or behind the start position starts early by its latency.
    const lateMs =
      latencies.flushedStart.flushed && current <= next.position ? latencies.flushedStart.ms : 0;
    return now + next.inMs + ((current - next.position) / next.rate) * 1000 - lateMs;
  };

  const loop = () => {
    if (timer !== undefined) scheduler.clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    tick();
    let wait = tickMs;
    // A tick lands where the settle window after a start ends, and where a held nudge ends.
    const settled = startedAt + settleMs - scheduler.now();
    if (settled > 0) wait = Math.min(wait, Math.ceil(settled));
    const nudgeEnds = actor.getSnapshot().context.nudgeEndsAt;
    if (nudgeEnds !== null && nudgeEnds > scheduler.now())
      wait = Math.min(wait, Math.ceil(nudgeEnds - scheduler.now()));
    if (model) {
      const now = clock.serverNow();
      // Whole milliseconds: a sub-ms wait would not move a clock at epoch magnitudes.
      const ahead = rateAheadAt(model, now, latencies.rate.ms);
      for (const at of [
        nextPlaybackChangeAt(model, now),
        restStartAt(model, now),
        ahead?.at ?? null,
      ]) {
        if (at !== null && at > now) wait = Math.min(wait, Math.ceil(at - now));
      }
    }
    timer = scheduler.setTimeout(loop, wait);
  };

  actor.start();
  const sub = model$.subscribe((m) => {
    model = m;
    loop();
  });

  return {
    status$: status$.asObservable(),
    tick: loop,
    resume: () => {
      blocked = false;
      callPlay();
      loop();
    },
    stop: () => {
      stopped = true;
      sub.unsubscribe();
      offSeeked();
      if (timer !== undefined) scheduler.clearTimeout(timer);
      actor.stop();
      status$.complete();
    },
  };
};
