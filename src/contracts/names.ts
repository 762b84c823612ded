import * as z from 'zod/mini';
import { isBlankText } from './blank-text';

/**
 * Characters no name may hold (issue 25, hole 8): format characters (Unicode category Cf: the
 * bidi embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, the marks
 * U+200E/U+200F, zero-width space and joiners U+200B–U+200D, the BOM U+FEFF, tag characters,
 * soft hyphen …), control characters (Cc), line and paragraph separators, and the fillers that
 * draw nothing (Hangul fillers, braille blank, the combining grapheme joiner). A name starting with
 * U+202E could show "Teacher" reversed out of other letters; a zero-width space makes two names
 * look the same.
 */
const NOT_IN_NAMES =
  /[\p{Cf}\p{Cc}\u2028\u2029\u034F\u115F\u1160\u17B4\u17B5\u180E\u2800\u3164\uFFA0]/u;

/** Whether a name holds a character names may not hold (see NOT_IN_NAMES). */
export const hasHiddenCharacters = (text: string): boolean => NOT_IN_NAMES.test(text);

/**
 * The one rule for every name a person sets (display names, account holders' names, room, group,
 * project and tag names): trimmed, 1 to `max` characters, not blank, and refused (message
 * `hiddenCharacters`) when it holds an invisible, bidi or control character. Refused rather than
 * stripped, so what is stored is what the person saw when they typed it.
 */
export const nameText = (max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1),
    z.maxLength(max),
    z.refine((s) => !isBlankText(s), 'blank'),
    z.refine((s) => !hasHiddenCharacters(s), 'hiddenCharacters'),
  );
