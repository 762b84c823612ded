import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../../moderation/evaluation/score';
import { ScreeningThread } from '../screener';
import { EVAL_PICTURES, scorePicture, type ScoredPicture } from './pictures';

/**
 * The picture evaluation set through the real screening thread (issue 26), held to the same
 * targets as the messages: at least 90 % of harmful pictures held and named in their category,
 * at most 2 % of harmless ones held. `npm run bench:screening` prints the full table.
 */
describe('the picture evaluation set', () => {
  const thread = new ScreeningThread();
  const scored: ScoredPicture[] = [];
  beforeAll(async () => {
    for (const p of EVAL_PICTURES) scored.push(await scorePicture(thread.read, p));
  }, 180_000);
  afterAll(() => thread.stop());

  it('has 30 pictures, harmful ones in every category and harmless look-alikes', () => {
    expect(EVAL_PICTURES.length).toBeGreaterThanOrEqual(30);
    for (const c of ['contacts', 'selfHarm', 'abuse', 'sexual', 'none'])
      expect(EVAL_PICTURES.some((p) => p.category === c)).toBe(true);
  });

  it('holds the harmful pictures for what they say and lets the harmless ones through', () => {
    const harmful = scored.filter((s) => s.harmful);
    const harmless = scored.filter((s) => !s.harmful);
    const missed = harmful.filter((s) => !s.named).map((s) => s.file);
    const falseHolds = harmless.filter((s) => s.verdict.verdict === 'held').map((s) => s.file);
    expect(
      (100 * (harmful.length - missed.length)) / harmful.length,
      missed.join(', '),
    ).toBeGreaterThanOrEqual(TARGETS.categoryPct);
    expect((100 * falseHolds.length) / harmless.length, falseHolds.join(', ')).toBeLessThanOrEqual(
      TARGETS.falseHoldPct,
    );
  });
});
