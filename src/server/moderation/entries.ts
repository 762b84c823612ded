/**
 * One screening rule: a pattern matched against one folded form of the text (normalize.ts), the
 * kind it names in the finding and its tier (abuse-words.ts explains tiers). `with`, when set,
 * must match the same form somewhere as well: two parts of a structure that may come in either
 * order ("会おう" … "お小遣いあげる").
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
}

export const entry = (
  kind: ScreenKind,
  tier: ScreenTier,
  form: ScreenForm,
  source: string,
  withSource?: string,
): ScreenEntry => ({
  kind,
  tier,
  form,
  pattern: new RegExp(source, 'gu'),
  ...(withSource === undefined ? {} : { with: new RegExp(withSource, 'u') }),
});

/** Joins alternatives into one non-capturing group. */
export const any = (...parts: string[]): string => `(?:${parts.join('|')})`;
