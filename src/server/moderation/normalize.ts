import { GIVEN_NAMES_EN } from './given-names';
/**
 * Text folding for the screening checks. Pure functions; every word list is folded with the same
 * functions as the text it is matched against, so lists are written in plain Japanese/English.
 */

import { stripInvisible } from '../../contracts/blank-text';

export { isBlankText, stripInvisible } from '../../contracts/blank-text';

/** Full width to ASCII and compatibility forms (NFKC), invisible characters removed, lower case. */
const fold = (text: string): string => stripInvisible(text.normalize('NFKC')).toLowerCase();

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
 * Kana without squeezing: katakana to hiragana, small kana full size, spaces and punctuation
 * removed, but runs, っ and ー kept (かわいい and チーズ keep their length).
 */
export function plainKana(folded: string): string {
  let out = '';
  for (const ch of folded) {
    const code = ch.codePointAt(0)!;
    let c = code >= 0x30a1 && code <= 0x30f6 ? String.fromCodePoint(code - 0x60) : ch;
    c = c === 'っ' ? c : (SMALL_KANA[c] ?? c);
    if (!/[\p{L}\p{N}]/u.test(c)) continue;
    out += c;
  }
  return out;
}

/**
 * Splits on everything that is not a letter or digit and glues runs of one-character pieces
 * back together, so `し ね`, `し.ね`, `k y s` and `k.y.s` become one word while ordinary words
 * stay apart. Returns the words joined by one space.
 */
