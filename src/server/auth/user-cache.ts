import type { UserRow } from '../users/repository';

interface Entry<T> {
  value: T;
  until: number;
}

/**
 * A few seconds' memory of "this access token's user and family are alive" for /v1, so a page's
 * burst of reads looks the caller up once (issue 10). Every change made through the API clears
 * it before its answer goes out (AuthService.changed, hooked in app.ts), and a read that started
 * before a change never stores what it read (the generation check), so on one server a change is
 * seen by the very next request. Changes made elsewhere (another server instance, a script on
 * the database) are seen after at most `ttlMs`.
 */
export class UserCache<T = UserRow> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The current generation: pass it back to `set` so a read that raced a change is dropped. */
  begin(): number {
    return this.generation;
  }

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, generation: number, now = Date.now()): void {
    if (!this.enabled || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: now + this.ttlMs });
  }

  /** Forgets everything: something may have changed a user, a group or a token family. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
