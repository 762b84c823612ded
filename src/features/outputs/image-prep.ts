import {
  IMAGE_JPEG_QUALITY,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_HEIGHT,
  IMAGE_MAX_WIDTH,
  IMAGE_TYPES,
} from '@/contracts/constants';
import type { HeicWorkerResult } from './heic-worker';

/**
 * Prepares a picked picture in the browser (accounts and people, "Images"): jpg, png, webp and
 * gif are accepted, HEIC is decoded in a worker (loaded only when a HEIC file is picked), then
 * every picture is drawn to fit 900×700 on a canvas and re-encoded as JPEG at
 * quality 0.8. A file over 6 MB is flagged over quota and refused. The server re-encodes again
 * (and strips metadata); this step keeps uploads small on school networks.
 */

export type PrepareResult =
  | { ok: true; blob: Blob; width: number; height: number }
  | { ok: false; reason: 'overQuota' | 'unsupported' | 'unreadable' };

/** HEIC/HEIF by type or, since browsers often leave the type empty, by name. */
export function isHeic(file: Pick<File, 'type' | 'name'>): boolean {
  return /^image\/hei[cf]/i.test(file.type) || /\.(heic|heif)$/i.test(file.name);
}

export function isAcceptedType(file: Pick<File, 'type' | 'name'>): boolean {
  if (isHeic(file)) return true;
  if ((IMAGE_TYPES as readonly string[]).includes(file.type)) return true;
  return file.type === '' && /\.(jpe?g|png|webp|gif)$/i.test(file.name);
}

/** The size fitting inside 900×700 with the aspect ratio kept, never enlarged. */
export function fitSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, IMAGE_MAX_WIDTH / width, IMAGE_MAX_HEIGHT / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** The accept attribute for the file input. */
export const ACCEPT = [...IMAGE_TYPES, 'image/heic', 'image/heif', '.heic', '.heif'].join(',');

/**
 * Decodes HEIC in a dedicated worker (its own chunk, fetched only when a HEIC file is picked)
 * and returns the upright picture as a bitmap ready to draw.
 */
async function decodeHeic(file: Blob): Promise<ImageBitmap> {
  const worker = new Worker(new URL('./heic-worker.ts', import.meta.url), { type: 'module' });
  try {
    const bytes = await file.arrayBuffer();
    const result = await new Promise<HeicWorkerResult>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<HeicWorkerResult>) => resolve(e.data);
      worker.onerror = (e) => reject(new Error(e.message || 'HEIC worker failed'));
      worker.postMessage(bytes, [bytes]);
    });
    if (!result.ok) throw new Error(result.error);
    const pixels = new Uint8ClampedArray(result.pixels);
    return await createImageBitmap(new ImageData(pixels, result.width, result.height));
  } finally {
    worker.terminate();
  }
}

function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob failed'))),
      'image/jpeg',
      IMAGE_JPEG_QUALITY,
    ),
  );
}

export async function prepareImage(file: File): Promise<PrepareResult> {
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, reason: 'overQuota' };
  if (!isAcceptedType(file)) return { ok: false, reason: 'unsupported' };
  try {
    // imageOrientation 'from-image' turns phone photos upright before they are drawn.
    const bitmap = isHeic(file)
      ? await decodeHeic(file)
      : await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = fitSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    // JPEG has no transparency: a white ground instead of black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await canvasToJpeg(canvas);
    return { ok: true, blob, ...size };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}
