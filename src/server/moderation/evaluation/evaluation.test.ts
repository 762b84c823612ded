import { describe, expect, it } from 'vitest';
import { CATEGORIES, EVAL_MESSAGES, figures, scoreMessage, TARGETS } from './score';

/**
 * The labelled evaluation set (issue 26). Issue 26's targets (95 % caught, 90 % per category,
 * false holds ≤ 2 %) are what `npm run bench:screening` reports against; they do not hold since
 * the blind batches joined (docs/decisions/0065). This test keeps what the screen does
 * today from getting worse: a rule or retraining that drops any figure below its floor, or lets
 * false holds rise above 2 %, fails here. Raise a floor when the screen improves.
 */
const FLOORS = {
  caughtPct: 91.5,
  categoryPct: {
    sexual: 91,
    selfHarm: 90.5,
    exclusion: 89,
    contacts: 96.5,
    abuse: 88,
    threat: 88.5,
  },
} as const;
describe('screening evaluation set', () => {
  const scored = EVAL_MESSAGES.map(scoreMessage);
  const all = figures(scored);

  it('is big enough: 300+ messages, 25+ harmful per category, 120+ harmless look-alikes', () => {
    expect(scored.length).toBeGreaterThanOrEqual(300);
    for (const c of CATEGORIES) expect(all.byCategory[c].caught.of).toBeGreaterThanOrEqual(25);
    expect(scored.filter((s) => !s.harmful).length).toBeGreaterThanOrEqual(120);
    expect(new Set(scored.map((s) => s.text)).size).toBe(scored.length);
  });

  it('holds its floors on the whole set, with false holds within the target', () => {
    const heldout = figures(scored.filter((s) => s.split === 'heldout'));
    console.log(
      [
        `screening evaluation set: ${scored.length} messages`,
        `  caught ${all.caught.pct.toFixed(1)} %, false holds ${all.falseHold.pct.toFixed(1)} %`,
        ...CATEGORIES.map(
          (c) =>
            `  ${c}: caught ${all.byCategory[c].caught.pct.toFixed(1)} %, false holds ${all.byCategory[c].falseHold.pct.toFixed(1)} %`,
        ),
        `  held-out split (${heldout.caught.of + heldout.falseHold.of} messages): caught ${heldout.caught.pct.toFixed(1)} %, false holds ${heldout.falseHold.pct.toFixed(1)} %`,
      ].join('\n'),
    );
    expect(all.caught.pct).toBeGreaterThanOrEqual(FLOORS.caughtPct);
    expect(all.falseHold.pct).toBeLessThanOrEqual(TARGETS.falseHoldPct);
    for (const c of CATEGORIES)
      expect(all.byCategory[c].caught.pct, c).toBeGreaterThanOrEqual(FLOORS.categoryPct[c]);
  });
});
