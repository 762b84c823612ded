import { presetImageUrl } from '../../contracts/api/outputs';
import { stripInvisible } from '../../contracts/blank-text';
import { PRESET_IMAGES } from '../../contracts/constants';

/**
 * An output's `rate` (0–100), computed when it is posted or edited
 * (docs/decisions/0155-output-sequencing-and-rate.md). The spec uses it only as a threshold (min
 * and random modes take outputs rated 50 or more) and a factor of the score; it never says how it
 * is given. Here it measures the effort visible in the output itself, so the threshold keeps
 * near-empty posts out of the sequencing pools while a real pupil's ordinary output passes:
 *
 *   held by screening (pending)      → 0
 *   otherwise  30 + min(50, characters) + (own picture ? 20 : 0), at most 100
 *
 * Characters are code points of the description without whitespace (so 日本語 counts like
 * English letters per character). 20 characters, or a picture, reach 50 (a one-line "たのしかった"
 * alone does not); 50 characters and a picture reach 100.
 */
export function rateOutput(input: {
  description: string;
  images: readonly string[];
  held: boolean;
}): number {
  if (input.held) return 0;
  const text = stripInvisible(input.description).replace(/\s+/gu, '');
  const characters = [...text].length;
  const ownPicture = input.images.length > 0 && !isPresetImage(input.images[0]!);
  return Math.min(100, 30 + Math.min(50, characters) + (ownPicture ? 20 : 0));
}

/** Whether an image URL is one of the preset pictures (given when the pupil picked none). */
const PRESET_URLS: ReadonlySet<string> = new Set(PRESET_IMAGES.map(presetImageUrl));
const isPresetImage = (url: string): boolean => PRESET_URLS.has(url);
