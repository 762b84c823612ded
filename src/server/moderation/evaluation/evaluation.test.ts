import { describe, expect, it } from 'vitest';
import { CATEGORIES, EVAL_MESSAGES, figures, scoreMessage, TARGETS } from './score';

/**
 * The labelled evaluation set (issue 26) against the targets: a regression in any rule that
 * drops a category below 90 % caught, all harmful messages below 95 %, or lets false holds
 * rise above 2 % fails here. `npm run bench:screening` prints the full table, the held-out
 * split and the cost per message.
 */
describe('screening evaluation set', () => {
  const scored = EVAL_MESSAGES.map(scoreMessage);
  const all = figures(scored);

  it('is big enough: 300+ messages, 25+ harmful per category, 120+ harmless look-alikes', () => {
    expect(scored.length).toBeGreaterThanOrEqual(300);
    for (const c of CATEGORIES) expect(all.byCategory[c].caught.of).toBeGreaterThanOrEqual(25);
    expect(scored.filter((s) => !s.harmful).length).toBeGreaterThanOrEqual(120);
    expect(new Set(scored.map((s) => s.text)).size).toBe(scored.length);
  });

  it('meets the targets on the whole set', () => {
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
    expect(all.caught.pct).toBeGreaterThanOrEqual(TARGETS.caughtPct);
    expect(all.falseHold.pct).toBeLessThanOrEqual(TARGETS.falseHoldPct);
    for (const c of CATEGORIES)
      expect(all.byCategory[c].caught.pct, c).toBeGreaterThanOrEqual(TARGETS.categoryPct);
  });
});
