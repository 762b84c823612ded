/**
 * When the report aggregates are next rebuilt: the first of `times` (local hour and minute in
 * `timeZone`) strictly after `now`, rolling over to the next day's first time. Pure, so the
 * scheduler and its tests share it; DST gaps resolve to the instant the local clock shows it.
 */
export function nextRefreshTime(
  now: Date,
  times: ReadonlyArray<readonly [number, number]>,
  timeZone: string,
): Date {
  if (times.length === 0) throw new Error('no refresh times');
  const sorted = [...times].sort((a, b) => a[0] * 60 + a[1] - (b[0] * 60 + b[1]));
  const today = localParts(now, timeZone);
  for (let dayOffset = 0; dayOffset <= 2; dayOffset++) {
    for (const [hour, minute] of sorted) {
      const at = localToInstant(
        { year: today.year, month: today.month, day: today.day + dayOffset, hour, minute },
        timeZone,
      );
      if (at.getTime() > now.getTime()) return at;
    }
  }
  throw new Error('unreachable: a refresh time always exists within two days');
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading of `date` in `timeZone`. */
function localParts(date: Date, timeZone: string): LocalParts & { second: number } {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Milliseconds the zone is ahead of UTC at `date`. */
function offsetAt(date: Date, timeZone: string): number {
  const p = localParts(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time (day may overflow; Date.UTC normalises it) occurs in the zone. */
export function localToInstant(local: LocalParts, timeZone: string): Date {
  const naive = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const first = naive - offsetAt(new Date(naive), timeZone);
  // A second pass settles times near an offset change.
  return new Date(naive - offsetAt(new Date(first), timeZone));
}
