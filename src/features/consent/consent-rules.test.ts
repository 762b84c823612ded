import { describe, expect, it } from 'vitest';
import {
  analyticsEventFor,
  isConsentAge,
  isWatchPath,
  shouldShowConsentBanner,
  type ConsentUser,
} from './consent-rules';

const NOW = new Date('2026-11-22T09:00:00Z');
const user = (over: Partial<ConsentUser> = {}): ConsentUser => ({
  _id: 'u1',
  role: 'member',
  cookie: null,
  birthYear: 2008,
  ...over,
});

describe('isWatchPath', () => {
  it('knows both watch pages', () => {
    expect(isWatchPath('/session/s1/watch')).toBe(true);
    expect(isWatchPath('/session/s1/watch/')).toBe(true);
    expect(isWatchPath('/sessions/s1/watch')).toBe(true);
    expect(isWatchPath('/session/s1')).toBe(false);
    expect(isWatchPath('/')).toBe(false);
    expect(isWatchPath('/session/s1/watch/extra')).toBe(false);
  });
});

describe('isConsentAge', () => {
  it('counts the youngest possible age from the birth year', () => {
    // Born 2010: 15 or 16 in 2026 → certainly 15.
    expect(isConsentAge(user({ birthYear: 2010 }), NOW)).toBe(true);
    // Born 2011: 14 or 15 in 2026 → not certainly 15.
    expect(isConsentAge(user({ birthYear: 2011 }), NOW)).toBe(false);
    expect(isConsentAge(user({ birthYear: 2014 }), NOW)).toBe(false);
  });

  it('treats an unknown birth year as under 15, except for staff roles', () => {
    expect(isConsentAge(user({ birthYear: null }), NOW)).toBe(false);
    expect(isConsentAge(user({ birthYear: null, role: 'supporter' }), NOW)).toBe(false);
    expect(isConsentAge(user({ birthYear: null, role: 'teacher' }), NOW)).toBe(true);
    expect(isConsentAge(user({ birthYear: null, role: 'admin' }), NOW)).toBe(true);
  });
});

describe('shouldShowConsentBanner', () => {
  it('shows for a user aged 15 or older who has not answered, outside the watch page', () => {
    expect(shouldShowConsentBanner(user(), '/', NOW)).toBe(true);
    expect(shouldShowConsentBanner(user(), '/mypage', NOW)).toBe(true);
  });

  it('hides on the watch page', () => {
    expect(shouldShowConsentBanner(user(), '/session/s1/watch', NOW)).toBe(false);
    expect(shouldShowConsentBanner(user(), '/sessions/s1/watch', NOW)).toBe(false);
  });

  it('hides once answered, without a user, and for users under 15', () => {
    expect(shouldShowConsentBanner(user({ cookie: 'approved' }), '/', NOW)).toBe(false);
    expect(shouldShowConsentBanner(user({ cookie: 'refused' }), '/', NOW)).toBe(false);
    expect(shouldShowConsentBanner(undefined, '/', NOW)).toBe(false);
    expect(shouldShowConsentBanner(user({ birthYear: 2013 }), '/', NOW)).toBe(false);
  });
});

describe('analyticsEventFor', () => {
  it('sends the user id and role only when approved', () => {
    expect(analyticsEventFor(user({ cookie: 'approved' }), true, NOW)).toEqual({
      userId: 'u1',
      role: 'member',
    });
  });

  it('sends nothing when refused or not answered yet', () => {
    expect(analyticsEventFor(user({ cookie: 'refused' }), true, NOW)).toBeNull();
    expect(analyticsEventFor(user({ cookie: null }), true, NOW)).toBeNull();
  });

  it('sends an empty event with no user or no token', () => {
    expect(analyticsEventFor(undefined, true, NOW)).toEqual({});
    expect(analyticsEventFor(user({ cookie: 'approved' }), false, NOW)).toEqual({});
  });

  it('never sends personal data for a user under 15, even one marked approved', () => {
    expect(analyticsEventFor(user({ cookie: 'approved', birthYear: 2012 }), true, NOW)).toEqual({});
    expect(analyticsEventFor(user({ cookie: 'approved', birthYear: null }), true, NOW)).toEqual({});
  });
});
