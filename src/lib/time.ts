import dayjs from 'dayjs';
import { TIME_FORMAT } from '@/contracts/constants';
import type { Lang } from '@/contracts/user-entities';

/** Formats epoch milliseconds (or a Date) as the product's YYYY/MM/DD HH:mm, in local time. */
export function formatDateTime(value: number | Date): string {
  return dayjs(value).format(TIME_FORMAT);
}

/** Formats only the date part, YYYY/MM/DD. */
export function formatDate(value: number | Date): string {
  return dayjs(value).format('YYYY/MM/DD');
}

/** The spec's relative-time units ("year, month, week, day, hour, minute, second"). */
export type RelativeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A moment this little in the future is the server's clock running ahead of the device's, not
 * something to come: it reads "now" rather than "in 20 seconds".
 */
const CLOCK_SKEW_MS = MINUTE;

/**
 * The unit and signed whole count for `date` seen from `now` (negative: in the past). Counts are
 * whole units passed, never rounded up, so 59 minutes is "59 minutes ago", not "1 hour ago".
 * Under a minute: seconds; under an hour: minutes; under a day: hours; under a week: days; under
 * one calendar month: weeks (1–4); under one calendar year: calendar months; then years.
 * Months and years are counted on the calendar (Jan 15 → Feb 15 is one month) in local time.
 */
export function relativeParts(
  date: number | Date,
  now: number | Date,
): { value: number; unit: RelativeUnit } {
  const at = +date;
  const from = +now;
  const past = at <= from;
  const elapsed = Math.abs(from - at);
  if (!past && elapsed < CLOCK_SKEW_MS) return { value: 0, unit: 'second' };
  const sign = past ? -1 : 1;
  const whole = (n: number) => sign * Math.floor(n) || 0;
  if (elapsed < MINUTE) return { value: whole(elapsed / SECOND), unit: 'second' };
  if (elapsed < HOUR) return { value: whole(elapsed / MINUTE), unit: 'minute' };
  if (elapsed < DAY) return { value: whole(elapsed / HOUR), unit: 'hour' };
  if (elapsed < 7 * DAY) return { value: whole(elapsed / DAY), unit: 'day' };
  const [earlier, later] = past ? [dayjs(at), dayjs(from)] : [dayjs(from), dayjs(at)];
  const years = later.diff(earlier, 'year');
  if (years >= 1) return { value: whole(years), unit: 'year' };
  const months = later.diff(earlier, 'month');
  if (months >= 1) return { value: whole(months), unit: 'month' };
  return { value: whole(elapsed / (7 * DAY)), unit: 'week' };
}

const formatters = new Map<string, Intl.RelativeTimeFormat>();
const formatter = (lang: Lang, numeric: 'always' | 'auto') => {
  const key = `${lang}:${numeric}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.RelativeTimeFormat(lang, { numeric, style: 'long' });
    formatters.set(key, f);
  }
  return f;
};

/**
 * "3 分前" / "3 minutes ago": `date` relative to `now` in the spec's units (see relativeParts for
 * the thresholds). Always numeric ("1 日前", not 「昨日」, which would be wrong for a post 30
 * hours ago made the day before yesterday), except that zero reads 「今」 / "now".
 */
export function relativeTime(date: number | Date, now: number | Date, lang: Lang): string {
  const { value, unit } = relativeParts(date, now);
  return formatter(lang, value === 0 ? 'auto' : 'always').format(value, unit);
}
