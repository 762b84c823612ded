import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../contracts/media';
import { errorBody } from './errors';

/** At most this many variants are kept in memory (the demo media holds a few dozen pictures). */
const CACHE_MAX = 200;

interface Variant {
  body: Buffer;
  type: string;
}

/** WebP when the browser's Accept names it (every current browser does for images). */
const takesWebp = (accept: string | undefined): boolean => /image\/webp/i.test(accept ?? '');

/**
 * `GET /media/w/{width}/images/…`: a picture of MEDIA_DIR/images scaled down to one of
 * IMAGE_WIDTHS (never up), WebP when accepted, else the original's format. Encoded once, then kept
 * (a bounded map). A card 300 px wide no longer downloads a 1280 px JPEG (issue 10).
 */
export function registerMediaVariants(app: FastifyInstance, mediaDir: string): void {
  const root = join(mediaDir, 'images');
  const cache = new Map<string, Promise<Variant | null>>();

  const encode = async (file: string, width: number, webp: boolean): Promise<Variant | null> => {
    const input = await readFile(file).catch(() => null);
    if (!input) return null;
    const image = sharp(input).resize({ width, withoutEnlargement: true });
    if (webp) return { body: await image.webp({ quality: 72 }).toBuffer(), type: 'image/webp' };
    const png = extname(file).toLowerCase() === '.png';
    return png
      ? { body: await image.png().toBuffer(), type: 'image/png' }
      : { body: await image.jpeg({ quality: 78 }).toBuffer(), type: 'image/jpeg' };
  };

  app.get<{ Params: { width: string; '*': string } }>(
    '/media/w/:width/images/*',
    { config: { rateLimit: false } },
    async (request, reply) => {
      const width = Number(request.params.width);
      const rel = request.params['*'];
      const file = normalize(join(root, rel));
      if (
        !(IMAGE_WIDTHS as readonly number[]).includes(width) ||
        !file.startsWith(root + sep) ||
        !/\.(jpe?g|png|webp)$/i.test(file)
      ) {
        return reply.status(404).send(errorBody('notFound', 'No such picture'));
      }
      const webp = takesWebp(request.headers.accept);
      const key = `${width}:${webp ? 'webp' : 'orig'}:${file}`;
      let pending = cache.get(key);
      if (!pending) {
        pending = encode(file, width, webp).catch(() => null);
        if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
        cache.set(key, pending);
      }
      const variant = await pending;
      if (!variant) {
        cache.delete(key);
        return reply.status(404).send(errorBody('notFound', 'No such picture'));
      }
      return reply
        .header('content-type', variant.type)
        .header('cache-control', 'public, max-age=3600')
        .header('vary', 'accept')
        .send(variant.body);
    },
  );
}
