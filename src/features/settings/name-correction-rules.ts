import { isBlankText } from '@/contracts/blank-text';
import { DISPLAY_NAME_MAX } from '@/contracts/constants';

export type NameCorrectionError = 'required' | 'maxLength' | 'same';

/**
 * A teacher correcting a pupil's display name (issue 8): required (invisible-only counts as
 * empty), at most DISPLAY_NAME_MAX characters, and different from the current name. The server
 * screens it too and answers textNotAllowed for contact details or hurtful words.
 */
export function nameCorrectionError(value: string, current: string): NameCorrectionError | null {
  const trimmed = value.trim();
  if (trimmed.length === 0 || isBlankText(trimmed)) return 'required';
  if (trimmed.length > DISPLAY_NAME_MAX) return 'maxLength';
  if (trimmed === current) return 'same';
  return null;
}
