import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX } from '@/contracts/constants';
import { nameCorrectionError } from './name-correction-rules';

describe('a teacher correcting a display name', () => {
  it('needs a visible name, within the limit, different from the current one', () => {
    expect(nameCorrectionError('', 'ばか')).toBe('required');
    expect(nameCorrectionError('\u200B\u202E', 'ばか')).toBe('required');
    expect(nameCorrectionError('あ'.repeat(DISPLAY_NAME_MAX + 1), 'ばか')).toBe('maxLength');
    expect(nameCorrectionError(' ばか ', 'ばか')).toBe('same');
    expect(nameCorrectionError('Hana', 'ばか')).toBeNull();
  });
});
