import { describe, expect, it } from 'vitest';
import { RefreshLimiter } from './refresh-limit';

// Issue 24: staff's "update now" is one a minute per staff user and per group.
describe('RefreshLimiter', () => {
  it('lets each key through once per interval and says how long to wait', () => {
    let now = 1_000;
    const limiter = new RefreshLimiter(60_000, () => now);
    expect(limiter.take(['user:a', 'group:g'])).toBe(0);
    now += 15_000;
    expect(limiter.take(['user:a'])).toBe(45_000);
    // Another user on the same group waits for the group; on another group they may.
    expect(limiter.take(['user:b', 'group:g'])).toBe(45_000);
    expect(limiter.take(['user:b', 'group:h'])).toBe(0);
    now += 45_000;
    expect(limiter.take(['user:a', 'group:g'])).toBe(0);
  });

  it('does not count a refused call, and forgets a refresh that failed', () => {
    let now = 0;
    const limiter = new RefreshLimiter(60_000, () => now);
    expect(limiter.take(['user:a'])).toBe(0);
    // Refused for the user: the group is not taken by the refused call.
    expect(limiter.take(['user:a', 'group:g'])).toBeGreaterThan(0);
    expect(limiter.take(['user:c', 'group:g'])).toBe(0);
    limiter.release(['user:c', 'group:g']);
    now += 1;
    expect(limiter.take(['user:c', 'group:g'])).toBe(0);
  });
});