function joinSpaced(text: string): string {
  // A wider gap (two spaces or more, or an ideographic space) ends a glued word: `s e n d  n u d e s`.
  const pieces = text.split(/([^\p{L}\p{N}]+)/u);
  const words: string[] = [];
  let glue = '';
  for (const p of pieces) {
    if (p === '') continue;
    if (/^[^\p{L}\p{N}]+$/u.test(p)) {
      if (glue && /\s{2,}|\u3000/u.test(p) && !/^[ぁ-ゖァ-ヺ一-龠]+$/u.test(glue)) {
        words.push(glue);
        glue = '';
      }
      continue;
    }
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

/** Words run together in a name (RyanIsAnIdiot, ImComingForYou): three or more capitalised parts split. */
const splitCamel = (text: string): string =>
  text.replace(/\b[a-z]*(?:[A-Z][a-z]+){3,}\b/g, (w) => w.replace(/(?<=[a-z])(?=[A-Z])/g, ' '));

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

/**
 * English folding: leetspeak letters inside words (k1ll, @ss) and at a word's start when the
 * word spells with them inside too (1d10t; not 1st or 4ever), then joinSpaced.
 */
function englishForm(folded: string): string {
  const deLeet = folded
    // "I'm" and "I'd" are one word (im, id): as two letters they were glued to the next one
    // ("i'm a burden" read "ima burden").
    .replace(/(?<![a-z])i['’‘`´]([md])(?![a-z])/g, 'i$1')
    .replace(/(?<![a-z0-9])[0134](?=[a-z]+[013457][a-z])/g, (c) => LEET[c]!)
    .replace(/(?<=[a-z])[013457@$!]+(?=[a-z])|[@$](?=[a-z])/g, (run) =>
      [...run].map((c) => LEET[c]!).join(''),
    );
  return ` ${joinSpaced(deLeet).replace(/(.)\1{2,}/gu, '$1')} `;
}

/** Characters people put in place of a letter to mask a word (し○ね, st*pid, f**k). */
const MASKS = '○●◯◎□■◇◆×✕✖＊*#%?〇';

/** Words an English mask may stand for; a masked token becomes the one word it fits. */
const MASKED_EN = [
  'stupid',
  'idiot',
  'loser',
  'ugly',
  'dumb',
  'fuck',
  'fucking',
  'fucker',
  'bitch',
  'shit',
  'kill',
  'yourself',
  'urself',
  'retard',
  'moron',
  'whore',
  'slut',
  'cunt',
  'dick',
  'asshole',
  'nudes',
  'naked',
  'sexy',
  'porn',
  'suicide',
  'freak',
  'trash',
  'die',
];

/**
 * English words with masked letters put back: a token of letters, leet digits and mask
 * characters (st*pid, f**k, sh#t, id!ot) that matches one listed word letter for letter, each
 * mask standing for one letter, becomes that word. Tokens without a mask are left alone.
 */
function unmaskEnglish(folded: string): string {
  return folded.replace(/[a-z0-9@$!*#%?-]{3,12}/g, (token) => {
    if (!/[*#%?-]/.test(token) || !/[a-z].*[a-z]/.test(token)) return token;
    const word = MASKED_EN.find(
      (w) =>
        w.length === token.length &&
        [...token].every((c, i) => c === w[i] || '*#%?-'.includes(c) || LEET[c] === w[i]) &&
        // At most half the letters masked: 5*3 or a-b is no word.
        [...token].filter((c) => '*#%?-'.includes(c)).length * 2 <= w.length,
    );
    return word ?? token;
  });
}

/** Japanese: a mask character between two kana is dropped (し〇ね → しね). */
const unmaskKana = (text: string) =>
  text.replace(new RegExp(`(?<=[ぁ-ゖァ-ヺ])[${MASKS}]+(?=[ぁ-ゖァ-ヺ])`, 'gu'), '');

/**
 * Natural hiragana for structural Japanese patterns: katakana to hiragana, nothing squeezed or
 * dropped (ゆうととは keeps both と), so particles stay readable; spaces between two Japanese
 * characters removed, other space runs made one space.
 */
export function kanaForm(folded: string): string {
  let out = '';
  for (const ch of unmaskKana(folded)) {
    const code = ch.codePointAt(0)!;
    out += code >= 0x30a1 && code <= 0x30f6 ? String.fromCodePoint(code - 0x60) : ch;
  }
  const J = '[\\u3040-\\u30ff\\u3400-\\u9fff\\uff66-\\uff9f々〆〇、。！？!?]';
  return out.replace(new RegExp(`(?<=${J})\\s+(?=${J})`, 'gu'), '').replace(/\s+/g, ' ');
}

const NOT_NAMES = new Set(
  'I Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December English Japanese Japan OK Ok'.split(
    ' ',
  ),
);

/**
 * The English form with names marked: a capitalised word inside a sentence (after a lower-case
 * word or a comma: "ignore Mia", "let Jake play") is taken for a person's name and written
 * `zname`, so exclusion patterns can ask for a person as the object; so is a common given name
 * written in lower case ("ignore liam", given-names.ts).
 */
function namedEnglish(text: string): string {
  const marked = splitCamel(stripInvisible(text.normalize('NFKC'))).replace(
    /(?<=[a-z,] )[A-Z][a-z]+\b/g,
    (w) => (NOT_NAMES.has(w) ? w : 'zname'),
  );
  return englishForm(unmaskEnglish(marked.toLowerCase()))
    .split(' ')
    .map((w) => (GIVEN_NAMES_EN.has(w) ? 'zname' : w))
    .join(' ');
}

/** The forms the abuse lists are matched against. */
export interface ScreenForms {
  /** NFKC, invisible removed, lower case; spaces kept. */
  folded: string;
  /** Japanese: kana folded, pieces glued, words separated by one space. */
  spaced: string;
  /** Japanese: kana folded with every separator removed. */
  compact: string;
  /** English: leetspeak folded, masks filled, pieces glued, padded with one space each side. */
  english: string;
  /** Japanese: natural hiragana (kanaForm), for patterns that read particles. */
  kana: string;
  /** English with capitalised names inside a sentence written `zname` (namedEnglish). */
  named: string;
}

export function screenForms(text: string): ScreenForms {
  const folded = fold(text);
  const spaced = joinSpaced(kanaFold(unmaskKana(folded)));
  // Squeeze again: removing a separator can bring two equal characters together.
  const compact = kanaFold(spaced.replace(/ /g, ''));
  return {
    folded,
    spaced,
    compact,
    english: englishForm(unmaskEnglish(fold(splitCamel(text)))),
    kana: kanaForm(folded),
    named: namedEnglish(text),
  };
}
