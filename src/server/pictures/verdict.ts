import type { PictureHoldReason } from '../db/schema';
import { moderateText } from '../moderation/checks';

/** What the screening thread reads from one picture: its text (OCR) and the model's scores. */
export interface PictureReading {
  text: string;
  /** nsfwjs's five classes (Drawing, Hentai, Neutral, Porn, Sexy) → probability. */
  scores: Record<string, number>;
}

export interface PictureVerdict {
  verdict: 'clear' | 'held';
  reasons: PictureHoldReason[];
  /** The OCR text as screened (spaces between Japanese characters taken out). */
  text: string;
}

/**
 * The model's thresholds (docs/decisions/0063). Sexual content is Porn + Hentai; Sexy is
 * suggestive. At or above HOLD the picture is held as a finding (violation 'image'); at or above
 * UNSURE it is held for a teacher to look at, without a finding. No picture is ever published on
 * the model's doubt.
 */
const MODEL_HOLD = 0.6;
const MODEL_UNSURE = 0.2;

const JAPANESE_CHAR = '[\\u3040-\\u30ff\\u3400-\\u9fff\\uff66-\\uff9f々〆〇ー]';
const JAPANESE_GAP = new RegExp(`(?<=${JAPANESE_CHAR}) +(?=${JAPANESE_CHAR})`, 'gu');

/**
 * OCR reads Japanese with a space between most characters (「三角 形」); those spaces are taken
 * out so the text screening sees the words a pupil wrote. Lines are kept as lines; lines with
 * fewer than two letters or digits (paper rules, specks) and repeated lines are dropped.
 */
export function ocrTextForScreening(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.replace(JAPANESE_GAP, '').trim())
    // Ruled lines and specks read as 「|」 or 「—」: a line needs two letters or digits.
    .filter((line) => (line.match(/[\p{L}\p{N}]/gu) ?? []).length >= 2);
  // The two readers often agree: each line once.
  return [...new Set(lines)].join('\n');
}

/**
 * Signs that a picture is someone else's work, read in its text: a copyright notice (©, (c) 2024,
 * "All rights reserved", 無断転載禁止, 著作権) or a stock-photo or news agency's watermark. Such a
 * picture is held for the teacher with the spec's 'image-warning' (possible copyright issue), not
 * as a finding: the pupil has done nothing hurtful, and the teacher can talk about citing.
 */
const COPYRIGHT_MARKS =
  /©\s*\S+|\(c\)\s*(?:19|20)\d\d|\bcopyright\b|all rights reserved|無断(?:転載|複製|使用)|転載禁止|著作権|\b(?:getty ?images|shutterstock|istock(?:photo)?|adobe ?stock|dreamstime|depositphotos|alamy|123rf|pixta|amanaimages|aflo|afp|reuters|ap photo|kyodo|共同通信|時事通信)\b/giu;

function copyrightMarks(text: string): string[] {
  return [...new Set([...text.matchAll(COPYRIGHT_MARKS)].map((m) => m[0].trim()))];
}

/** The decision for one picture's reading: text findings and the model's scores, never a guess. */
export function judgePicture(reading: PictureReading): PictureVerdict {
  const text = ocrTextForScreening(reading.text);
  const reasons: PictureHoldReason[] = [];
  const findings = moderateText(text).findings;
  if (findings.length > 0) reasons.push({ kind: 'text', findings });
  const sexual = (reading.scores.Porn ?? 0) + (reading.scores.Hentai ?? 0);
  const suggestive = reading.scores.Sexy ?? 0;
  const [label, probability] =
    sexual >= suggestive ? ['sexual', sexual] : (['suggestive', suggestive] as const);
  if (probability >= MODEL_HOLD) reasons.push({ kind: 'model', label, probability });
  else if (probability >= MODEL_UNSURE) reasons.push({ kind: 'unsure', label, probability });
  const marks = copyrightMarks(text);
  if (marks.length > 0) reasons.push({ kind: 'copyright', marks });
  return { verdict: reasons.length > 0 ? 'held' : 'clear', reasons, text };
}

/** Whether a held picture's reasons are a finding (violation 'image') or only doubt. */
export const isFinding = (reasons: readonly PictureHoldReason[]): boolean =>
  reasons.some((r) => r.kind === 'text' || r.kind === 'model');

/** Whether a held picture may be someone else's work (violation 'image-warning'). */
export const isCopyright = (reasons: readonly PictureHoldReason[]): boolean =>
  reasons.some((r) => r.kind === 'copyright');
