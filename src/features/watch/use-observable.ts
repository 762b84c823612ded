import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

/** The latest value of an observable (or `initial` until it emits); re-renders on each value. */
export function useObservable<T>(source: Observable<T> | null, initial: T): T {
  const latest = useRef<{ source: Observable<T> | null; value: T }>({ source, value: initial });
  if (latest.current.source !== source) latest.current = { source, value: initial };
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!source) return () => undefined;
      const sub = source.subscribe((value) => {
        if (latest.current.source === source) latest.current.value = value;
        notify();
      });
      return () => sub.unsubscribe();
    },
    [source],
  );
  return useSyncExternalStore(subscribe, () => latest.current.value);
}
