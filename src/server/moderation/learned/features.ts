import { eng } from 'stopword';
import type { ScreenForms } from '../normalize';

/**
 * English function words are read only in pairs: alone, "you" or "what" weighed as harm (directed
 * abuse says "you") and held 2.6 % of the app's own English sentences (docs/decisions/0065).
 */
const STOP = new Set<string>(eng);

/**
 * The features the learned screen reads (issue 26): character 1–4-grams of the natural-kana form
 * (Japanese has no spaces; shared pieces such as 死にた, 無視し, 写真送 carry across phrasings) and
 * the words (function words only in pairs) and word pairs of the English form, each hashed into `DIMS` buckets (the hashing
 * trick: no vocabulary to ship).
 */
export const DIMS = 1 << 16;

/** FNV-1a, 32 bit: a stable hash in every runtime. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Each feature's bucket, with one of the feature strings that fell in it (for the moderator). */
export function featuresOf(forms: Pick<ScreenForms, 'kana' | 'english'>): Map<number, string> {
  const out = new Map<number, string>();
  const add = (feature: string, shown: string) => {
    const bucket = fnv1a(feature) % DIMS;
    if (!out.has(bucket)) out.set(bucket, shown);
  };
  // Japanese letters only: Latin letters inside the kana form would make English n-grams.
  const kana = [
    ...forms.kana.replace(
      /[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆0-9０-９]+/gu,
      ' ',
    ),
  ];
  for (let n = 1; n <= 4; n++) {
    for (let i = 0; i + n <= kana.length; i++) {
      const gram = kana.slice(i, i + n).join('');
      if (gram.trim() !== '') add(`k${n}:${gram}`, gram);
    }
  }
  const words = forms.english.trim().split(' ').filter(Boolean);
  words.forEach((w, i) => {
    if (!STOP.has(w)) add(`w:${w}`, w);
    if (i + 1 < words.length) add(`b:${w} ${words[i + 1]}`, `${w} ${words[i + 1]}`);
  });
  return out;
}
