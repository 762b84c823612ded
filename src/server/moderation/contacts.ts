import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { kanaForm } from './normalize';

/**
 * Phone numbers and street addresses in every spelling pupils use to slip them past a filter
 * (issue 26). Pure functions over the NFKC-folded text (full width already ASCII).
 *
 * Phones: a run of digits however written — ASCII, kanji (〇九〇), kana words (ぜろきゅうぜろ,
 * ゼロハチゼロ, れい, まる), English words (zero nine zero), with spaces, dots, dashes, の or commas
 * between — is read as digits, and only a run that starts like a dialled number (0 or +) and
 * that libphonenumber-js (full metadata) calls a valid number counts. So dates, times, scores,
 * page numbers, π and ISBNs, which are not valid numbers or do not start with 0/+, pass.
 *
 * Addresses: Japanese block numbers after a place name — 3丁目4番5号, 12番地, 美しが丘3-5-2,
 * うつくしが丘三丁目5-2, さくら台2の3の4, 横浜市青葉区美しが丘3丁目, 〒 codes — and English
 * street lines. A bare "3-4-5" (the triangle), 3-5-2 (a formation), 三丁目の夕日 pass: the place
 * name or the 丁目 + number is what makes an address.
 */

// ── Phones ──────────────────────────────────────────────────────────────────────────────────
/** Digit words, longest first, in the kana form (hiragana) and English. */
const DIGIT_WORDS: ReadonlyArray<[string, string]> = [
  ['ぜろ', '0'],
  ['れい', '0'],
  ['まる', '0'],
  ['ぜろー', '0'],
  ['おー', '0'],
  ['いち', '1'],
  ['ひと', '1'],
  ['にい', '2'],
  ['にー', '2'],
  ['に', '2'],
  ['ふた', '2'],
  ['さん', '3'],
  ['よん', '4'],
  ['よー', '4'],
  ['し', '4'],
  ['ごー', '5'],
  ['ごお', '5'],
  ['ご', '5'],
  ['ろく', '6'],
  ['ろっ', '6'],
  ['なな', '7'],
  ['しち', '7'],
  ['はち', '8'],
  ['はっ', '8'],
  ['きゅう', '9'],
  ['きゅー', '9'],
  ['きゅ', '9'],
  ['く', '9'],
  ['zero', '0'],
  ['oh', '0'],
  ['o', '0'],
  ['one', '1'],
  ['two', '2'],
  ['three', '3'],
  ['four', '4'],
  ['five', '5'],
  ['six', '6'],
  ['seven', '7'],
  ['eight', '8'],
  ['nine', '9'],
];
const KANJI_DIGITS = '〇零一二三四五六七八九';
const WORD_DIGIT = new Map(DIGIT_WORDS);
const WORDS_SORTED = [...DIGIT_WORDS.map(([w]) => w)].sort((a, b) => b.length - a.length);
/** One digit, however written (a Latin word needs a boundary: "one" in "phone" is no digit). */
const DIGIT_TOKEN = `(?:[0-9]|[${KANJI_DIGITS}]|${WORDS_SORTED.map((w) =>
  /^[a-z]+$/.test(w) ? `(?<![a-z])${w}(?![a-z])` : w,
).join('|')})`;
/** Between digits: spaces, dashes, dots, commas, slashes, brackets, の, at most three. */
const GAP = `(?:[\\s\\-‐‑‒–—―−ー－_・.,、。･/()（）*]|の){0,3}`;
const RUN = new RegExp(`\\+?${DIGIT_TOKEN}(?:${GAP}${DIGIT_TOKEN})+`, 'gu');
const TOKEN = new RegExp(DIGIT_TOKEN, 'gu');

const toDigit = (token: string): string =>
  /^[0-9]$/.test(token)
    ? token
    : KANJI_DIGITS.includes(token)
      ? String(Math.max(0, KANJI_DIGITS.indexOf(token) - 1))
      : WORD_DIGIT.get(token)!;

