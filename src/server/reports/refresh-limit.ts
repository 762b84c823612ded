/**
 * The on-demand report refresh's limit (docs/decisions/0031-on-demand-report-refresh.md): one
 * refresh per `intervalMs` per key — the staff user, and the report group the page showed. Kept in
 * this process: with several instances a user could refresh once per instance per interval, which
 * the scheduler's coalescing (scheduler.ts) still bounds to one rebuild at a time.
 */
export class RefreshLimiter {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number,
  ) {}

  /**
   * 0 when every key may refresh now (and then the refresh is counted against all of them), else
   * the ms until the last of them may.
   */
  take(keys: readonly string[]): number {
    const now = this.now();
    let wait = 0;
    for (const key of keys) {
      const at = this.last.get(key);
      if (at !== undefined) wait = Math.max(wait, at + this.intervalMs - now);
    }
    if (wait > 0) return Math.ceil(wait);
    for (const key of keys) this.last.set(key, now);
    this.prune(now);
    return 0;
  }

  /** Forgets a refresh that did not happen (it failed), so the user may try again at once. */
  release(keys: readonly string[]): void {
    for (const key of keys) this.last.delete(key);
  }

  /** Entries older than the interval limit nothing: dropped so the map stays small. */
  private prune(now: number): void {
    if (this.last.size < 1000) return;
    for (const [key, at] of this.last) if (at + this.intervalMs <= now) this.last.delete(key);
  }
}
