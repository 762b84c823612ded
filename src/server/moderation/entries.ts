/**
 * One screening rule: a pattern matched against one folded form of the text (normalize.ts), the
 * kind it names in the finding and its tier (abuse-words.ts explains tiers). `with`, when set,
 * must match the same form somewhere as well (two parts of a structure that may come in either
 * order: "会おう" … "お小遣いあげる"); `without`, when set, must not (サプライズ for a secret kept
 * from a parent).
 */
export type ScreenKind = 'abuse' | 'threat' | 'selfHarm' | 'exclusion' | 'sexual';
export type ScreenTier = 'strong' | 'insult' | 'weak';
export type ScreenForm = 'compact' | 'spaced' | 'folded' | 'english' | 'kana' | 'named';

export interface ScreenEntry {
  kind: ScreenKind;
  tier: ScreenTier;
  form: ScreenForm;
  pattern: RegExp;
  with?: RegExp;
  without?: RegExp;
}

export const entry = (
  kind: ScreenKind,
  tier: ScreenTier,
  form: ScreenForm,
  source: string,
  withSource?: string,
  withoutSource?: string,
): ScreenEntry => ({
  kind,
  tier,
  form,
  pattern: new RegExp(source, 'gu'),
  ...(withSource === undefined || withSource === '' ? {} : { with: new RegExp(withSource, 'u') }),
  ...(withoutSource === undefined ? {} : { without: new RegExp(withoutSource, 'u') }),
});

/** Joins alternatives into one non-capturing group. */
export const any = (...parts: string[]): string => `(?:${parts.join('|')})`;

/**
 * A weighted cue set (issue 26): for phrasings no structure foresaw. A message scores when its
 * `core` field matches (the category's own words: 死, 切, pills; 写真, 下着, kiss); each support
 * field that matches adds its weight once (first person, a wish or plan, secrecy, a request, an
 * age); a `dampen` match (hyperbole, a game, a test, a story, school work) subtracts one. At
 * `need` or more it is a finding of `kind`, strong. Weights are hand-set against the labelled
 * set (evaluation/), not learned.
 */
export interface CueSet {
  kind: ScreenKind;
  form: ScreenForm;
  core: RegExp;
  support: ReadonlyArray<{ re: RegExp; weight: number }>;
  dampen?: RegExp;
  need: number;
}

export const cues = (
  kind: ScreenKind,
  form: ScreenForm,
  core: string,
  support: ReadonlyArray<[string, number]>,
  dampen?: string,
  need = 1,
): CueSet => ({
  kind,
  form,
  core: new RegExp(core, 'u'),
  support: support.map(([source, weight]) => ({ re: new RegExp(source, 'u'), weight })),
  ...(dampen === undefined ? {} : { dampen: new RegExp(dampen, 'u') }),
  need,
});

/** The core match of a cue set that reaches its need, or null. */
export function scoreCues(set: CueSet, text: string): string | null {
  const core = set.core.exec(text);
  if (!core) return null;
  let score = 0;
  for (const { re, weight } of set.support) if (re.test(text)) score += weight;
  if (set.dampen?.test(text)) score -= 1;
  return score >= set.need - 1e-9 ? core[0] : null;
}
