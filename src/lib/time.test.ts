import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './time';

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
