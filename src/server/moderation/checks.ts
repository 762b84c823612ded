/**
 * Automatic checks for what the posting policy forbids and a machine can see: personal
 * information (phone numbers, e-mail and street addresses), URLs and code. Pure: text in,
 * findings out. Used for outputs and feedback comments; a finding holds the post as pending
 * (violation status 'text') until staff publish or reject it.
 *
 * The patterns aim at what pupils actually write and stay clear of ordinary numbers: a year
 * (2024), a date (2024-11-22, 2024/11/22), a time (10:30), a score (3-2) are not hits.
 */

export type FindingKind = 'phone' | 'email' | 'address' | 'url' | 'code';

export interface Finding {
  kind: FindingKind;
  /** The matched text (after width normalisation), for the moderation queue. */
  match: string;
}

/** Dash-like characters people put between digit groups (ASCII, Unicode dashes, katakana ー). */
const DASH = '[-‐‑‒–—―−ー－]';
const SEP = `(?:\\s?${DASH}\\s?|[ .])`;

/**
 * Full-width letters, digits and symbols folded to ASCII (NFKC), so ０９０ and ＠ are caught.
 * NFKC keeps the length of most text but not all, so matches are reported from the folded text.
 */
export const normalizeForChecks = (text: string): string => text.normalize('NFKC');

const digitsOf = (s: string) => s.replace(/\D/g, '');

function findPhones(text: string): string[] {
  const hits: string[] = [];
  // International: +CC then 7-14 more digits in groups.
  const intl = new RegExp(`(?<![\\w+])\\+\\d{1,3}(?:${SEP}?\\(?\\d{1,4}\\)?){2,5}(?!\\d)`, 'g');
  for (const m of text.matchAll(intl)) {
    const n = digitsOf(m[0]).length;
    if (n >= 8 && n <= 15) hits.push(m[0]);
  }
  // Japanese: a leading 0 (or (0x) area code), 10 or 11 digits in all, in up to three groups.
  const jp = new RegExp(
    `(?<![\\d+])(?:\\(0\\d{1,4}\\)\\s?\\d{1,4}${SEP}\\d{3,4}|0\\d{1,4}${SEP}\\d{1,4}${SEP}\\d{3,4}|0\\d{9,10})(?!\\d)`,
    'g',
  );
  for (const m of text.matchAll(jp)) {
    const n = digitsOf(m[0]).length;
    if (n === 10 || n === 11) hits.push(m[0]);
  }
  return hits;
}

const EMAIL = /[A-Za-z0-9._%+-]+\s?@\s?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** Top-level domains common enough that `word.tld` is almost surely a link. */
const TLDS =
  'com|net|org|jp|io|dev|app|info|me|ly|gl|be|tv|xyz|edu|gov|uk|us|co|cn|kr|tw|site|online|link|page';
