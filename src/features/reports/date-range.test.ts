import { describe, expect, it } from 'vitest';
import { checkDateRange, localToday, parseDate, toHalfWidth } from './date-range';

const TODAY = '2026-11-22';
const range = (start: string, end: string) => checkDateRange({ mode: 'range', start, end }, TODAY);

describe('feedback-zero date range', () => {
  it('all periods needs no dates and filters nothing', () => {
    expect(checkDateRange({ mode: 'all', start: 'x', end: '' }, TODAY)).toEqual({
      errors: {},
      range: null,
    });
  });

  it('accepts a start up to an end of today, inclusive', () => {
    expect(range('2026-11-01', '2026-11-22')).toEqual({
      errors: {},
      range: { start: '2026-11-01', end: '2026-11-22' },
    });
    expect(range('2026-11-22', '2026-11-22').range).toEqual({
      start: '2026-11-22',
      end: '2026-11-22',
    });
  });

  it('refuses an end past today', () => {
    expect(range('2026-11-01', '2026-11-23')).toEqual({
      errors: { end: 'future' },
      range: undefined,
    });
  });

  it('refuses a start later than the end', () => {
    expect(range('2026-11-10', '2026-11-09')).toEqual({
      errors: { start: 'afterEnd' },
      range: undefined,
    });
  });

  it('requires both dates in range mode and real calendar days', () => {
    expect(range('', '').errors).toEqual({ start: 'required', end: 'required' });
    expect(range('2026-02-30', '2026-11-01').errors).toEqual({ start: 'format' });
    expect(range('2026-11-01', 'tomorrow').errors).toEqual({ end: 'format' });
  });

  it('takes half-width numbers only; full-width typing is converted before checking', () => {
    expect(range('２０２６-１１-０１', '2026-11-02').errors).toEqual({ start: 'format' });
    expect(toHalfWidth('２０２６／１１／０１')).toBe('2026/11/01');
    expect(range(toHalfWidth('２０２６／１１／０１'), '2026-11-02').range).toEqual({
      start: '2026-11-01',
      end: '2026-11-02',
    });
  });

  it('normalises slashes and single digits', () => {
    expect(parseDate('2026/1/5')).toBe('2026-01-05');
  });

  it('reads today from the local calendar', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
