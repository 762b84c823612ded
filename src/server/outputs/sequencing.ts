import type { SequenceMode } from '../../contracts/api/outputs';
import { OUTPUT_SELECTION } from '../../contracts/constants';

/**
 * Output sequencing (accounts and people, section 9): which output the viewer sees next. Pure
 * functions over rows; the route loads the rows (published outputs the viewer may see) and
 * passes the clock and a random source, so tests pick with a fixed data set.
 *
 * Tie-breaks, where the spec is silent (docs/decisions/0155-output-sequencing-and-rate.md):
 * rankings by score put fewer comments first, then the older output, then the id; "fewest comments"
 * rankings put the older output first (it has waited longest), then the id. The current output is
 * never picked again; the viewer's own outputs may be. A mode whose pool is empty falls back to
 * straight.
 */

export interface SequenceRow {
  id: string;
  createdAt: number;
  /** Length of the description (UTF-16 units, as the 4000 limit counts). */
  descriptionLength: number;
  /** Published feedback comments. */
  comments: number;
  rate: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** score = description length × (comments + 1) × rate. */
export const scoreOf = (r: SequenceRow): number => r.descriptionLength * (r.comments + 1) * r.rate;

/** The top fraction of a ranked list: floor(n × fraction), at least 1 (none of an empty list). */
export const topCount = (n: number, fraction: number): number =>
  n === 0 ? 0 : Math.max(1, Math.floor(n * fraction));

const byCreated = (a: SequenceRow, b: SequenceRow) =>
  a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const byScore = (a: SequenceRow, b: SequenceRow) =>
  scoreOf(b) - scoreOf(a) || a.comments - b.comments || byCreated(a, b);

const byFewestComments = (a: SequenceRow, b: SequenceRow) =>
  a.comments - b.comments || byCreated(a, b);

const within = (rows: readonly SequenceRow[], now: number, days: number) =>
  rows.filter((r) => r.createdAt >= now - days * DAY_MS);

/** Uniform pick with an injected source in [0, 1). */
const pickWith = (pool: readonly SequenceRow[], random: () => number): SequenceRow | null =>
  pool.length === 0 ? null : pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))]!;

/** straight: the next output by creation time after the current one, wrapping to the first. */
function pickStraight(rows: readonly SequenceRow[], currentId?: string): SequenceRow | null {
  const sorted = [...rows].sort(byCreated);
  const others = sorted.filter((r) => r.id !== currentId);
  if (others.length === 0) return null;
  const current = sorted.find((r) => r.id === currentId);
  if (!current) return others[0]!;
  return others.find((r) => byCreated(r, current) > 0) ?? others[0]!;
}

/** good: the top 5% (at least 1) of the last 90 days by score, preferring under 6 comments. */
export function goodPool(rows: readonly SequenceRow[], now: number): SequenceRow[] {
  const ranked = within(rows, now, OUTPUT_SELECTION.goodWindowDays).sort(byScore);
  const top = ranked.slice(0, topCount(ranked.length, OUTPUT_SELECTION.goodTopFraction));
  const few = top.filter((r) => r.comments < OUTPUT_SELECTION.goodPreferUnderComments);
  return few.length > 0 ? few : top;
}

/** gambari: of the top 1% (at least 1) of the last 14 days by score, the fewest comments. */
function gambariPick(rows: readonly SequenceRow[], now: number): SequenceRow | null {
  const ranked = within(rows, now, OUTPUT_SELECTION.gambariWindowDays).sort(byScore);
  const top = ranked.slice(0, topCount(ranked.length, OUTPUT_SELECTION.gambariTopFraction));
  return top.sort(byFewestComments)[0] ?? null;
}

/** min: the fewest comments among outputs of the last 14 days rated at least 50. */
function minPick(rows: readonly SequenceRow[], now: number): SequenceRow | null {
  return (
    within(rows, now, OUTPUT_SELECTION.minWindowDays)
      .filter((r) => r.rate >= OUTPUT_SELECTION.minRate)
      .sort(byFewestComments)[0] ?? null
  );
}

/** random: any output rated at least 50. */
const randomPool = (rows: readonly SequenceRow[]): SequenceRow[] =>
  rows.filter((r) => r.rate >= OUTPUT_SELECTION.randomMinRate).sort(byCreated);

/** max: any output whose score is above 60% of the best score. */
function maxPool(rows: readonly SequenceRow[]): SequenceRow[] {
  if (rows.length === 0) return [];
  const best = Math.max(...rows.map(scoreOf));
  return rows.filter((r) => scoreOf(r) > OUTPUT_SELECTION.maxScoreFraction * best).sort(byScore);
}

export interface SequenceInput {
  mode: SequenceMode;
  rows: readonly SequenceRow[];
  currentId?: string | undefined;
  now: number;
  random: () => number;
}

/** The next output for the mode (see the module comment for exclusions and the fallback). */
export function pickNext({
  mode,
  rows,
  currentId,
  now,
  random,
}: SequenceInput): SequenceRow | null {
  const others = rows.filter((r) => r.id !== currentId);
  let pick: SequenceRow | null;
  switch (mode) {
    case 'straight':
      return pickStraight(rows, currentId);
    case 'good':
      pick = pickWith(goodPool(others, now), random);
      break;
    case 'gambari':
      pick = gambariPick(others, now);
      break;
    case 'min':
      pick = minPick(others, now);
      break;
    case 'random':
      pick = pickWith(randomPool(others), random);
      break;
    case 'max':
      pick = pickWith(maxPool(others), random);
      break;
  }
  return pick ?? pickStraight(rows, currentId);
}
