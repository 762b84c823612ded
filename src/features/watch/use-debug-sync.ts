import { useEffect } from 'react';
import type { WatchRoom } from './watch-room';

/** The read-only hook the sync benchmark and the end-to-end test read (only with ?debugSync=1). */
export interface TomoniSyncHook {
  expectedPosition(): number;
  serverNow(): number;
  role: 'host' | 'follower';
}

const KEY = '__tomoniSync';

export function useDebugSyncHook(enabled: boolean, room: WatchRoom | null): void {
  useEffect(() => {
    if (!enabled || !room) return;
    const hook: TomoniSyncHook = Object.freeze({
      expectedPosition: () => room.expectedPosition(),
      serverNow: () => room.client.serverNow(),
      role: room.role,
    });
    Object.defineProperty(window, KEY, { value: hook, configurable: true, writable: false });
    return () => {
      Reflect.deleteProperty(window, KEY);
    };
  }, [enabled, room]);
}
