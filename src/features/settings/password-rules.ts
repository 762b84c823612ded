import { PASSWORD_MIN_LENGTH } from '@/contracts/constants';
import type { Role } from '@/contracts/user-entities';
import { minPasswordLength } from '@/contracts/password';
import type { ApiErrorCode } from '@/lib/api-errors';

/**
 * The current password is only checked against the old floor: every password set before issue 8
 * has at least 6 characters, and one that is now too short must still be accepted to change it.
 */
const CURRENT_PASSWORD_MIN_LENGTH = 6;

/** Keys of the `setting` namespace that name a password problem. */
export type PasswordErrorKey =
  | 'minLengthPassword'
  | 'invalidPassword'
  | 'commonPassword'
  | 'notMatchPassword'
  | 'wrongCurrentPassword'
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

/** The `{{count}}` of a field's length message: the old floor for the current password. */
export const lengthRuleOf = (field: OwnPasswordField, role: Role): number =>
  field === 'current' ? CURRENT_PASSWORD_MIN_LENGTH : minPasswordLength(role);

/**
 * The spec's own-password rules (section 5) with the minimums of issue 8, the same as the
 * server's: new ≥ 8 for pupils and ≥ 12 for staff roles and not a single repeated character;
 * confirmation the same and equal to the new one; the new one must differ from the current one.
 * The common-password list is checked by the server only (commonPassword).
 */
export function validateOwnPassword(form: OwnPasswordForm, role: Role): OwnPasswordErrors {
  const min = minPasswordLength(role);
  const tooShort = (value: string): boolean => value.length < min;
  const errors: OwnPasswordErrors = {};
  if (form.current.length < CURRENT_PASSWORD_MIN_LENGTH) errors.current = 'minLengthPassword';
  if (tooShort(form.next) || isSingleRepeatedCharacter(form.next)) errors.next = 'invalidPassword';
  else if (form.next === form.current) errors.next = 'sameAsCurrentPassword';
  // The spec's confirmation rule (at least the minimum, not one repeated character, equal to the
  // new one) holds, but only a confirmation that differs is told it does not match: one equal to a
  // too-short new password is refused under the new field, with the reason (issue 24).
  if (form.confirm !== form.next) errors.confirm = 'notMatchPassword';
  return errors;
}

export const hasNoErrors = (errors: object): boolean => Object.keys(errors).length === 0;

/**
 * Where a server refusal of the own password change is shown: invalidPassword (the current
 * password is wrong) under the current field with the spec's not-matching message, worded for the
 * current password (`wrongCurrentPassword`), needToChangePassword
 * under the new field. Anything else has no field (null).
 */
export function serverPasswordError(
  code: ApiErrorCode,
): { field: OwnPasswordField; key: PasswordErrorKey } | null {
  if (code === 'invalidPassword') return { field: 'current', key: 'wrongCurrentPassword' };
  if (code === 'needToChangePassword') return { field: 'next', key: 'needToChangePassword' };
  if (code === 'commonPassword') return { field: 'next', key: 'commonPassword' };
  if (code === 'weakPassword') return { field: 'next', key: 'invalidPassword' };
  return null;
}

export interface MemberPasswordForm {
  next: string;
  confirm: string;
}
export type MemberPasswordErrors = Partial<Record<keyof MemberPasswordForm, PasswordErrorKey>>;

/** The group member password modal (pupils only): new ≥ 8, confirmation matches. */
export function validateMemberPassword(form: MemberPasswordForm): MemberPasswordErrors {
  const errors: MemberPasswordErrors = {};
  if (form.next.length < PASSWORD_MIN_LENGTH) errors.next = 'minLengthPassword';
  // The server refuses a single repeated character for everyone; say so before sending.
  else if (isSingleRepeatedCharacter(form.next)) errors.next = 'invalidPassword';
  if (form.confirm !== form.next) errors.confirm = 'notMatchPassword';
  return errors;
}
