import type { Scheduler } from '@/engine';

/** The engine's scheduler in the browser: a monotonic clock and window timers. */
export const browserScheduler: Scheduler = {
  now: () => performance.timeOrigin + performance.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    if (typeof handle === 'number') window.clearTimeout(handle);
  },
};
