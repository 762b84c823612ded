/**
 * Right-sized pictures (issue 10): the server answers `/media/w/{width}/images/…` with the demo
 * picture `/media/images/…` scaled down to that width (never up), in WebP when the browser takes
 * it. Only these widths exist, so a cache of them stays small.
 */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

const MEDIA_IMAGE = /^\/media\/images\/[^?#]+\.(jpe?g|png|webp)$/i;

/** The `srcSet` of a picture under /media/images, or undefined for any other URL (uploads, data:). */
export function imageSrcSet(src: string | null | undefined): string | undefined {
  if (!src || !MEDIA_IMAGE.test(src)) return undefined;
  const rest = src.slice('/media/'.length);
  return IMAGE_WIDTHS.map((w) => `/media/w/${w}/${rest} ${w}w`).join(', ');
}
