/**
 * The feedback-zero date filter (accounts and people: date range): all periods, or a start and
 * an end date; the end may not be past today and the start not later than the end; numbers are
 * half-width. Dates are YYYY-MM-DD strings in the user's local calendar.
 */
type DateRangeMode = 'all' | 'range';

export interface DateRangeInput {
  mode: DateRangeMode;
  start: string;
  end: string;
}

export type DateFieldError = 'required' | 'format' | 'future' | 'afterEnd';

export interface DateRangeCheck {
  errors: { start?: DateFieldError; end?: DateFieldError };
  /** The filter to apply: null for all periods, undefined while the input is invalid. */
  range: { start: string; end: string } | null | undefined;
}

/** Full-width digits and separators (０-９, ／, －, ー) to half-width: what an IME often types. */
export function toHalfWidth(text: string): string {
  return text
    .replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[／]/g, '/')
    .replace(/[－ー−]/g, '-')
    .trim();
}

/** YYYY-MM-DD (or YYYY/MM/DD, half-width only) naming a real calendar day, normalised; else null. */
export function parseDate(text: string): string | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Today in the local calendar as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function checkDateRange(input: DateRangeInput, today: string): DateRangeCheck {
  if (input.mode === 'all') return { errors: {}, range: null };
  const errors: DateRangeCheck['errors'] = {};
  const start = input.start.trim() === '' ? null : parseDate(input.start);
  const end = input.end.trim() === '' ? null : parseDate(input.end);
  if (input.start.trim() === '') errors.start = 'required';
  else if (start === null) errors.start = 'format';
  if (input.end.trim() === '') errors.end = 'required';
  else if (end === null) errors.end = 'format';
  else if (end > today) errors.end = 'future';
  if (start !== null && end !== null && start > end) errors.start = 'afterEnd';
  const ok = Object.keys(errors).length === 0 && start !== null && end !== null;
  return { errors, range: ok ? { start, end } : undefined };
}
