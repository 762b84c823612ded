import { useEffect, useState } from 'react';

/** Whether two plain records hold the same values (one level deep). */
const sameValues = <T>(a: T, b: T): boolean => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a) as Array<keyof T>;
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
};

/**
 * Re-reads `read` every `ms` while mounted (the room position moves without events). The value
 * changes, and the caller re-renders, only when something in it changed: a paused room's page
 * stays still between reads.
 */
export function useTicker<T>(read: () => T, ms: number): T {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const refresh = () => {
      const next = read();
      setValue((prev) => (sameValues(prev, next) ? prev : next));
    };
    refresh();
    const id = window.setInterval(refresh, ms);
    return () => window.clearInterval(id);
  }, [read, ms]);
  return value;
}
