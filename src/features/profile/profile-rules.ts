import { DISPLAY_NAME_MAX, PROFILE_CHANGE_INTERVAL_DAYS } from '@/contracts/constants';
import { isBlankText } from '@/contracts/blank-text';
import { hasHiddenCharacters } from '@/contracts/names';
import type { Role } from '@/contracts/user-entities';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The full-width asterisk every profile form error starts with. */
const ERROR_PREFIX = '＊';

/** A form error as the profile shows it: prefixed with a full-width asterisk. */
export const withErrorPrefix = (message: string): string => `${ERROR_PREFIX}${message}`;

/** Characters left in the display name (negative when over; the server counts the same way). */
export const remainingChars = (value: string): number => DISPLAY_NAME_MAX - value.length;

export type DisplayNameError = 'required' | 'maxLength' | 'hiddenCharacters';

/**
 * Required (blank after trimming counts as empty, and so does a name of only zero-width, bidi or
 * other invisible characters) and at most DISPLAY_NAME_MAX characters.
 */
export function displayNameError(value: string): DisplayNameError | null {
  if (value.trim().length === 0 || isBlankText(value)) return 'required';
  if (value.length > DISPLAY_NAME_MAX) return 'maxLength';
  // The server's rule for every name (contracts/names.ts): no bidi, format or filler character.
  if (hasHiddenCharacters(value.trim())) return 'hiddenCharacters';
  return null;
}

/** Members and supporters may change their display name once per 31 days. */
const isLimitedRole = (role: Role): boolean => role === 'member' || role === 'supporter';

/** When the name may next change, or null when it may change now. */
export function nextChangeAt(
  role: Role,
  profileUpdatedAt: number | null,
  now: number,
): number | null {
  if (!isLimitedRole(role) || profileUpdatedAt === null) return null;
  const next = profileUpdatedAt + PROFILE_CHANGE_INTERVAL_DAYS * DAY_MS;
  return now < next ? next : null;
}

export interface SaveCheck {
  value: string;
  current: string;
  role: Role;
  profileUpdatedAt: number | null;
  now: number;
}

/**
 * Whether Save is enabled: the name is valid, it differs from the current one (saving the same
 * name changes nothing), and a member or supporter is outside the 31-day window.
 */
export function canSaveDisplayName(c: SaveCheck): boolean {
  if (displayNameError(c.value) !== null) return false;
  if (c.value.trim() === c.current) return false;
  return nextChangeAt(c.role, c.profileUpdatedAt, c.now) === null;
}

/**
 * Shown before saving (issue 8): for a member or supporter who may change the name now, the date
 * from which the next change will be possible if they save now; null for roles without the rule.
 */
export function lockedUntilIfSavedNow(role: Role, now: number): number | null {
  return isLimitedRole(role) ? now + PROFILE_CHANGE_INTERVAL_DAYS * DAY_MS : null;
}
