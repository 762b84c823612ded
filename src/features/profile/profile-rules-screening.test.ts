import { describe, expect, it } from 'vitest';
import { PROFILE_CHANGE_INTERVAL_DAYS } from '@/contracts/constants';
import { canSaveDisplayName, displayNameError, lockedUntilIfSavedNow } from './profile-rules';

const DAY = 24 * 60 * 60 * 1000;

describe('display name rules (issue 8)', () => {
  it('treats zero-width, bidi-override and filler-only names as empty', () => {
    for (const name of ['\u200B', '\u200B\u200D', '\u202E', '\u2066\u2069', '\u3164', '\uFEFF'])
      expect(displayNameError(name)).toBe('required');
    // A visible name with a hidden character in it is refused as the server refuses it (issue 25).
    expect(displayNameError('\u200BHana')).toBe('hiddenCharacters');
    expect(displayNameError('\u202Erehcaet')).toBe('hiddenCharacters');
    expect(displayNameError('Hana')).toBeNull();
    expect(
      canSaveDisplayName({
        value: '\u200B\u200B',
        current: 'Hana',
        role: 'member',
        profileUpdatedAt: null,
        now: 0,
      }),
    ).toBe(false);
  });

  it('tells a pupil before saving when the next change will be possible', () => {
    const now = Date.UTC(2026, 10, 23);
    expect(lockedUntilIfSavedNow('member', now)).toBe(now + PROFILE_CHANGE_INTERVAL_DAYS * DAY);
    expect(lockedUntilIfSavedNow('supporter', now)).toBe(now + 31 * DAY);
    expect(lockedUntilIfSavedNow('teacher', now)).toBeNull();
  });
});
