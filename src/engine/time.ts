/**
 * Time is injected into the engine: nothing here reads a device clock or calls a global timer, so
 * tests run in simulated time and the browser, Node and benchmarks supply their own.
 */

/** An opaque handle returned by `setTimeout`. */
export type TimerHandle = unknown;

/**
 * A monotonic local clock plus one-shot timers. In the browser: `performance.timeOrigin +
 * performance.now()` and `window.setTimeout`; in tests: `testing/sim-scheduler`. It also satisfies
 * XState's `Clock`, so machines' delayed transitions run on the same time.
 */
export interface Scheduler {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** A source of uniform random numbers in [0, 1); injected so jitter is reproducible in tests. */
export type Random = () => number;
