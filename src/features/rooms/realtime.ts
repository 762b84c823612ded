import type { Scheduler } from '@/engine/time';
import { createWsTransport } from '@/engine/transports/ws';
import type { RoomTransport } from '@/engine/transports/types';
import { hubSession } from '@/lib/hub-session';

/** The browser's clock and timers for the engine. */
const browserScheduler: Scheduler = {
  now: () => performance.timeOrigin + performance.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/** A WebSocket transport to this server's realtime hub (the engine's reconnecting client). */
export function createHubTransport(): RoomTransport {
  return createWsTransport({
    connect: () => new WebSocket(hubSession.url()),
    scheduler: browserScheduler,
    getToken: hubSession.getToken,
    watchToken: hubSession.watchToken,
    onSignedOut: hubSession.onSignedOut,
  });
}
