import type { ScreenForms } from '../normalize';
import { DIMS, featuresOf } from './features';
import stored from './model.json';

/**
 * The learned screen (issue 26, docs/decisions/0065-learned-screen.md): one logistic regression per
 * category over hashed n-grams, trained by `npm run train:screening` on the evaluation set's `dev`
 * split and stored quantised (8 bits a weight) in model.json. It holds what no rule foresaw: a
 * message whose probability for a category reaches the model's threshold is a finding of that
 * category's kind, named by the n-gram that weighed most. Rules stay first: the model only adds.
 */
export type LearnedCategory = 'sexual' | 'selfHarm' | 'exclusion' | 'contacts' | 'abuse' | 'threat';

/** The finding kind each category is named with (a subset of checks.ts `FindingKind`). */
export type LearnedKind = 'sexual' | 'selfHarm' | 'exclusion' | 'contact' | 'abuse' | 'threat';

const LEARNED_KIND: Record<LearnedCategory, LearnedKind> = {
  sexual: 'sexual',
  selfHarm: 'selfHarm',
  exclusion: 'exclusion',
  contacts: 'contact',
  abuse: 'abuse',
  threat: 'threat',
};

export interface StoredModel {
  /** sha256 of the training messages: a test fails when the set changed and the model did not. */
  trainedOn: string;
  dims: number;
  /** The probability at or above which a category is a finding. */
  threshold: number;
  /** Harmful or not: whether to hold. */
  harmful: StoredWeights;
  /** One per category: which kind to name (the likeliest). */
  categories: Array<StoredWeights & { category: LearnedCategory }>;
}

export interface StoredWeights {
  bias: number;
  /** A weight is `int8 × scale`. */
  scale: number;
  /** Int8Array of `dims` weights, base64. */
  weights: string;
}

interface Weights {
  bias: number;
  weights: Float32Array;
}

export interface LoadedModel {
  harmful: Weights;
  categories: Array<Weights & { category: LearnedCategory }>;
}

function decodeWeights(w: StoredWeights): Weights {
  const bytes = Buffer.from(w.weights, 'base64');
  const ints = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { bias: w.bias, weights: Float32Array.from(ints, (v) => v * w.scale) };
}

export function decodeModel(model: StoredModel): LoadedModel {
  if (model.dims !== DIMS)
    throw new Error(`learned model has ${model.dims} dims, expected ${DIMS}`);
  return {
    harmful: decodeWeights(model.harmful),
    categories: model.categories.map((c) => ({ ...decodeWeights(c), category: c.category })),
  };
}

/**
 * Below this many Japanese letters, or English words, a text says too little for the model
 * (来るなら教えて, "see you there"): short posts are left to the rules.
 */
const MIN_LETTERS = 12;
const MIN_WORDS = 4;
const japaneseLetters = (text: string) =>
  [...text.replace(/[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu, '')].length;
const englishWords = (english: string) => english.split(' ').filter((w) => /[a-z]/.test(w)).length;

let loaded: LoadedModel | undefined;
const model = stored as StoredModel;

/** z, and the feature that added most to it. */
function score(w: Weights, features: ReadonlyMap<number, string>, norm: number) {
  let z = w.bias;
  let best = -Infinity;
  let strongest = '';
  for (const [bucket, shown] of features) {
    const v = w.weights[bucket]! * norm;
    z += v;
    // The moderator is shown a piece of two letters or more where there is one.
    if (v > best && [...shown.trim()].length > 1) {
      best = v;
      strongest = shown;
    }
  }
  return { z, strongest };
}

/**
 * How likely a text is harmful, the likeliest category, and the n-gram that weighed most
 * towards it.
 */
export function learnedScores(
  forms: Pick<ScreenForms, 'kana' | 'english'>,
  weights: LoadedModel = (loaded ??= decodeModel(model)),
): { p: number; category: LearnedCategory; strongest: string } {
  const features = featuresOf(forms);
  const norm = 1 / Math.sqrt(Math.max(1, features.size));
  const short =
    japaneseLetters(forms.kana) < MIN_LETTERS && englishWords(forms.english) < MIN_WORDS;
  const harmful = short ? { z: -Infinity, strongest: '' } : score(weights.harmful, features, norm);
  let top = { category: weights.categories[0]!.category, z: -Infinity, strongest: '' };
  for (const c of weights.categories) {
    const s = score(c, features, norm);
    if (s.z > top.z) top = { category: c.category, z: s.z, strongest: s.strongest };
  }
  return {
    p: 1 / (1 + Math.exp(-harmful.z)),
    category: top.category,
    strongest: top.strongest || harmful.strongest,
  };
}

/** What the model finds in a text: nothing, or the likeliest category's kind. */
export function learnedFindings(
  forms: Pick<ScreenForms, 'kana' | 'english'>,
): Array<{ kind: LearnedKind; match: string }> {
  if (model.categories.length === 0) return [];
  const s = learnedScores(forms);
  return s.p >= model.threshold
    ? [{ kind: LEARNED_KIND[s.category], match: s.strongest.trim() }]
    : [];
}
