import { describe, expect, it } from 'vitest';
import {
  goodPool,
  pickNext,
  scoreOf,
  topCount,
  type SequenceInput,
  type SequenceRow,
} from './sequencing';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 22, 0, 0, 0);

const row = (
  id: string,
  daysAgo: number,
  descriptionLength: number,
  comments: number,
  rate: number,
): SequenceRow => ({ id, createdAt: NOW - daysAgo * DAY, descriptionLength, comments, rate });

/*
 * The fixed data set, with scores (length × (comments + 1) × rate) worked out by hand:
 *   id  days  len  comments  rate  score
 *   A     1   100      0      60     6 000
 *   B     2   200      1      50    20 000
 *   C     3    50      7      80    32 000
 *   D    20   300      2      90    81 000
 *   E    30   120      0      40     4 800
 *   F   100  1000      5     100   600 000   (outside the 90-day window)
 *   G     5   150      0      70    10 500
 *   H    10    80      3      55    17 600
 * Creation order: F E D H G C B A.
 */
const ROWS: SequenceRow[] = [
  row('A', 1, 100, 0, 60),
  row('B', 2, 200, 1, 50),
  row('C', 3, 50, 7, 80),
  row('D', 20, 300, 2, 90),
  row('E', 30, 120, 0, 40),
  row('F', 100, 1000, 5, 100),
  row('G', 5, 150, 0, 70),
  row('H', 10, 80, 3, 55),
];

const first = () => 0;
const last = () => 0.999999;
const next = (input: Partial<SequenceInput> & Pick<SequenceInput, 'mode'>) =>
  pickNext({ rows: ROWS, now: NOW, random: first, ...input })?.id ?? null;

describe('output sequencing on the fixed data set', () => {
  it('scores as length × (comments + 1) × rate', () => {
    expect(ROWS.map((r) => [r.id, scoreOf(r)])).toEqual([
      ['A', 6000],
      ['B', 20000],
      ['C', 32000],
      ['D', 81000],
      ['E', 4800],
      ['F', 600000],
      ['G', 10500],
      ['H', 17600],
    ]);
    expect(topCount(7, 0.05)).toBe(1);
    expect(topCount(40, 0.05)).toBe(2);
    expect(topCount(0, 0.05)).toBe(0);
  });

  it('straight: the next by creation time, wrapping after the newest', () => {
    expect(next({ mode: 'straight' })).toBe('F');
    expect(next({ mode: 'straight', currentId: 'H' })).toBe('G');
    expect(next({ mode: 'straight', currentId: 'A' })).toBe('F');
  });

  it('good: the best score of the last 90 days (F is too old)', () => {
    expect(next({ mode: 'good' })).toBe('D');
    // Without D the best is C, even with 7 comments: no one in the top 1 has fewer than 6.
    expect(next({ mode: 'good', currentId: 'D' })).toBe('C');
  });

  it('good: prefers outputs with under 6 comments within the top 5%', () => {
    // 40 outputs → the top 5% is 2: X (score 100×7×100 = 70 000, 6 comments) and
    // Y (100×2×100 = 20 000, 1 comment). Y is preferred for having under 6 comments.
    const filler = Array.from({ length: 38 }, (_, i) => row(`f${i}`, 2, 10, 0, 10));
    const rows = [...filler, row('X', 3, 100, 6, 100), row('Y', 4, 100, 1, 100)];
    expect(goodPool(rows, NOW).map((r) => r.id)).toEqual(['Y']);
    expect(pickNext({ mode: 'good', rows, now: NOW, random: last })?.id).toBe('Y');
  });

  it('gambari: the top 1% of the last 14 days, fewest comments', () => {
    // Last 14 days: A B C G H; the top one by score is C.
    expect(next({ mode: 'gambari' })).toBe('C');
    expect(next({ mode: 'gambari', currentId: 'C' })).toBe('B');
  });

  it('min: fewest comments, rate ≥ 50, last 14 days; the older wins a tie', () => {
    // A and G have no comments; G (5 days) is older than A (1 day).
    expect(next({ mode: 'min' })).toBe('G');
    expect(next({ mode: 'min', currentId: 'G' })).toBe('A');
  });

  it('random: only outputs rated 50 or more (never E)', () => {
    expect(next({ mode: 'random', random: first })).toBe('F');
    expect(next({ mode: 'random', random: last })).toBe('A');
    for (let i = 0; i < 50; i++) {
      expect(next({ mode: 'random', random: () => i / 50 })).not.toBe('E');
    }
  });

  it('max: only scores above 60% of the best', () => {
    // Best is F (600 000): nothing else is above 360 000.
    expect(next({ mode: 'max', random: last })).toBe('F');
    // Without F the best is D (81 000); 60% is 48 600 and only D is above it.
    expect(next({ mode: 'max', currentId: 'F', random: last })).toBe('D');
  });

  it('never repeats the current output and falls back to straight on an empty pool', () => {
    const lowRated = ROWS.map((r) => ({ ...r, rate: 10 }));
    expect(pickNext({ mode: 'min', rows: lowRated, now: NOW, random: first })?.id).toBe('F');
    expect(
      pickNext({ mode: 'random', rows: lowRated, currentId: 'F', now: NOW, random: first })?.id,
    ).toBe('E');
    expect(
      pickNext({ mode: 'good', rows: [ROWS[0]!], currentId: 'A', now: NOW, random: first }),
    ).toBeNull();
  });
});
