import { ABUSE_ENTRIES, DIRECTED_EN, DIRECTED_JA, DIRECTED_KANA, FILLERS_EN } from './abuse-words';
import { findAddresses, findContactRequests, findPhones } from './contacts';
import {
  scoreCues,
  type CueSet,
  type ScreenEntry,
  type ScreenForm,
  type ScreenKind,
} from './entries';
import { EXCLUSION_CUES, EXCLUSION_ENTRIES } from './exclusion-words';
import { learnedFindings } from './learned/model';
import { kanaFold, plainKana, screenForms, stripInvisible } from './normalize';
import { SELF_HARM_CUES, SELF_HARM_ENTRIES } from './self-harm-words';
import { SEXUAL_CUES, SEXUAL_ENTRIES } from './sexual-words';

export { isBlankText } from './normalize';

/**
 * Automatic checks for what the posting policy forbids and a machine can see: personal
 * information (phone numbers, e-mail and street addresses, messaging/SNS ids and requests for
 * them), URLs, code, abuse and threats, self-harm, exclusion, and sexual solicitation or
 * grooming. Pure: text in, findings out. Used for every channel a pupil writes into (display
 * names too); a finding holds the post as pending (violation status 'text') until staff publish
 * or reject it, or refuses it where there is no review. Each finding names its kind, so the
 * moderator sees which category held a post.
 *
 * The patterns aim at what pupils actually write and stay clear of ordinary numbers: a year
 * (2024), a date (2024-11-22, 2024/11/22), a time (10:30), a score (3-2) are not hits. The
 * labelled evaluation set (evaluation/messages.json, `npm run bench:screening`) measures both
 * directions; docs/decisions/0060-screening-categories.md describes the categories.
 *
 * Phones and addresses: contacts.ts (libphonenumber-js for phones). Abuse, threats, self-harm,
 * exclusion and sexual solicitation: the entry lists (abuse-words.ts, self-harm-words.ts,
 * exclusion-words.ts, sexual-words.ts) and their cue sets, matched over the forms of
 * normalize.ts.
 */

export type FindingKind =
  | 'phone'
  | 'email'
  | 'address'
  | 'url'
  | 'code'
  | 'contact'
  | 'abuse'
  | 'threat'
  | 'selfHarm'
  | 'exclusion'
  | 'sexual';

export interface Finding {
  kind: FindingKind;
  /** The matched text (after width normalisation), for the moderation queue. */
  match: string;
}

/**
 * Full-width letters, digits and symbols folded to ASCII (NFKC), so ０９０ and ＠ are caught.
 * NFKC keeps the length of most text but not all, so matches are reported from the folded text.
 */
const normalizeForChecks = (text: string): string => stripInvisible(text.normalize('NFKC'));

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

/** Messaging and SNS names pupils use to swap contacts. Short ones (x, ig, fb) need a boundary. */
const SNS =
  '(?:(?<![a-z])(?:line|insta(?:gram)?|ig|tik ?tok|twitter|x|discord|kakao(?:talk)?|sn[a@4]p(?:chat)?|facebook|fb|wechat|telegram|threads|skype|whatsapp|kik)(?![a-z])|ライン|らいん|インスタ|いんすた|ティックトック|ティックトク|ツイッター|ついったー|エックス|ディスコード|ディスコ|でぃすこ|カカオ(?:トーク)?|スナチャ|スナップチャット|フェイスブック|テレグラム|ワッツアップ)';
const ID_WORD =
  '(?:qr(?:コード|こーど| ?code)?|ふるふる|id|アイディー?|あいでぃー?|垢|アカ(?:ウント)?|あかうんと|account|acc|username|user ?name|handle|ユーザー(?:名|ネーム)|名前)';
const SWAP_WORD =
  '(?:交換|こうかん|教えて|おしえて|追加|ついか|つながろ|繋がろ|友達に|ともだちに|フォロー|ふぉろー|dm|ＤＭ|やってる|してる|しよ|ちょうだい|送って|おくって|ください|で話そ|で連絡|でれんらく)';
