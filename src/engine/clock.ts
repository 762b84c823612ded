import type { Random, Scheduler, TimerHandle } from './time';

/** Samples kept in the sliding window. */
export const CLOCK_WINDOW = 8;
/** Pings in a burst and the gap between them. */
export const CLOCK_BURST_COUNT = 5;
const CLOCK_BURST_GAP_MS = 100;
/**
 * After a burst, one ping this often until the window is full: a burst taken while the page was
 * busy (a class's pages all loading at once) has only slow samples, and the estimate is off by up
 * to half their round trip until a quick one arrives.
 */
const CLOCK_REFINE_MS = 1000;
/** Regular pings between bursts, jittered uniformly in this range. */
export const CLOCK_INTERVAL_MIN_MS = 30_000;
export const CLOCK_INTERVAL_MAX_MS = 60_000;
/** A pong later than this is not a useful sample (the offset bound is half the round trip). */
const CLOCK_MAX_ROUND_TRIP_MS = 10_000;

/** One ping/pong exchange: client send time, the server's time, client receive time. */
export interface ClockSample {
  t0: number;
  serverTime: number;
  t1: number;
}

/** A sample's round trip (ms). */
export const roundTrip = (s: ClockSample): number => s.t1 - s.t0;

/**
 * The NTP estimate of (server − local) from one sample, assuming the server stamped its time
 * halfway: its error is at most half the round trip.
 */
const sampleOffset = (s: ClockSample): number => s.serverTime - (s.t0 + s.t1) / 2;

/** Offset estimator over the last 8 samples: it trusts the one with the lowest round trip. */
export class ClockEstimator {
  private samples: ClockSample[] = [];

  /** Adds a sample; returns false (and ignores it) when its round trip is impossible or too long. */
  addSample(sample: ClockSample): boolean {
    const rtt = roundTrip(sample);
    if (!Number.isFinite(rtt) || rtt < 0 || rtt > CLOCK_MAX_ROUND_TRIP_MS) return false;
    this.samples.push(sample);
    if (this.samples.length > CLOCK_WINDOW) this.samples.shift();
    return true;
  }

  /** Whether any sample has arrived (before that, server time is the local time). */
  get synced(): boolean {
    return this.samples.length > 0;
  }

  get sampleCount(): number {
    return this.samples.length;
  }

  /** The best estimate of server time minus local time (ms). */
  offset(): number {
    let best: ClockSample | undefined;
    for (const s of this.samples) if (!best || roundTrip(s) < roundTrip(best)) best = s;
    return best ? sampleOffset(best) : 0;
  }

  /** The lowest round trip in the window (ms), 0 with no samples. */
  minRoundTrip(): number {
    return this.samples.length ? Math.min(...this.samples.map(roundTrip)) : 0;
  }

  /** The median round trip of the window (upper median; ms), 0 with no samples. */
  medianRoundTrip(): number {
    if (!this.samples.length) return 0;
    const sorted = this.samples.map(roundTrip).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  }

  /** The 95th-percentile round trip of the window (nearest rank; ms), 0 with no samples. */
  p95RoundTrip(): number {
    if (!this.samples.length) return 0;
    const sorted = this.samples.map(roundTrip).sort((a, b) => a - b);
    return sorted[Math.ceil(0.95 * sorted.length) - 1] ?? 0;
  }
}

/** What the clock needs from the connection. */
export interface ClockDeps {
  scheduler: Scheduler;
  /** Sends a ping; false when the connection is down (the ping is simply skipped). */
  sendPing(id: number, clientTime: number): boolean;
  random?: Random;
}

/** A synchronised clock: estimator plus the ping schedule. */
export interface RoomClock {
  /** Estimated server time now (ms). */
  serverNow(): number;
  /** Estimated server time for a local time (ms). */
  toServerTime(localTime: number): number;
  p95RoundTrip(): number;
  /** The median round trip of the window (ms): what a follower reports for the host's lead. */
  medianRoundTrip(): number;
  readonly estimator: ClockEstimator;
  /** Feed a pong; unknown or stale ids are ignored. */
  handlePong(pong: { id: number; serverTime: number }): void;
  /** Sends a burst of pings now (call at join, on reconnect and when the tab becomes visible). */
  burst(): void;
  /** Starts the schedule with a burst. */
  start(): void;
  /** Cancels every timer. */
  stop(): void;
}

/**
 * Creates the client clock: NTP-style offset from ping/pong samples, a burst of 5 pings 100 ms
 * apart when told (start, reconnect, tab visible), one a second until the window holds 8 samples,
 * then one ping every 30–60 s (jittered).
 */
export const createClock = ({
  scheduler,
  sendPing,
  random = Math.random,
}: ClockDeps): RoomClock => {
  const estimator = new ClockEstimator();
  const inFlight = new Map<number, number>();
  let nextId = 1;
  let timers: TimerHandle[] = [];
  let running = false;

  const ping = () => {
    const id = nextId++;
    const t0 = scheduler.now();
    inFlight.set(id, t0);
    // Forget pings whose pong will never come (the socket dropped them).
    for (const [oldId, sent] of inFlight) {
      if (t0 - sent > CLOCK_MAX_ROUND_TRIP_MS) inFlight.delete(oldId);
    }
    if (!sendPing(id, t0)) inFlight.delete(id);
  };

  const clearTimers = () => {
    for (const t of timers) scheduler.clearTimeout(t);
    timers = [];
  };

  const scheduleRegular = () => {
    const wait =
      estimator.sampleCount + inFlight.size < CLOCK_WINDOW
        ? CLOCK_REFINE_MS
        : CLOCK_INTERVAL_MIN_MS + random() * (CLOCK_INTERVAL_MAX_MS - CLOCK_INTERVAL_MIN_MS);
    timers.push(
      scheduler.setTimeout(() => {
        timers = [];
        ping();
        scheduleRegular();
      }, wait),
    );
  };

  const burst = () => {
    running = true;
    clearTimers();
    ping();
    for (let i = 1; i < CLOCK_BURST_COUNT; i++) {
      timers.push(scheduler.setTimeout(ping, i * CLOCK_BURST_GAP_MS));
    }
    timers.push(
      scheduler.setTimeout(
        () => {
          timers = [];
          if (running) scheduleRegular();
        },
        (CLOCK_BURST_COUNT - 1) * CLOCK_BURST_GAP_MS + 1,
      ),
    );
  };

  return {
    estimator,
    serverNow: () => scheduler.now() + estimator.offset(),
    toServerTime: (localTime) => localTime + estimator.offset(),
    p95RoundTrip: () => estimator.p95RoundTrip(),
    medianRoundTrip: () => estimator.medianRoundTrip(),
    handlePong: ({ id, serverTime }) => {
      const t0 = inFlight.get(id);
      if (t0 === undefined) return;
      inFlight.delete(id);
      estimator.addSample({ t0, serverTime, t1: scheduler.now() });
    },
    burst,
    start: burst,
    stop: () => {
      running = false;
      clearTimers();
      inFlight.clear();
    },
  };
};
