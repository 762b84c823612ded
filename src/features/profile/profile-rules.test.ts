import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX } from '@/contracts/constants';
import {
  canSaveDisplayName,
  displayNameError,
  nextChangeAt,
  remainingChars,
  withErrorPrefix,
} from './profile-rules';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 22, 0, 0, 0);

describe('display name rules', () => {
  it('requires a name: empty and blank (also full-width spaces) are errors', () => {
    expect(displayNameError('')).toBe('required');
    expect(displayNameError('   ')).toBe('required');
    expect(displayNameError('\u3000\u3000')).toBe('required');
    expect(displayNameError('Haru')).toBeNull();
  });

  it('allows 18 characters and refuses 19', () => {
    expect(DISPLAY_NAME_MAX).toBe(18);
    expect(displayNameError('あ'.repeat(18))).toBeNull();
    expect(displayNameError('あ'.repeat(19))).toBe('maxLength');
  });

  it('counts remaining characters down to negative numbers when over', () => {
    expect(remainingChars('')).toBe(18);
    expect(remainingChars('はると')).toBe(15);
    expect(remainingChars('a'.repeat(20))).toBe(-2);
  });

  it('prefixes errors with a full-width asterisk', () => {
    expect(withErrorPrefix('入力してください')).toBe('＊入力してください');
  });
});

describe('the 31-day window', () => {
  it('restricts members and supporters inside 31 days of the last change', () => {
    const changed = NOW - 30 * DAY;
    expect(nextChangeAt('member', changed, NOW)).toBe(changed + 31 * DAY);
    expect(nextChangeAt('supporter', changed, NOW)).toBe(changed + 31 * DAY);
    // Exactly 31 days later the name may change again.
    expect(nextChangeAt('member', NOW - 31 * DAY, NOW)).toBeNull();
  });

  it('never restricts staff roles, nor a name never changed', () => {
    for (const role of ['teacher', 'staff', 'admin'] as const)
      expect(nextChangeAt(role, NOW - DAY, NOW)).toBeNull();
    expect(nextChangeAt('member', null, NOW)).toBeNull();
  });

  it('blocks Save when empty, over 18, unchanged, or inside the window', () => {
    const base = { current: 'Haruto', role: 'member' as const, profileUpdatedAt: null, now: NOW };
    expect(canSaveDisplayName({ ...base, value: 'Haru' })).toBe(true);
    expect(canSaveDisplayName({ ...base, value: '' })).toBe(false);
    expect(canSaveDisplayName({ ...base, value: 'x'.repeat(19) })).toBe(false);
    expect(canSaveDisplayName({ ...base, value: 'Haruto' })).toBe(false);
    expect(canSaveDisplayName({ ...base, value: 'Haru', profileUpdatedAt: NOW - 3 * DAY })).toBe(
      false,
    );
    expect(
      canSaveDisplayName({ ...base, role: 'teacher', value: 'Haru', profileUpdatedAt: NOW - DAY }),
    ).toBe(true);
  });
});
