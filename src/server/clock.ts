/**
 * The server's one clock (epoch ms, fractional): every stamp reads it — room events (host
 * commands, joins, leaves), the pong's serverTime the clients' clocks estimate against, token
 * expiry and the socket budgets. Injected (`buildApp({ clock })`, `app.clock`) so tests can move
 * time; never mix it with another time base.
 */
export type ServerClock = () => number;

/**
 * The system clock with sub-millisecond resolution: `performance.now()` for precision (the
 * clients' offset estimate benefits from it), kept within 1 ms of `Date.now()` so that several
 * instances (NTP-synced wall clocks) stamp one room on the same time base, and never going back.
 */
const createSystemClock = (): ServerClock => {
  let offset = Date.now() - performance.now();
  let last = 0;
  return () => {
    const p = performance.now();
    const wall = Date.now();
    // Date.now() is whole ms: re-anchor only when the two part by more than that.
    if (Math.abs(p + offset - wall) > 1) offset = wall - p;
    last = Math.max(last, p + offset);
    return last;
  };
};

/** The process's system clock (what `buildApp` uses unless a test injects another). */
export const systemClock: ServerClock = createSystemClock();

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's one clock (`src/server/clock.ts`). */
    clock: ServerClock;
  }
}
