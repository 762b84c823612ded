import { SCREENING_FIELD_MESSAGE } from '../../contracts/api/screening';
import { AppError } from '../http/errors';
import { moderateText } from './checks';

/**
 * For channels without review (display names, project names): a text the screening holds is
 * refused with 400 textNotAllowed, naming the field, so the client shows the translated message
 * and keeps what was typed. Nothing is written.
 */
export function refuseScreened(text: string, path: string): void {
  const verdict = moderateText(text);
  if (!verdict.held) return;
  throw new AppError(
    'textNotAllowed',
    `This ${path} cannot be used: ${[...new Set(verdict.findings.map((f) => f.kind))].join(', ')}`,
    [{ path, message: SCREENING_FIELD_MESSAGE }],
  );
}
