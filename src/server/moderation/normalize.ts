/**
 * Text folding for the screening checks. Pure functions; every word list is folded with the same
 * functions as the text it is matched against, so lists are written in plain Japanese/English.
 */

import { stripInvisible } from '../../contracts/blank-text';

export { isBlankText, stripInvisible } from '../../contracts/blank-text';

/** Full width to ASCII and compatibility forms (NFKC), invisible characters removed, lower case. */
export const fold = (text: string): string => stripInvisible(text.normalize('NFKC')).toLowerCase();

const SMALL_KANA: Record<string, string> = {
  ぁ: 'あ',
  ぃ: 'い',
  ぅ: 'う',
  ぇ: 'え',
  ぉ: 'お',
  ゃ: 'や',
  ゅ: 'ゆ',
  ょ: 'よ',
  ゎ: 'わ',
  ゕ: 'か',
  ゖ: 'け',
};

/**
 * Japanese folding: katakana to hiragana, small kana to full size, the sokuon (っ) and length
 * marks (ー, 〜) dropped, and runs of one character squeezed to one (しねええ → しねえ → しね is
 * not done: only the run is squeezed), so シネ, しねぇ, うっざ and うざーーい meet the list.
 */
export function kanaFold(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    let c = code >= 0x30a1 && code <= 0x30f6 ? String.fromCodePoint(code - 0x60) : ch;
    c = SMALL_KANA[c] ?? c;
    if (c === 'っ' || c === 'ー' || c === '〜' || c === '~' || c === 'ｰ') continue;
    if (out.endsWith(c)) continue;
    out += c;
  }
  return out;
}

/**
 * Splits on everything that is not a letter or digit and glues runs of one-character pieces
 * back together, so `し ね`, `し.ね`, `k y s` and `k.y.s` become one word while ordinary words
 * stay apart. Returns the words joined by one space.
 */
export function joinSpaced(text: string): string {
  const parts = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const words: string[] = [];
  let glue = '';
  for (const p of parts) {
    if ([...p].length === 1) {
      glue += p;
      continue;
    }
    if (glue) words.push(glue);
    glue = '';
    words.push(p);
  }
  if (glue) words.push(glue);
  return words.join(' ');
}

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/** English folding: leetspeak letters (k1ll, @ss) inside words, then joinSpaced. */
export function englishForm(folded: string): string {
  const deLeet = folded.replace(/(?<=[a-z])[013457@$!](?=[a-z])|[@$](?=[a-z])/g, (c) => LEET[c]!);
  return ` ${joinSpaced(deLeet).replace(/(.)\1{2,}/gu, '$1')} `;
}

/** The forms the abuse lists are matched against. */
export interface ScreenForms {
  /** NFKC, invisible removed, lower case; spaces kept. */
  folded: string;
  /** Japanese: kana folded, pieces glued, words separated by one space. */
  spaced: string;
  /** Japanese: kana folded with every separator removed. */
  compact: string;
  /** English: leetspeak folded, pieces glued, padded with one space each side. */
  english: string;
}

export function screenForms(text: string): ScreenForms {
  const folded = fold(text);
  const spaced = joinSpaced(kanaFold(folded));
  // Squeeze again: removing a separator can bring two equal characters together.
  const compact = kanaFold(spaced.replace(/ /g, ''));
  return { folded, spaced, compact, english: englishForm(folded) };
}
