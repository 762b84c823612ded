/**
 * Whether the download panel has anything to show (issue 13). The panel and the download manager
 * are a lazy chunk; the signed-in shell reads only this flag to know when to fetch them, so a first
 * load carries none of it.
 */
let active = false;
const listeners = new Set<() => void>();

export const downloadActivity = {
  get: (): boolean => active,
  set(next: boolean): void {
    if (next === active) return;
    active = next;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
