import { describe, expect, it } from 'vitest';
import { REPORT_REFRESH_TIMES } from '../../contracts/constants';
import { localToInstant, nextRefreshTime } from './schedule';

const TOKYO = 'Asia/Tokyo';
/** A Tokyo wall-clock time as an instant (Tokyo is UTC+9 all year). */
const tokyo = (y: number, mo: number, d: number, h: number, mi: number) =>
  new Date(Date.UTC(y, mo - 1, d, h - 9, mi));

describe('nextRefreshTime', () => {
  it('8:29 in Tokyo → 8:30 the same day', () => {
    expect(nextRefreshTime(tokyo(2026, 11, 22, 8, 29), REPORT_REFRESH_TIMES, TOKYO)).toEqual(
      tokyo(2026, 11, 22, 8, 30),
    );
  });

  it('exactly 8:30 → 10:30 (a time that has come is not next)', () => {
    expect(nextRefreshTime(tokyo(2026, 11, 22, 8, 30), REPORT_REFRESH_TIMES, TOKYO)).toEqual(
      tokyo(2026, 11, 22, 10, 30),
    );
  });

  it('22:31 → 8:30 the next day, across a month end', () => {
    expect(nextRefreshTime(tokyo(2026, 11, 30, 22, 31), REPORT_REFRESH_TIMES, TOKYO)).toEqual(
      tokyo(2026, 12, 1, 8, 30),
    );
  });

  it('the small hours (3:00) → 8:30 the same day', () => {
    expect(nextRefreshTime(tokyo(2026, 12, 31, 3, 0), REPORT_REFRESH_TIMES, TOKYO)).toEqual(
      tokyo(2026, 12, 31, 8, 30),
    );
  });

  it('uses the configured zone: 23:00 UTC is 8:00 in Tokyo but past 22:30 in London', () => {
    const now = new Date(Date.UTC(2026, 10, 21, 23, 0));
    expect(nextRefreshTime(now, REPORT_REFRESH_TIMES, TOKYO)).toEqual(tokyo(2026, 11, 22, 8, 30));
    expect(nextRefreshTime(now, REPORT_REFRESH_TIMES, 'Europe/London')).toEqual(
      new Date(Date.UTC(2026, 10, 22, 8, 30)),
    );
  });

  it('honours summer time in a zone that has it', () => {
    // 1 July in London is UTC+1: 8:30 local is 7:30 UTC.
    expect(
      localToInstant({ year: 2026, month: 7, day: 1, hour: 8, minute: 30 }, 'Europe/London'),
    ).toEqual(new Date(Date.UTC(2026, 6, 1, 7, 30)));
  });
});
