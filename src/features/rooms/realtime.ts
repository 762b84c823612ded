import { createWsTransport } from '@/engine';
import type { RoomTransport, Scheduler } from '@/engine';
import { hubSession } from '@/lib/hub-session';

/** The browser's clock and timers for the engine. */
const browserScheduler: Scheduler = {
  now: () => performance.timeOrigin + performance.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/** A WebSocket transport to this server's realtime hub (the engine's reconnecting client). */
export function createHubTransport(): RoomTransport {
  // Signs in the one way every hub socket does (lib/hub-session.ts).
  return createWsTransport({ ...hubSession.socket(), scheduler: browserScheduler });
}
