import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_JPEG_QUALITY, IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH } from '../../contracts/constants';

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

/** The image type from the first bytes (the file name and the declared type are not trusted). */
export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  const b = bytes;
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    ascii(1, 4) === 'PNG' &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  ) {
    return 'image/png';
  }
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'image/gif';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * Re-encodes an uploaded picture the way the spec's client does, and more: turned upright by its
 * EXIF orientation, then written afresh as JPEG (quality 80) fitting 900×700 without enlarging.
 * sharp copies no metadata unless asked, so EXIF, GPS, XMP, ICC and comments are all dropped;
 * only the first frame of an animation is kept. Throws when the bytes do not decode.
 */
export async function reencodeImage(input: Uint8Array): Promise<Buffer> {
  return sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 })
    .autoOrient()
    .resize({
      width: IMAGE_MAX_WIDTH,
      height: IMAGE_MAX_HEIGHT,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: Math.round(IMAGE_JPEG_QUALITY * 100), mozjpeg: false })
    .toBuffer();
}

/** Writes a re-encoded JPEG under a random name in `uploadsDir`; returns its public URL. */
export async function storeUpload(uploadsDir: string, jpeg: Buffer): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.jpg`;
  await writeFile(join(uploadsDir, name), jpeg, { flag: 'wx' });
  return `/uploads/${name}`;
}
