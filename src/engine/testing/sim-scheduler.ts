import type { Scheduler, TimerHandle } from '../time';

interface Timer {
  id: number;
  at: number;
  seq: number;
  callback: () => void;
}

/**
 * Simulated time: timers run only when the test advances the clock, in time order (ties in the
 * order they were set). Satisfies the engine's `Scheduler` and XState's `Clock`.
 */
export class SimScheduler implements Scheduler {
  private time: number;
  private timers: Timer[] = [];
  private nextId = 1;
  private nextSeq = 0;

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.timers.push({ id, at: this.time + Math.max(0, ms), seq: this.nextSeq++, callback });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  /** Timers waiting to run. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, running every timer due on the way (including new ones). */
  advance(ms: number): void {
    this.runUntil(this.time + ms);
  }

  /** Moves time to `target`, running due timers in order. */
  runUntil(target: number): void {
    for (;;) {
      let next: Timer | undefined;
      for (const t of this.timers) {
        if (t.at <= target && (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq))) {
          next = t;
        }
      }
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.time = Math.max(this.time, next.at);
      next.callback();
    }
    this.time = Math.max(this.time, target);
  }

  /** Runs everything due now (0 ms timers) without moving time. */
  flush(): void {
    this.runUntil(this.time);
  }
}

/** A deterministic random source (mulberry32) for reproducible jitter. */
export const seededRandom = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** A scheduler view with its own local clock offset (a device whose clock is wrong). */
export const skewedScheduler = (base: Scheduler, offsetMs: number): Scheduler => ({
  now: () => base.now() + offsetMs,
  setTimeout: (cb, ms) => base.setTimeout(cb, ms),
  clearTimeout: (h) => base.clearTimeout(h),
});
