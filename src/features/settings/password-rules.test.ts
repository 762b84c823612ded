import { describe, expect, it } from 'vitest';
import {
  hasNoErrors,
  isSingleRepeatedCharacter,
  lengthRuleOf,
  serverPasswordError,
  validateMemberPassword,
  validateOwnPassword,
} from './password-rules';

describe('validateOwnPassword', () => {
  const valid = { current: 'old-pass', next: 'new-pass', confirm: 'new-pass' };

  it('passes a complete, different, confirmed password', () => {
    expect(validateOwnPassword(valid, 'member')).toEqual({});
    expect(hasNoErrors(validateOwnPassword(valid, 'member'))).toBe(true);
  });

  it('accepts any current password of the old 6-character floor (older passwords still change)', () => {
    expect(validateOwnPassword({ ...valid, current: '12345' }, 'member').current).toBe(
      'minLengthPassword',
    );
    expect(validateOwnPassword({ ...valid, current: '123456' }, 'member').current).toBeUndefined();
    expect(validateOwnPassword({ ...valid, current: '' }, 'member').current).toBe(
      'minLengthPassword',
    );
    expect(lengthRuleOf('current', 'teacher')).toBe(6);
  });

  it('pupils: refuses a new password under 8 or of one repeated character', () => {
    for (const next of ['', 'abcdefg', 'aaaaaaaa', '1111111111']) {
      expect(validateOwnPassword({ ...valid, next, confirm: next }, 'member').next, next).toBe(
        'invalidPassword',
      );
    }
    expect(
      validateOwnPassword({ ...valid, next: 'aaaaaaab', confirm: 'aaaaaaab' }, 'supporter').next,
    ).toBeUndefined();
    expect(lengthRuleOf('next', 'member')).toBe(8);
  });

  it('staff roles: refuses a new password under 12, as the server does', () => {
    const eleven = 'k7#pQz1wX9m';
    for (const role of ['teacher', 'staff', 'admin'] as const) {
      expect(validateOwnPassword({ ...valid, next: eleven, confirm: eleven }, role).next).toBe(
        'invalidPassword',
      );
      const twelve = `${eleven}!`;
      expect(validateOwnPassword({ ...valid, next: twelve, confirm: twelve }, role)).toEqual({});
      expect(lengthRuleOf('next', role)).toBe(12);
    }
  });

  it('refuses a new password equal to the current one', () => {
    const same = { current: 'same-pass', next: 'same-pass', confirm: 'same-pass' };
    expect(validateOwnPassword(same, 'member').next).toBe('sameAsCurrentPassword');
  });

  it('tells a confirmation it does not match only when it differs from the new password', () => {
    expect(validateOwnPassword({ ...valid, confirm: 'new-pas' }, 'member').confirm).toBe(
      'notMatchPassword',
    );
    // Equal to a new password that is refused: the reason is under the new field, not "no match".
    for (const next of ['bbbbbbbb', 'short']) {
      const errors = validateOwnPassword({ current: 'old-pass', next, confirm: next }, 'member');
      expect(errors.next).toBe('invalidPassword');
      expect(errors.confirm).toBeUndefined();
    }
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
      key: 'wrongCurrentPassword',
    });
    expect(serverPasswordError('needToChangePassword')).toEqual({
      field: 'next',
      key: 'needToChangePassword',
    });
    expect(serverPasswordError('commonPassword')).toEqual({ field: 'next', key: 'commonPassword' });
    expect(serverPasswordError('weakPassword')).toEqual({ field: 'next', key: 'invalidPassword' });
    expect(serverPasswordError('network')).toBeNull();
  });
});

describe('validateMemberPassword', () => {
  it("needs a pupil's 8 characters and a matching confirmation", () => {
    expect(validateMemberPassword({ next: 'abc1234', confirm: 'abc1234' }).next).toBe(
      'minLengthPassword',
    );
    expect(validateMemberPassword({ next: 'abc12345', confirm: 'abc12346' }).confirm).toBe(
      'notMatchPassword',
    );
    expect(validateMemberPassword({ next: 'cccccccc', confirm: 'cccccccc' }).next).toBe(
      'invalidPassword',
    );
    expect(validateMemberPassword({ next: 'abc12345', confirm: 'abc12345' })).toEqual({});
  });
});
