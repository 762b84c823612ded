import { useEffect, useState } from 'react';

/** Re-reads `read` every `ms` while mounted (the room position moves without events). */
export function useTicker<T>(read: () => T, ms: number): T {
  const [value, setValue] = useState(read);
  useEffect(() => {
    setValue(read());
    const id = window.setInterval(() => setValue(read()), ms);
    return () => window.clearInterval(id);
  }, [read, ms]);
  return value;
}