const CONTACT: readonly RegExp[] = [
  // インスタ @handle, LINE: @handle, @handle on tiktok
  new RegExp(`${SNS}[^\\n]{0,15}?@[a-z0-9_.]{2,}`, 'gi'),
  new RegExp(`(?<![\\w.])@[a-z0-9_.]{2,}(?![\\w.]*\\.[a-z]{2,})[^\\n]{0,15}?${SNS}`, 'gi'),
  // ラインID: tomoni_kid, LINE ID, インスタのアカ
  new RegExp(`${SNS}\\s*(?:の|で|:|：)?\\s*${ID_WORD}`, 'gi'),
  // snapchat: bluebird_77 (a handle has a digit, _ or . so "instagram: lots of ads" is no handle)
  new RegExp(`${SNS}\\s*(?:id)?\\s*[:：→]\\s*@?(?=[a-z0-9_.]*[0-9_.])[a-z0-9_.]{3,}`, 'gi'),
  // a display name that is a handle: snap-ethan.w09, insta_mika.07
  new RegExp(`${SNS}[-_](?=[a-z0-9_.]*[0-9])[a-z][a-z0-9_.]{3,}`, 'gi'),
  // LINEやってたらIDおしえて: a messenger, its id and a request in one breath
  new RegExp(`${SNS}[^\\n]{0,10}?${ID_WORD}[^\\n]{0,4}?${SWAP_WORD}`, 'gi'),
  // LINE交換しよう, インスタ教えて, ラインやってる?
  new RegExp(`${SNS}\\s*(?:を|で|の|も)?\\s*${SWAP_WORD}`, 'gi'),
  // add me on insta, dm me on discord, my snap is …
  new RegExp(
    `\\b(?:add|follow|dm|message|text|hmu|hit me up|find)\\s+(?:me\\s+)?(?:on|at|via|in)\\s+${SNS}`,
    'gi',
  ),
  new RegExp(`\\b(?:my|our)\\s+${SNS}\\s*(?:is|=|:|->|id|name|handle|account|acc)`, 'gi'),
  // my username is shadowfox4471, my tag: …
  /\bmy\s+(?:user ?name|handle|tag|gamertag|discord tag|id|account|acc|ign)\s*(?:is|=|:|->)\s*@?[a-z0-9_.#]{3,}/gi,
  // message me privately, take this to discord, DMで話そ, 個人的に連絡, 連絡先教えて
  /\b(?:message|dm|pm|text|talk to|chat with|msg) me (?:privately|in private|in dms?|alone|somewhere else)|\b(?:take|move|continue) (?:this|it|this chat) (?:to|on|over to) (?:dms?|private|pm|discord|snap(?:chat)?|insta(?:gram)?|whatsapp|line|kik|telegram)|\bthis chat is too public/gi,
  /(?:dm|ＤＭ|個人|こじん|個チャ|こちゃ|裏垢|うらあか|ぷらいべーと|プライベート)\s*(?:で|に|へ)\s*(?:話そ|はなそ|話さ|はなさ|連絡|れんらく|送|おく|来て|きて|移動|いどう)|個人的に(?:連絡|れんらく|話|はな|会)|連絡先(?:を|は|も)?(?:教えて|おしえて|ちょうだい|ちょーだい|交換|こうかん|送って|おくって|知りたい)/gi,
  // ID: tomoni_kid (any "id" with a colon and a handle)
  /(?<![a-z])(?:id|ｉｄ|アイディー?)\s*[:：=]\s*@?[a-z0-9_.-]{3,}/gi,
  // @handle DMして / dm me
  /@[a-z0-9_.]{2,}\s*(?:に|へ|まで)?\s*(?:dm|ＤＭ|連絡|れんらく)/gi,
  // @handle フォローしてね, @handle follow me
  /(?<![\w.])@[a-z0-9_.]{3,}\s*(?:を|に|で)?\s*(?:フォロー|ふぉろー|follow|追加|ついか|登録|とうろく|dm|ＤＭ)/gi,
  // snap me: handle, add me: handle
  /\b(?:snap|insta|ig|dm|text|add|follow|message|hmu|line)\s+me\s*(?:on|at)?\s*[:：@]?\s*@?(?=[a-z0-9_.]*[0-9_.])[a-z0-9_.]{3,}/gi,
  // Discord and LINE invites
  /\b(?:discord(?:app)?\.(?:gg|com\/invite)|dsc\.gg|line\.me|lin\.ee)\/[^\s<>"]+/gi,
];

/** E-mail written out to dodge the @ check: `kid at example dot com`, `kid(at)example.com`. */
const SPELLED_EMAIL: readonly RegExp[] = [
  new RegExp(
    `[a-z0-9._-]+\\s*[([]?\\s*(?:at|あっと|アット)\\s*[)\\]]?\\s*[a-z0-9-]+(?:\\s*[([]?\\s*(?:dot|ドット|どっと|\\.)\\s*[)\\]]?\\s*[a-z0-9-]+)*\\s*[([]?\\s*(?:dot|ドット|どっと|\\.)\\s*[)\\]]?\\s*(?:${TLDS}|ne|ac|ed|or|ad|go)\\b`,
    'gi',
  ),
  /(?:@|\bat\b|あっと|アット)\s*(?:gmail|yahoo|icloud|hotmail|outlook|docomo|ezweb|softbank|au)(?:\s*(?:dot|ドット|\.)\s*[a-z]+)?/gi,
];

/** Joins runs of one-character pieces separated by spaces: `ラ イ ン` → `ライン`. */
function glueSingles(text: string): string {
  const parts = text.split(/(\s+)/);
  return parts
    .map((p, i) =>
      /^\s+$/.test(p) &&
      [...(parts[i - 1] ?? '')].length === 1 &&
      [...(parts[i + 1] ?? '')].length === 1
        ? ''
        : p,
    )
    .join('');
}

interface AbuseHit {
  kind: ScreenKind;
  tier: 'strong' | 'insult' | 'weak';
  match: string;
}

/** Kana, kanji and half-width katakana: the text has Japanese in it. */
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f々〆〇]/u;

/** Every word and structure list, in kind order. */
const ENTRIES: readonly ScreenEntry[] = [
  ...ABUSE_ENTRIES,
  ...SELF_HARM_ENTRIES,
  ...EXCLUSION_ENTRIES,
  ...SEXUAL_ENTRIES,
];
const CUES: readonly CueSet[] = [...SELF_HARM_CUES, ...EXCLUSION_CUES, ...SEXUAL_CUES];

/**
 * Abuse and bullying: strong entries always count; insults count when the text is aimed at
 * someone, when they are (nearly) all the text says, or when two of them meet; weak words only
 * with another insult or alone. Keeps ordinary opinions about a video ("the song was boring")
 * clear of the filter.
 */
function findAbuse(
  forms: ReturnType<typeof screenForms>,
): Array<{ kind: ScreenKind; match: string }> {
  const hits: AbuseHit[] = [];
  // A rule written for one language is skipped when the text has none of it (most posts are
  // one language; this halves the cost per message).
  const hasJapanese = JAPANESE.test(forms.folded);
  const hasLatin = /[a-z]/.test(forms.folded);
  const wanted = (form: ScreenForm) =>
    form === 'english' || form === 'named' ? hasLatin : hasJapanese;
  for (const entry of ENTRIES) {
    if (!wanted(entry.form)) continue;
    const target = forms[entry.form];
    if (entry.with && !entry.with.test(target)) continue;
    if (entry.without?.test(target)) continue;
    for (const m of target.matchAll(entry.pattern)) {
      hits.push({ kind: entry.kind, tier: entry.tier, match: m[0].trim() });
    }
  }
  for (const set of CUES) {
    if (!wanted(set.form)) continue;
    const match = scoreCues(set, forms[set.form]);
    if (match !== null) hits.push({ kind: set.kind, tier: 'strong', match: match.trim() });
  }
  const strong = hits.filter((h) => h.tier === 'strong');
  const mild = hits.filter((h) => h.tier !== 'strong');
  const insults = mild.filter((h) => h.tier === 'insult');
  let counted: AbuseHit[] = strong;
  if (mild.length > 0) {
    // Aimed at someone: a pronoun, or the insult used as a name at the start (デブは走るな).
    const directed =
      DIRECTED_JA.test(forms.compact) ||
      DIRECTED_EN.test(forms.english) ||
      DIRECTED_KANA.test(forms.kana) ||
      insults.some(
        (h) =>
          forms.compact.startsWith(`${kanaFold(h.match)}は`) ||
          forms.compact.startsWith(`${kanaFold(h.match)}が`),
      );
    // The same word found in two forms (デブ, でぶ) is one word.
    const distinct = new Set(mild.map((h) => kanaFold(h.match.replace(/ /g, ''))));
    // What is left when the mild words are taken out: almost nothing means the word is the text.
    let rest = forms.compact;
    for (const w of distinct) rest = rest.split(w).join('');
    let restEn = forms.english;
    for (const h of mild) restEn = restEn.split(h.match).join(' ');
    // Twice: one pass skips every other of two fillers in a row (the space between is shared).
    restEn = restEn.replace(FILLERS_EN, ' ').replace(FILLERS_EN, ' ');
    const letters = (s: string) => [...s.replace(/[^\p{L}\p{N}]/gu, '')].length;
    // Japanese is measured unsqueezed too (でぶ猫かわいい is no bare insult though its compact
    // form is short); English on the English form.
    let restKana = plainKana(forms.folded);
    for (const w of distinct) restKana = restKana.split(w).join('');
    const japanese = hasJapanese;
    const alone = japanese ? letters(rest) <= 4 && letters(restKana) <= 4 : letters(restEn) <= 4;
    if ((insults.length > 0 && directed) || alone || (distinct.size >= 2 && insults.length > 0))
      counted = [...strong, ...mild];
  }
  const seen = new Set<string>();
  return counted.filter((h) => {
    const key = `${h.kind}:${h.match}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function all(text: string, patterns: readonly RegExp[]): string[] {
  return patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[0]));
}

/**
 * Everything the checks found, in kind order (phone, email, address, url, code, contact, then
 * abuse, threat, selfHarm, exclusion, sexual), and what the learned screen adds.
 */
export function findViolations(text: string): Finding[] {
  const out = findRuleViolations(text);
  // The learned screen adds what no rule foresaw, for a kind the rules did not name.
  const named = new Set(out.map((f) => f.kind));
  for (const hit of learnedFindings(screenForms(text))) if (!named.has(hit.kind)) out.push(hit);
  return out;
}

/** What the rules alone find (the learned screen's training compares itself with this). */
export function findRuleViolations(text: string): Finding[] {
  const folded = normalizeForChecks(text);
  const emails = [...folded.matchAll(EMAIL), ...all(folded, SPELLED_EMAIL).map((m) => [m])].map(
    (m) => m[0]!,
  );
  // An address's domain is not reported again as a URL.
  const withoutEmails = emails.reduce((t, e) => t.split(e).join(' '), folded);
  const out: Finding[] = [];
  const push = (kind: FindingKind, matches: string[]) => {
    for (const match of new Set(matches)) out.push({ kind, match });
  };
  const forms = screenForms(text);
  push('phone', findPhones(withoutEmails));
  push('email', emails);
  push('address', findAddresses(withoutEmails));
  push('url', all(withoutEmails, URLS));
  push('code', all(folded, CODE));
  // Also with letters typed one at a time glued back (ラ イ ン 交 換).
  const glued = glueSingles(folded);
  push('contact', [
    ...all(folded, CONTACT),
    ...(glued === folded ? [] : all(glued, CONTACT)),
    ...findContactRequests(forms.kana, forms.english),
  ]);
  const abuse = findAbuse(forms);
  for (const kind of ['abuse', 'threat', 'selfHarm', 'exclusion', 'sexual'] as const)
    for (const hit of abuse) if (hit.kind === kind) out.push(hit);
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
