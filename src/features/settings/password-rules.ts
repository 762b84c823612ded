import { PASSWORD_MIN_LENGTH } from '@/contracts/constants';
import type { ApiErrorCode } from '@/lib/api-client';

/** Keys of the `setting` namespace that name a password problem. */
export type PasswordErrorKey =
  | 'minLengthPassword'
  | 'invalidPassword'
  | 'notMatchPassword'
  | 'sameAsCurrentPassword'
  | 'needToChangePassword';

export interface OwnPasswordForm {
  current: string;
  next: string;
  confirm: string;
}
export type OwnPasswordField = keyof OwnPasswordForm;
export type OwnPasswordErrors = Partial<Record<OwnPasswordField, PasswordErrorKey>>;

/** 'aaaaaa', '111111': one character repeated, refused as a new password. */
export const isSingleRepeatedCharacter = (value: string): boolean =>
  value.length > 0 && /^(.)\1*$/su.test(value);

const tooShort = (value: string): boolean => value.length < PASSWORD_MIN_LENGTH;

/**
 * The spec's own-password rules (section 5): current ≥ 6; new ≥ 6 and not a single repeated
 * character; confirmation ≥ 6, not a single repeated character and equal to the new one; the new
 * one must differ from the current one.
 */
export function validateOwnPassword(form: OwnPasswordForm): OwnPasswordErrors {
  const errors: OwnPasswordErrors = {};
  if (tooShort(form.current)) errors.current = 'minLengthPassword';
  if (tooShort(form.next) || isSingleRepeatedCharacter(form.next)) errors.next = 'invalidPassword';
  else if (form.next === form.current) errors.next = 'sameAsCurrentPassword';
  if (
    tooShort(form.confirm) ||
    isSingleRepeatedCharacter(form.confirm) ||
    form.confirm !== form.next
  )
    errors.confirm = 'notMatchPassword';
  return errors;
}

export const hasNoErrors = (errors: object): boolean => Object.keys(errors).length === 0;

/**
 * Where a server refusal of the own password change is shown: invalidPassword (the current
 * password is wrong) under the current field with the not-matching message, needToChangePassword
 * under the new field. Anything else has no field (null).
 */
export function serverPasswordError(
  code: ApiErrorCode,
): { field: OwnPasswordField; key: PasswordErrorKey } | null {
  if (code === 'invalidPassword') return { field: 'current', key: 'notMatchPassword' };
  if (code === 'needToChangePassword') return { field: 'next', key: 'needToChangePassword' };
  return null;
}

export interface MemberPasswordForm {
  next: string;
  confirm: string;
}
export type MemberPasswordErrors = Partial<Record<keyof MemberPasswordForm, PasswordErrorKey>>;

/** The group member password modal: new ≥ 6, confirmation matches. */
export function validateMemberPassword(form: MemberPasswordForm): MemberPasswordErrors {
  const errors: MemberPasswordErrors = {};
  if (tooShort(form.next)) errors.next = 'minLengthPassword';
  // The server refuses a single repeated character for everyone; say so before sending.
  else if (isSingleRepeatedCharacter(form.next)) errors.next = 'invalidPassword';
  if (form.confirm !== form.next) errors.confirm = 'notMatchPassword';
  return errors;
}
