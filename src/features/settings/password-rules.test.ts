import { describe, expect, it } from 'vitest';
import {
  hasNoErrors,
  isSingleRepeatedCharacter,
  serverPasswordError,
  validateMemberPassword,
  validateOwnPassword,
} from './password-rules';

describe('validateOwnPassword', () => {
  const valid = { current: 'old-pass', next: 'new-pass', confirm: 'new-pass' };

  it('passes a complete, different, confirmed password', () => {
    expect(validateOwnPassword(valid)).toEqual({});
    expect(hasNoErrors(validateOwnPassword(valid))).toBe(true);
  });

  it('asks for at least 6 characters of the current password', () => {
    expect(validateOwnPassword({ ...valid, current: '12345' }).current).toBe('minLengthPassword');
    expect(validateOwnPassword({ ...valid, current: '123456' }).current).toBeUndefined();
    expect(validateOwnPassword({ ...valid, current: '' }).current).toBe('minLengthPassword');
  });

  it('refuses a new password under 6 or of one repeated character', () => {
    for (const next of ['', 'abcde', 'aaaaaa', '1111111111']) {
      expect(validateOwnPassword({ ...valid, next, confirm: next }).next, next).toBe(
        'invalidPassword',
      );
    }
    expect(
      validateOwnPassword({ ...valid, next: 'aaaaab', confirm: 'aaaaab' }).next,
    ).toBeUndefined();
  });

  it('refuses a new password equal to the current one', () => {
    const same = { current: 'same-pass', next: 'same-pass', confirm: 'same-pass' };
    expect(validateOwnPassword(same).next).toBe('sameAsCurrentPassword');
  });

  it('requires the confirmation to be ≥ 6, not repeated and equal to the new one', () => {
    expect(validateOwnPassword({ ...valid, confirm: 'new-pas' }).confirm).toBe('notMatchPassword');
    expect(validateOwnPassword({ ...valid, confirm: 'short' }).confirm).toBe('notMatchPassword');
    const repeated = { current: 'old-pass', next: 'bbbbbb', confirm: 'bbbbbb' };
    expect(validateOwnPassword(repeated).confirm).toBe('notMatchPassword');
  });
});

describe('isSingleRepeatedCharacter', () => {
  it('spots one repeated character, including non-Latin ones', () => {
    expect(isSingleRepeatedCharacter('zzzzzz')).toBe(true);
    expect(isSingleRepeatedCharacter('ああああああ')).toBe(true);
    expect(isSingleRepeatedCharacter('zzzzzy')).toBe(false);
    expect(isSingleRepeatedCharacter('')).toBe(false);
  });
});

describe('serverPasswordError', () => {
  it('puts invalidPassword under the current field and needToChangePassword under the new one', () => {
    expect(serverPasswordError('invalidPassword')).toEqual({
      field: 'current',
      key: 'notMatchPassword',
    });
    expect(serverPasswordError('needToChangePassword')).toEqual({
      field: 'next',
      key: 'needToChangePassword',
    });
    expect(serverPasswordError('network')).toBeNull();
    expect(serverPasswordError('weakPassword')).toBeNull();
  });
});

describe('validateMemberPassword', () => {
  it('needs 6 characters and a matching confirmation', () => {
    expect(validateMemberPassword({ next: 'abc12', confirm: 'abc12' }).next).toBe(
      'minLengthPassword',
    );
    expect(validateMemberPassword({ next: 'abc123', confirm: 'abc124' }).confirm).toBe(
      'notMatchPassword',
    );
    expect(validateMemberPassword({ next: 'cccccc', confirm: 'cccccc' }).next).toBe(
      'invalidPassword',
    );
    expect(validateMemberPassword({ next: 'abc123', confirm: 'abc123' })).toEqual({});
  });
});
