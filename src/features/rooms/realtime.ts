import type { Scheduler } from '@/engine/time';
import { createWsTransport } from '@/engine/transports/ws';
import type { RoomTransport } from '@/engine/transports/types';
import { tokenStorage } from '@/lib/storage';

/** The browser's clock and timers for the engine. */
const browserScheduler: Scheduler = {
  now: () => performance.timeOrigin + performance.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/** The hub's URL on this origin; the access token is read at every (re)connect, so a refreshed one is used. */
function hubUrl(): string {
  const url = new URL('/ws', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = tokenStorage.getToken();
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

/** A WebSocket transport to this server's realtime hub (the engine's reconnecting client). */
export function createHubTransport(): RoomTransport {
  return createWsTransport({
    connect: () => new WebSocket(hubUrl()),
    scheduler: browserScheduler,
    getToken: () => tokenStorage.getToken(),
  });
}
