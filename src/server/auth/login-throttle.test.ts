import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { delayAfter, LoginThrottle, remainingDelayS } from './login-throttle';

describe('the delay schedule', () => {
  it('is free below the threshold, then doubles from 1 s up to the cap', () => {
    const schedule = Array.from({ length: 12 }, (_, n) => delayAfter(n, 5, 30));
    expect(schedule).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 30, 30]);
    expect(delayAfter(10_000, 5, 30)).toBe(30);
  });

  it('counts the delay from the latest failure', () => {
    const latest = new Date(1_000_000);
    const at = (ms: number) => new Date(1_000_000 + ms);
    const counter = { count: 8, latest }; // 8 failures, 5 free → 8 s
    expect(remainingDelayS(counter, 5, 30, at(0))).toBe(8);
    expect(remainingDelayS(counter, 5, 30, at(7_500))).toBe(1);
    expect(remainingDelayS(counter, 5, 30, at(8_000))).toBe(0);
    expect(remainingDelayS({ count: 0, latest: null }, 5, 30, at(0))).toBe(0);
  });
});

describe('LoginThrottle on a clock of its own', () => {
  let t: TestApp;
  let now = new Date('2026-11-23T08:00:00Z');
  let throttle: LoginThrottle;
  const advance = (s: number) => {
    now = new Date(now.getTime() + s * 1000);
  };
  beforeAll(async () => {
    t = await createTestApp({ seed: 'none' });
    throttle = new LoginThrottle(
      t.db,
      {
        freeFailuresPerPair: 5,
        freeFailuresPerAccount: 20,
        maxDelayS: 30,
        maxUnknownFailuresPerAddress: 3,
        windowS: 900,
      },
      () => now,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('delays the pair, never longer than the cap, and the same account elsewhere only past 20', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      await throttle.recordFailure('teacher', 'school', true);
      const verdict = await throttle.check('teacher', 'school');
      waits.push(verdict.blocked ? verdict.retryAfterS : 0);
      if (verdict.blocked) advance(verdict.retryAfterS);
    }
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 30, 30, 30]);
    expect(await throttle.check('teacher', 'home')).toEqual({ blocked: false });
    for (let i = 0; i < 8; i++) await throttle.recordFailure('teacher', `botnet-${i}`, true);
    const home = await throttle.check('teacher', 'home');
    expect(home.blocked && home.retryAfterS).toBe(1);
  });

  it('lifts every delay once the failures leave the window', async () => {
    advance(901);
    expect(await throttle.check('teacher', 'school')).toEqual({ blocked: false });
  });

  it('counts only made-up names per address, and a teacher unlock clears an account', async () => {
    for (let i = 0; i < 3; i++) await throttle.recordFailure(`nobody-${i}`, 'lab', false);
    await throttle.recordFailure('student01', 'lab', true);
    const verdict = await throttle.checkUnknown('lab');
    expect(verdict.blocked && verdict.retryAfterS).toBe(900);
    expect(await throttle.checkUnknown('other')).toEqual({ blocked: false });
    for (let i = 0; i < 6; i++) await throttle.recordFailure('student02', 'lab', true);
    expect((await throttle.check('student02', 'lab')).blocked).toBe(true);
    expect(await throttle.clearAccount('student02')).toBe(6);
    expect(await throttle.check('student02', 'lab')).toEqual({ blocked: false });
  });
});
