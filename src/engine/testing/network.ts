import type { MemoryLink } from './memory-hub';
import type { Random, Scheduler } from '../time';

export interface LinkProfile {
  /** One-way delay (ms). */
  delayMs: number;
  /** Uniform jitter added to the delay, ± this (ms). */
  jitterMs: number;
}

/**
 * A network model for memory sockets: each direction delays frames by delay ± jitter on the
 * simulated scheduler, yet keeps their order (a WebSocket is one TCP stream).
 */
export const createDelayedLink = (
  scheduler: Scheduler,
  profile: { up: LinkProfile; down: LinkProfile },
  random: Random,
): MemoryLink => {
  const lastAt = { up: 0, down: 0 };
  return {
    deliver: (direction, run) => {
      const p = profile[direction];
      const delay = Math.max(0, p.delayMs + (random() * 2 - 1) * p.jitterMs);
      const at = Math.max(lastAt[direction], scheduler.now() + delay);
      lastAt[direction] = at;
      scheduler.setTimeout(run, at - scheduler.now());
    },
  };
};