/** 0123456789 or 9876543210: counting, not a number anyone dials. */
const isCounting = (digits: string) =>
  [...digits].every((d, i) => i === 0 || Math.abs(Number(d) - Number(digits[i - 1])) === 1);

/**
 * Whether `digits` (with a leading + for international) is a valid phone number. Without 0 or +
 * a number is one only as a North American ten-digit number said to be a phone (`dialled`: laid
 * out 3-3-4 or beside "call", "text", 電話 …), so a ten-digit answer in maths is none.
 */
function isPhone(digits: string, dialled: boolean): boolean {
  if (isCounting(digits.replace('+', ''))) return false;
  if (digits.startsWith('+')) return parsePhoneNumberFromString(digits)?.isValid() ?? false;
  if (!digits.startsWith('0'))
    return (
      dialled &&
      digits.length === 10 &&
      (parsePhoneNumberFromString(digits, 'US')?.isValid() ?? false)
    );
  if (digits.length < 10 || digits.length > 13) return false;
  // A British mobile (07700 900123) from a pupil of an international school.
  if (/^07\d{9}$/.test(digits) && parsePhoneNumberFromString(digits, 'GB')?.isValid()) return true;
  // A mobile number one digit short or long (090-876-5432) is still a number being shared.
  if (/^0[789]0\d{7,9}$/.test(digits)) return true;
  // 00 / 010 are international prefixes from Japan (010 1 415…).
  if (digits.startsWith('010'))
    return parsePhoneNumberFromString(`+${digits.slice(3)}`)?.isValid() ?? false;
  return parsePhoneNumberFromString(digits, 'JP')?.isValid() ?? false;
}

/**
 * Talk of phoning (call me, text me at, 電話して, 携帯): beside a number it makes the number a
 * phone number; beside 番号教えて it makes that a request for one (問題の番号 is not).
 */
const PHONE_TALK =
  /(?<![a-z])(?:call|calls|text|txt|ring|phone|cell|mobile|whatsapp|hmu|dial|sms|(?:my|ur|your) (?:number|digits)|number is)(?![a-z])|電話|でんわ|携帯|けいたい|すまほ|かける|かけて|しょーとめーる/u;
/** 917-204-6631, (646) 330-1827, 646.330.1827: the North American layout. */
const NANP_LAYOUT = /^\(?[2-9][0-9]{2}\)?[\s.-]{1,2}[0-9]{3}[\s.-][0-9]{4}$/u;
const WORD_NUMBER = '(?:zero|oh|o|one|two|three|four|five|six|seven|eight|nine|[0-9])';
/**
 * The way numbers are said aloud in English: "double oh" is two digits, "triple five" three,
 * "nine hundred" is 9 0 0 ("zero seven seven, double oh, nine hundred, one two three").
 */
function spokenEnglishDigits(text: string): string {
  return text
    .replace(new RegExp(`\\b(double|triple) (${WORD_NUMBER})\\b`, 'g'), (_, n: string, d: string) =>
      Array<string>(n === 'double' ? 2 : 3)
        .fill(d)
        .join(' '),
    )
    .replace(new RegExp(`\\b(${WORD_NUMBER}) hundred\\b`, 'g'), (_, d: string) => `${d} oh oh`);
}

/**
 * Phone numbers in the text (folded with NFKC, lower case), as the runs that spelled them. A
 * run may hold more than the number (a date before it), so each start within the run is tried.
 */
export function findPhones(folded: string): string[] {
  const text = kanaForm(spokenEnglishDigits(folded.toLowerCase()));
  const phoneTalk = PHONE_TALK.test(text);
  const hits: string[] = [];
  for (const m of text.matchAll(RUN)) {
    const dialled = phoneTalk || NANP_LAYOUT.test(m[0]);
    const tokens = [...m[0].matchAll(TOKEN)];
    if (tokens.length < 10) continue;
    const digits = tokens.map((t) => toDigit(t[0])).join('');
    // A number may follow other digits in the run (a date, "No. 3"): it starts at the run's
    // start or after a gap, and is ten to thirteen digits long.
    const starts = tokens
      .map((t, i) =>
        i === 0 || t.index! > tokens[i - 1]!.index! + tokens[i - 1]![0].length ? i : -1,
      )
      .filter((i) => i >= 0 && i <= digits.length - 10);
    const found = starts.some((start) => {
      for (let end = Math.min(digits.length, start + 13); end >= start + 10; end--) {
        const plus = start === 0 && m[0].startsWith('+') ? '+' : '';
        if (isPhone(plus + digits.slice(start, end), dialled)) return true;
      }
      return false;
    });
    if (found) hits.push(m[0].trim());
  }
  return hits;
}

