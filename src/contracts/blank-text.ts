/**
 * Blank text (issue 8): what draws nothing counts as empty in every length and "required"
 * check, on the server and in the client, so a name or post of zero-width, bidi-override or
 * filler characters is refused like an empty one.
 */

/**
 * Characters that draw nothing: format characters (zero-width space/joiners, bidi embeddings,
 * overrides and isolates, the BOM, tag characters, soft hyphen), fillers (Hangul fillers, braille
 * blank), variation selectors, the combining grapheme joiner and Mongolian vowel separator.
 */
const INVISIBLE =
  /[\p{Cf}\u034F\u115F\u1160\u17B4\u17B5\u180E\u2800\u3164\uFFA0\uFE00-\uFE0F]|\uDB40[\uDD00-\uDDEF]/gu;

/** Removes the characters that draw nothing. Keeps ordinary spaces. */
export const stripInvisible = (text: string): string => text.replace(INVISIBLE, '');

/**
 * Whether a text shows nothing: empty, only spaces (any Unicode space, U+3000 included), control
 * characters, zero-width/bidi/format characters, fillers or lone combining marks.
 */
export function isBlankText(text: string): boolean {
  return stripInvisible(text).replace(/[\s\p{Z}\p{Cc}\p{M}]/gu, '') === '';
}