const URLS: readonly RegExp[] = [
  /\b(?:https?|ftp):\/\/[^\s<>"]+/gi,
  /\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s<>"]*/gi,
  // A bare domain: labels then a known TLD (optionally .co.jp style), then a word boundary.
  new RegExp(
    `(?<![@\\w.])[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:${TLDS})(?:\\.[a-z]{2})?(?![\\w.-]*@)(?:\\/[^\\s<>"]*)?(?![a-z0-9])`,
    'gi',
  ),
];

const KANJI_NUM = '[0-9一二三四五六七八九十〇]+';
const ADDRESSES: readonly RegExp[] = [
  // 〒123-4567 or a 7-digit postal code after the mark.
  /〒\s?\d{3}-?\d{4}/g,
  // 3丁目4番5号, 3丁目4-5, 3丁目4
  new RegExp(`${KANJI_NUM}丁目\\s?${KANJI_NUM}(?:番地?|${DASH})?(?:\\s?${KANJI_NUM}号?)?`, 'g'),
  // 12番地, 4番5号
  new RegExp(`${KANJI_NUM}番地`, 'g'),
  new RegExp(`${KANJI_NUM}番${KANJI_NUM}号`, 'g'),
  // A place name ending in 都道府県市区町村 followed by a block-lot number like 1-2-3 or 1-2.
  new RegExp(
    `[都道府県市区町村][\\u4E00-\\u9FFF\\u30A0-\\u30FF]{0,10}\\d{1,4}${DASH}\\d{1,4}(?:${DASH}\\d{1,4})?(?!\\d)`,
    'g',
  ),
  // English: 221B Baker Street, 10 Downing St., 1600 Pennsylvania Ave
  /\b\d{1,5}[A-Za-z]?\s+(?:[A-Z][a-z]+\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Crescent)\b\.?/g,
  /\b(?:apt|apartment|suite)\.?\s*#?\s*\d+[A-Za-z]?\b/gi,
];

const CODE: readonly RegExp[] = [
  /<\s*\/?\s*(?:script|iframe|img|a|div|span|style|object|embed|svg|form|input|link|meta)\b[^>]*>/gi,
  /\bjavascript:/gi,
  /\bon(?:click|load|error|mouseover)\s*=/gi,
  /\bfunction\s*[\w$]*\s*\([^)]*\)\s*\{/g,
  /\b(?:const|var)\s+[A-Za-z_$][\w$]*\s*=/g,
  /\blet\s+[A-Za-z_$][\w$]*\s*=[^;\n]*;/g,
  /\([^()]*\)\s*=>|\b[A-Za-z_$][\w$]*\s*=>\s*[{(\w]/g,
  /\b(?:console\.log|document\.(?:write|cookie|getElementById|querySelector)|window\.location|eval)\s*\(/g,
  /\bimport\s+[\w{}\s,*]+\s+from\s+['"]/g,
  /#include\s*<\w+(?:\.h)?>/g,
  /\bdef\s+\w+\s*\([^)]*\)\s*:/g,
  // SQL: upper-case statements, and the unmistakable forms in any case.
  /\bSELECT\s+[\w*.,\s]+?\s+FROM\s+\w+/g,
  /\bINSERT\s+INTO\s+\w+/g,
  /\bUPDATE\s+\w+\s+SET\s+\w+\s*=/g,
  /\bDELETE\s+FROM\s+\w+/g,
  /\b(?:drop|truncate)\s+table\s+\w+/gi,
  /\bunion\s+(?:all\s+)?select\b/gi,
  /\bselect\s+\*\s+from\b/gi,
  /'\s*or\s+'?1'?\s*=\s*'?1/gi,
];

function all(text: string, patterns: readonly RegExp[]): string[] {
  return patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[0]));
}

/** Everything the checks found, in kind order (phone, email, address, url, code). */
export function findViolations(text: string): Finding[] {
  const folded = normalizeForChecks(text);
  const emails = [...folded.matchAll(EMAIL)].map((m) => m[0]);
  // An address's domain is not reported again as a URL.
  const withoutEmails = emails.reduce((t, e) => t.split(e).join(' '), folded);
  const out: Finding[] = [];
  const push = (kind: FindingKind, matches: string[]) => {
    for (const match of new Set(matches)) out.push({ kind, match });
  };
  push('phone', findPhones(withoutEmails));
  push('email', emails);
  push('address', all(withoutEmails, ADDRESSES));
  push('url', all(withoutEmails, URLS));
  push('code', all(folded, CODE));
  return out;
}

export interface ModerationVerdict {
  /** Whether the post must wait for staff (status pending). */
  held: boolean;
  /** The violation statuses to record: ['text'] when held. */
  violationStatuses: Array<'text'>;
  findings: Finding[];
}

/** The decision for one text: any finding holds it with violation status 'text'. */
export function moderateText(text: string): ModerationVerdict {
  const findings = findViolations(text);
  return findings.length > 0
    ? { held: true, violationStatuses: ['text'], findings }
    : { held: false, violationStatuses: [], findings };
}
