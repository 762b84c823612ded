import { describe, expect, it } from 'vitest';
import { CATEGORIES, EVAL_MESSAGES, figures, scoreMessage, TARGETS } from './score';

/**
 * The labelled evaluation set (issue 26). Issue 26's targets (95 % caught, 90 % per category,
 * false holds ≤ 2 %) are what `npm run bench:screening` reports against; they do not hold since
 * the blind batches joined (docs/decisions/0065). This test keeps what the screen does today
 * from getting worse, per split, since a floor on the mixture would move whenever a blind batch
 * joins: a rule or retraining that drops the dev split's figures (what the rules were fitted to)
 * or the held-out split's catch below its floor, or lets false holds rise above 2 %, fails here.
 * Raise a floor when the screen improves; lower the held-out one only when a new blind batch
 * joins it (its fresh score is in 0065).
 */
const FLOORS = {
  dev: {
    caughtPct: 91.5,
    categoryPct: {
      sexual: 91.5,
      selfHarm: 90.5,
      exclusion: 92.5,
      contacts: 95,
      abuse: 85.5,
      threat: 91.5,
    },
  },
  heldout: { caughtPct: 64.5 },
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

  it('holds its floors on each split, with false holds within the target', () => {
    const heldout = figures(scored.filter((s) => s.split === 'heldout'));
    const dev = figures(scored.filter((s) => s.split === 'dev'));
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
    expect(dev.caught.pct).toBeGreaterThanOrEqual(FLOORS.dev.caughtPct);
    for (const c of CATEGORIES)
      expect(dev.byCategory[c].caught.pct, c).toBeGreaterThanOrEqual(FLOORS.dev.categoryPct[c]);
    expect(heldout.caught.pct).toBeGreaterThanOrEqual(FLOORS.heldout.caughtPct);
    expect(all.falseHold.pct).toBeLessThanOrEqual(TARGETS.falseHoldPct);
    expect(heldout.falseHold.pct).toBeLessThanOrEqual(TARGETS.falseHoldPct);
  });
});
