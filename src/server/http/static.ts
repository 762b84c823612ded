import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors';
import { registerMediaVariants } from './media-variants';
import { createIndexVariants, guessLanguage } from './route-preload';

/** Paths that never fall back to the single-page app. */
const NOT_SPA = /^\/(v0|v1|v2|ws|media|uploads|healthz)(\/|$|\?)/;

/** Content types for HLS and captions, set explicitly so no mime table can get them wrong. */
const MEDIA_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
};

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tomoni: client not built</title></head>
<body><h1>The client has not been built</h1>
<p>Run <code>npm run build</code>, then reload this page. (The API is running.)</p></body></html>`;

/** br when the Accept-Encoding header takes it, else gzip, else none (q=0 refuses). */
function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function mediaHeaders(reply: FastifyReply, path: string): void {
  const ext = path.slice(path.lastIndexOf('.')).toLowerCase();
  const type = MEDIA_TYPES[ext];
  if (type) void reply.header('content-type', type);
  // Playlists may be replaced by a new encode; segments and images are immutable enough for an hour.
  void reply.header('cache-control', ext === '.m3u8' ? 'no-cache' : 'public, max-age=3600');
}

/**
 * /media (MEDIA_DIR) and the built client (CLIENT_DIR) with a
 * single-page-app fallback: an HTML GET for an unknown path gets index.html, or a 503 page when
 * the client has not been built. Everything else unknown is a JSON 404.
 */
export async function registerStatic(
  app: FastifyInstance,
  dirs: { mediaDir: string; clientDir: string },
): Promise<void> {
  // Right-sized WebP twins of the pictures (`/media/w/{width}/images/…`).
  registerMediaVariants(app, dirs.mediaDir);
  await app.register(fastifyStatic, {
    root: dirs.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    acceptRanges: true,
    setHeaders: mediaHeaders,
  });
  // /uploads is served by http/signed-uploads.ts: signed URLs only, never public.

  const indexPath = join(dirs.clientDir, 'index.html');
  const clientBuilt = existsSync(indexPath);
  if (clientBuilt) {
    await app.register(fastifyStatic, {
      root: dirs.clientDir,
      prefix: '/',
      decorateReply: false,
      // index.html is served by the fallback below so it is never cached by the browser.
      index: false,
      // The build writes .br and .gz twins (scripts/precompress.ts); they are sent as is.
      preCompressed: true,
      setHeaders: (reply, path) => {
        if (path.includes('/assets/'))
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  const indexVariants = createIndexVariants(dirs.clientDir);
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const [path = '/', query = ''] = request.url.split('?');
    const lang = guessLanguage(query, request.headers['accept-language']);
    const variant = indexVariants(path.length > 1 ? path.replace(/\/+$/, '') : path, lang);
    if (!variant) {
      return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    void reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, accept-language');
    // Compressed once per route and language (every current browser takes br).
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding) return reply.header('content-encoding', encoding).send(variant[encoding]);
    return reply.send(variant.raw);
  };

  // '/' is the app itself (the static wildcard would try to list the directory).
  app.get('/', { config: { rateLimit: false } }, async (request, reply) =>
    sendIndex(request, reply),
  );

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml &&
      !NOT_SPA.test(request.url)
    ) {
      return sendIndex(request, reply);
    }
    return reply
      .status(404)
      .send(errorBody('notFound', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
