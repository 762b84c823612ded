import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, relativeParts, relativeTime } from './time';

describe('time formatting', () => {
  it('formats a moment as YYYY/MM/DD HH:mm with zero padding', () => {
    const moment = new Date(2026, 0, 5, 7, 3, 59);
    expect(formatDateTime(moment)).toBe('2026/01/05 07:03');
    expect(formatDateTime(moment.getTime())).toBe('2026/01/05 07:03');
  });

  it('formats the date alone', () => {
    expect(formatDate(new Date(2026, 10, 21, 23, 59))).toBe('2026/11/21');
  });
});

describe('relative time', () => {
  const now = new Date(2026, 4, 20, 12, 0, 0).getTime();
  const s = 1000;
  const min = 60 * s;
  const h = 60 * min;
  const d = 24 * h;
  const ago = (ms: number) => relativeParts(now - ms, now);

  it('uses each of the spec’s units at its threshold, counting whole units passed', () => {
    expect(ago(0)).toEqual({ value: 0, unit: 'second' });
    expect(ago(59 * s + 999)).toEqual({ value: -59, unit: 'second' });
    expect(ago(min)).toEqual({ value: -1, unit: 'minute' });
    expect(ago(59 * min + 59 * s)).toEqual({ value: -59, unit: 'minute' });
    expect(ago(h)).toEqual({ value: -1, unit: 'hour' });
    expect(ago(23 * h + 59 * min)).toEqual({ value: -23, unit: 'hour' });
    expect(ago(d)).toEqual({ value: -1, unit: 'day' });
    expect(ago(6 * d + 23 * h)).toEqual({ value: -6, unit: 'day' });
    expect(ago(7 * d)).toEqual({ value: -1, unit: 'week' });
    expect(ago(29 * d)).toEqual({ value: -4, unit: 'week' });
    expect(ago(364 * d)).toEqual({ value: -11, unit: 'month' });
    expect(ago(2 * 365 * d + 2 * d)).toEqual({ value: -2, unit: 'year' });
  });

  it('counts months and years on the calendar', () => {
    // April 20 to May 20 is 30 days and one calendar month.
    expect(relativeParts(new Date(2026, 3, 20, 12), now)).toEqual({ value: -1, unit: 'month' });
    // April 21 to May 20 is 29 days: still weeks.
    expect(relativeParts(new Date(2026, 3, 21, 12), now)).toEqual({ value: -4, unit: 'week' });
    expect(relativeParts(new Date(2025, 4, 20, 12), now)).toEqual({ value: -1, unit: 'year' });
    expect(relativeParts(new Date(2025, 4, 21, 12), now)).toEqual({ value: -11, unit: 'month' });
  });

  it('reads a slightly future moment (clock skew) as now, a later one as to come', () => {
    expect(relativeParts(now + 30 * s, now)).toEqual({ value: 0, unit: 'second' });
    expect(relativeParts(now + 2 * h, now)).toEqual({ value: 2, unit: 'hour' });
    expect(relativeParts(now + 10 * d, now)).toEqual({ value: 1, unit: 'week' });
  });

  it('writes Japanese and English with Intl, numeric except for now', () => {
    expect(relativeTime(now - 3 * min, now, 'ja')).toBe('3 分前');
    expect(relativeTime(now - 3 * min, now, 'en')).toBe('3 minutes ago');
    expect(relativeTime(now - 30 * h, now, 'ja')).toBe('1 日前');
    expect(relativeTime(now - 30 * h, now, 'en')).toBe('1 day ago');
    expect(relativeTime(now - 14 * d, now, 'ja')).toBe('2 週間前');
    expect(relativeTime(now, now, 'ja')).toBe('今');
    expect(relativeTime(new Date(now), new Date(now), 'en')).toBe('now');
    expect(relativeTime(now - 5 * s, now, 'en')).toBe('5 seconds ago');
  });
});
