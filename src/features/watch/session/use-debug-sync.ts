import { useEffect } from 'react';
import type { RealtimePath } from '@/contracts/realtime-http';
import { realtimePath } from '@/features/rooms';
import type { WatchRoom } from './watch-room';

/** The read-only hook the sync benchmark and the end-to-end test read (only with ?debugSync=1). */
interface TomoniSyncHook {
  /** At `at` (server ms) when given: read `serverNow()` once with the player, then this. */
  expectedPosition(at?: number): number;
  serverNow(): number;
  role: 'host' | 'follower';
  /** The last seq this page folded, or null before the room's first state. */
  seq(): number | null;
  /**
   * When this page folded new events, oldest first, and clears the list: `[seq, wall ms]`, the
   * seq being the highest of what arrived together and the time the page's own wall clock
   * (`performance.timeOrigin + now()`): delivery latency = arrival − the event's serverTime.
   */
  takeArrivals(): Array<[number, number]>;
  /** The way this page reaches the hub: `ws`, or the HTTP fallback's `stream` or `longpoll`. */
  path(): RealtimePath | null;
}

const KEY = '__tomoniSync';
/** Arrivals kept between two reads (a reader that stops reading loses the oldest). */
const ARRIVALS_MAX = 1000;

export function useDebugSyncHook(enabled: boolean, room: WatchRoom | null): void {
  useEffect(() => {
    if (!enabled || !room) return;
    let arrivals: Array<[number, number]> = [];
    let last = room.client.model()?.lastSeq ?? 0;
    const sub = room.client.model$.subscribe((model) => {
      if (model.lastSeq <= last) return;
      last = model.lastSeq;
      arrivals.push([model.lastSeq, performance.timeOrigin + performance.now()]);
      if (arrivals.length > ARRIVALS_MAX) arrivals.shift();
    });
    const hook: TomoniSyncHook = Object.freeze({
      expectedPosition: (at?: number) => room.expectedPosition(at),
      serverNow: () => room.client.serverNow(),
      role: room.role,
      seq: () => room.client.model()?.lastSeq ?? null,
      path: realtimePath,
      takeArrivals: () => {
        const taken = arrivals;
        arrivals = [];
        return taken;
      },
    });
    Object.defineProperty(window, KEY, { value: hook, configurable: true, writable: false });
    return () => {
      sub.unsubscribe();
      Reflect.deleteProperty(window, KEY);
    };
  }, [enabled, room]);
}