// ── Addresses ───────────────────────────────────────────────────────────────────────────────
const NUM = '(?:[0-9]{1,4}|[一二三四五六七八九十〇]{1,3})';
const DASH = '[-‐‑‒–—―−ー－の]';
/** The last character of a Japanese town name (丘, 台, 町 …). */
const TOWN_END = '[丘台町野原谷山川田沢坂園条通島浜橋森林里宮寺井岡崎江津瀬見]';
/** An administrative unit: 都道府県 市区町村 郡. */
const UNIT = '[都道府県市区町村郡]';
const NAME = '[\\p{Script=Han}々ぁ-ゖァ-ヺー]';

/** An English street line: 221B Baker Street, 10 Downing St., 1600 Pennsylvania Ave. */
const STREET_EN =
  /\b\d{1,5}[A-Za-z]?\s+(?:[A-Z][a-z]+\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Crescent)\b\.?/g;

const ADDRESS_PATTERNS: readonly RegExp[] = [
  // 〒123-4567, 郵便番号 123-4567
  /(?:〒|郵便番号|ゆうびんばんごう)\s?[:：]?\s?\d{3}\s?[-‐－ー]?\s?\d{4}/gu,
  // 3丁目4番5号, 三丁目5-2, 4丁目12番地, 2丁目の3
  new RegExp(`${NUM}丁目\\s?${NUM}(?:番地?|${DASH})?(?:\\s?${NUM}号?)?`, 'gu'),
  new RegExp(`${NUM}番地`, 'gu'),
  new RegExp(`${NUM}番${NUM}号`, 'gu'),
  // A ward or city, then anything up to N丁目 (横浜市青葉区美しが丘3丁目, 中央区北3条西4丁目).
  new RegExp(`${UNIT}[^\\s。、！？!?]{0,12}?${NUM}丁目`, 'gu'),
  // A ward, city or town name, then a block-lot number with three parts (銀座1-2-3, 美しが丘3-5-2,
  // うつくしが丘3の5の2, さくら台2の3の4).
  new RegExp(
    `(?:${UNIT}${NAME}{0,10}?|${NAME}{0,8}${TOWN_END})\\s?${NUM}${DASH}${NUM}${DASH}${NUM}(?![0-9])`,
    'gu',
  ),
  // 住所は…, …に住んでる: a block number said to be where someone lives.
  new RegExp(
    `(?:住所|じゅうしょ)(?:は|:|：)?\\s?[^。！？!?\\n]{0,20}?(?:${UNIT}|丁目|番地|${NUM}${DASH}${NUM})|${NUM}${DASH}${NUM}(?:${DASH}${NUM})?(?:に住|にすん|が(?:家|うち|住所))`,
    'gu',
  ),
  // English: 221B Baker Street, 10 Downing St., 1600 Pennsylvania Ave
  STREET_EN,
  /\b(?:apt|apartment|suite)\.?\s*#?\s*\d+[A-Za-z]?\b/gi,
  // Where the writer lives, typed in lower case: "i'm at 17 wellington road", "by my house on oak
  // lane", "i live right across from it on elm ave" (a named street, not "a quiet road").
  /\b(?:i live|i['’]?m at|im at|i stay|(?:my|our) (?:house|home|place|flat|address)|come (?:round|over|by))\b[^.!?\n]{0,40}?\b(?:\d{1,5}[a-z]? )?(?:[a-z]+ ){0,2}(?!(?:a|an|the|quiet|busy|big|small|long|same|this|that|my|our|your|new|old|main|country|dirt|narrow|wide|nice|high|one) )[a-z]+ (?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|close|crescent|way|court|ct|terrace|boulevard|blvd)\b/gi,
  // A romanised Japanese address: 3-5-2 Utsukushigaoka, Aoba-ku
  /\b\d{1,4}-\d{1,4}-\d{1,4}\s+[A-Z][a-z]+|\b[A-Z][a-z]+-(?:ku|shi|cho|machi|gun)\b/g,
];

/** Street addresses in the folded text (NFKC; case kept for the English patterns). */
export function findAddresses(folded: string): string[] {
  // A famous street in a story (221B Baker Street) is no pupil's home.
  const fiction = FICTION.test(folded);
  return ADDRESS_PATTERNS.filter((p) => !(fiction && p === STREET_EN)).flatMap((p) =>
    [...folded.matchAll(p)].map((m) => m[0]),
  );
}
const FICTION =
  /\b(?:story|book|novel|movie|film|game|sherlock|character|fiction|chapter)\b|物語|小説|映画|本の中/i;

// ── Asking for contact details ──────────────────────────────────────────────────────────────
const ASK_CONTACT: readonly RegExp[] = [
  new RegExp(
    '(?:電話番号|でんわばんごう|電番|携帯番号|けいたいばんごう|携帯の番号|すまほの番号|けーばん|けいばん|めあど|めーるあど|めーるあどれす|住所|じゅうしょ|家の場所|いえのばしょ|最寄り駅|もよりえき)(?:を|は|も)?(?:教えて|おしえて|送って|おくって|ちょうだい|ちょーだい|知りたい|しりたい|聞いてもいい|きいてもいい|どこ|なに|何|なん(?:ばん|番))|どこ住み|どこすみ|家どこ|いえどこ|どこに住んでる|どこ住んでる|(?<![\\p{Script=Han}])(?:何中|なんちゅう|どこ中|どこちゅう)(?=[？?]|$|だ|なの|ですか)|(?:学校|がっこう)(?:は|って)?どこ(?:[？?]|$|なの|ですか)',
    'gu',
  ),
];
const ASK_CONTACT_EN =
  / (?:what s|whats|what is|wats|wat s|give me|send me|tell me|can i (?:have|get)|drop|dm me) (?:your|ur|ya) (?:number|phone number|phone|digits|cell|address|email|snap|insta|discord|line|kik|whatsapp) | where (?:do |d )?(?:you|u) live(?! in (?:the|this|that) (?:story|book|game|movie|video)) | what school do (?:you|u) go to | (?:your|ur) (?:home )?address | where is (?:your|ur) (?:house|home) | (?:what s|whats|what is) (?:your|ur) (?:last name|full name|real name|school) | (?:which|what) (?:station|town|city|area|neighbourhood|neighborhood) (?:do )?(?:you|u) live /gu;

/** "番号教えて" is a phone number only beside a phone (電話するから番号教えて; not 問題の番号). */
const ASK_NUMBER =
  /(?<!問題|もんだい|出席|しゅっせき|ぺーじ|頁|席|せき|背|せ|部屋|へや|教室|きょうしつ|列|れつ)(?:番号|ばんごう)(?:を|は|も)?(?:教えて|おしえて|送って|おくって|ちょうだい|ちょーだい|交換|こうかん|知りたい|しりたい)/gu;

/** Requests for someone's phone, address or handle (電話番号教えて, "what's ur number"). */
export function findContactRequests(kana: string, english: string): string[] {
  return [
    ...ASK_CONTACT.flatMap((p) => [...kana.matchAll(p)].map((m) => m[0])),
    ...(PHONE_TALK.test(kana) ? [...kana.matchAll(ASK_NUMBER)].map((m) => m[0]) : []),
    ...[...english.matchAll(ASK_CONTACT_EN)].map((m) => m[0].trim()),
  ];
}
