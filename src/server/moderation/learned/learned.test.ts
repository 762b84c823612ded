import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findRuleViolations, moderateText } from '../checks';
import { EVAL_MESSAGES } from '../evaluation/score';
import { screenForms } from '../normalize';
import stored from './model.json';
import { learnedFindings, learnedScores, type StoredModel } from './model';
import { trainingHash, trainScreeningModel } from './train';

/** Every UI string of a language with three words or more, its {{…}} values and tags taken out. */
function appSentences(lang: 'ja' | 'en'): string[] {
  const dir = fileURLToPath(new URL(`../../../../locales/${lang}/`, import.meta.url));
  const leaves = (o: unknown): string[] =>
    typeof o === 'string'
      ? [o]
      : o && typeof o === 'object'
        ? Object.values(o).flatMap(leaves)
        : [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => leaves(JSON.parse(readFileSync(dir + f, 'utf8'))))
    .map((s) => s.replace(/\{\{[^}]*\}\}/g, 'X').replace(/<[^>]+>/g, ''))
    .filter((s) => lang === 'ja' || s.split(/\s+/).length >= 3);
}

/**
 * The learned screen (issue 26): the stored model is the one the training code makes from the
 * evaluation set's dev split, so adding messages without retraining (`npm run
 * train:screening`) fails here; and it holds what it was trained to, naming a category's kind.
 */
describe('the learned screen', () => {
  const model = stored as StoredModel;

  it('was trained on the current dev split, and training it again gives the same model', () => {
    const dev = EVAL_MESSAGES.filter((m) => m.split === 'dev');
    expect(model.trainedOn, 'run `npm run train:screening`').toBe(trainingHash(dev));
    const again = trainScreeningModel(EVAL_MESSAGES).model;
    expect(again.threshold).toBe(model.threshold);
    expect(again.harmful).toEqual(model.harmful);
    expect(again.categories).toEqual(model.categories);
  }, 60_000);

  it('never saw the held-out split', () => {
    const heldout = EVAL_MESSAGES.filter((m) => m.split === 'heldout');
    expect(heldout.length).toBeGreaterThan(150);
    expect(trainingHash(EVAL_MESSAGES.filter((m) => m.split === 'dev'))).not.toBe(
      trainingHash(EVAL_MESSAGES),
    );
  });

  it('holds a harmful Japanese message it learned and names its kind, and passes a harmless one', () => {
    const learned = EVAL_MESSAGES.filter(
      (m) => m.split === 'dev' && m.harmful && learnedFindings(screenForms(m.text)).length > 0,
    );
    expect(learned.length).toBeGreaterThan(200);
    for (const m of learned.slice(0, 50)) expect(moderateText(m.text).held, m.text).toBe(true);
    const ordinary = 'きょうの理科の実験、楽しかった！班のみんなありがとう';
    expect(learnedScores(screenForms(ordinary)).p).toBeLessThan(model.threshold);
    expect(moderateText(ordinary).held).toBe(false);
  });

  it('reads English too, and leaves short posts to the rules', () => {
    // English it never saw that no rule holds.
    const english = EVAL_MESSAGES.filter(
      (m) =>
        m.split === 'heldout' &&
        m.lang === 'en' &&
        m.harmful &&
        findRuleViolations(m.text).length === 0 &&
        learnedFindings(screenForms(m.text)).length > 0,
    );
    expect(english.length).toBeGreaterThan(20);
    for (const text of [
      'I like your plan, what will you try next?',
      'see you there',
      '来るなら教えて',
    ]) {
      expect(learnedFindings(screenForms(text)), text).toEqual([]);
    }
  });

  it("holds almost none of the app's own sentences, in either language", () => {
    for (const lang of ['ja', 'en'] as const) {
      const sentences = appSentences(lang);
      expect(sentences.length).toBeGreaterThan(500);
      const held = sentences.filter((t) => learnedFindings(screenForms(t)).length > 0);
      expect(held.length / sentences.length, held.join('\n')).toBeLessThanOrEqual(0.005);
    }
  });
});
