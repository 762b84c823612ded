import type { Output } from '@/contracts/entities';

type OutputViolation = Output['violationStatuses'][number];

/**
 * The five violation messages of the spec (accounts and people §8): text and image, text only,
 * image only, a possible copyright issue for an image, and a hidden unit output.
 */
export type ViolationKind = 'textAndImage' | 'text' | 'image' | 'imageCopyright' | 'unitOutput';

/** The message for an output's violation statuses; null when there is none ('updated' alone). */
export function outputViolationKind(statuses: readonly OutputViolation[]): ViolationKind | null {
  const text = statuses.includes('text');
  const image = statuses.includes('image');
  if (text && image) return 'textAndImage';
  if (image) return 'image';
  // Text flagged and the image only warned about: the text message, the one that hides the post.
  if (text) return 'text';
  if (statuses.includes('image-warning')) return 'imageCopyright';
  return null;
}

/** Whether the output's picture is replaced by the no-image picture (an image violation). */
export const hidesImage = (kind: ViolationKind | null): boolean =>
  kind === 'textAndImage' || kind === 'image' || kind === 'imageCopyright';

/** The spec's no-image picture for outputs with an image violation. */
export const NO_IMAGE_URL = '/media/images/no-image.png';
