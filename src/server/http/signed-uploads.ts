import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** An upload as stored: a random name, always a re-encoded JPEG. */
const PLAIN = /^\/uploads\/([a-f0-9]{32}\.jpg)$/;
/** An upload as handed out: the stored path with its expiry and signature. */
const SIGNED = /^\/uploads\/([a-f0-9]{32}\.jpg)\?exp=(\d{1,12})&sig=([A-Za-z0-9_-]{43})$/;
const NAME = /^[a-f0-9]{32}\.jpg$/;

/**
 * Signs /uploads URLs (HMAC-SHA256 under a key derived from the server secret) so that an <img>,
 * which cannot send an Authorization header, loads an uploaded image only through a URL an API
 * answer handed to someone allowed to see the post. Expiries are rounded up to a quarter of the
 * lifetime so the same image keeps the same URL for a while and the browser cache still works.
 */
export class UploadSigner {
  private readonly key: Buffer;
  private readonly bucketS: number;

  constructor(
    secret: Uint8Array,
    private readonly ttlS: number,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('tomoni-uploads-v1').digest();
    this.bucketS = Math.max(60, Math.floor(ttlS / 4));
  }

  private mac(name: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${name}.${exp}`).digest('base64url');
  }

  /** The signed URL of a stored upload path; any other string is returned unchanged. */
  sign(url: string): string {
    const match = PLAIN.exec(url);
    if (!match) return url;
    const name = match[1]!;
    const exp = Math.ceil((this.now() / 1000 + this.ttlS) / this.bucketS) * this.bucketS;
    return `/uploads/${name}?exp=${exp}&sig=${this.mac(name, exp)}`;
  }

  /** The stored path of a signed upload URL (what a client sends back); others unchanged. */
  strip(url: string): string {
    const match = SIGNED.exec(url);
    return match ? `/uploads/${match[1]!}` : url;
  }

  /** Seconds the signature stays valid, or null when it is missing, wrong or expired. */
  verify(name: string, exp: unknown, sig: unknown): number | null {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return null;
    const expS = Number(exp);
    const left = expS - Math.floor(this.now() / 1000);
    if (left <= 0) return null;
    const expected = Buffer.from(this.mac(name, expS));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return left;
  }
}

type Json = unknown;

/** Applies `f` to every string of a JSON-like value; unchanged parts keep their identity. */
function mapStrings(value: Json, f: (s: string) => string, depth = 0): Json {
  if (typeof value === 'string') return f(value);
  if (value === null || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) {
    let out: Json[] | null = null;
    value.forEach((item: Json, i) => {
      const mapped = mapStrings(item, f, depth + 1);
      if (mapped !== item) (out ??= [...value])[i] = mapped;
    });
    return out ?? value;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  let out: Record<string, Json> | null = null;
  for (const [k, item] of Object.entries(value)) {
    const mapped = mapStrings(item, f, depth + 1);
    if (mapped !== item) (out ??= { ...(value as Record<string, Json>) })[k] = mapped;
  }
  return out ?? value;
}

/**
 * A signed URL sent back in a body is stored as its plain path, and GET /uploads/{name} serves
 * only with a valid, unexpired signature, `Cache-Control: private`. Answers sign their `Picture`
 * fields as they are serialised (picture-signing.ts), never a string merely shaped like a path.
 */
export function registerSignedUploads(
  app: FastifyInstance,
  { signer, uploadsDir }: { signer: UploadSigner; uploadsDir: string },
): void {
  const strip = (s: string) => signer.strip(s);
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined) request.body = mapStrings(request.body, strip);
  });

  app.get('/uploads/:name', { config: { rateLimit: false } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const query = request.query as Record<string, unknown>;
    if (!NAME.test(name)) throw new AppError('notFound', 'No such image');
    const left = signer.verify(name, query.exp, query.sig);
    if (left === null) throw new AppError('forbidden', 'Missing, invalid or expired image link');
    const path = join(uploadsDir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new AppError('notFound', 'No such image');
    return reply
      .header('content-type', 'image/jpeg')
      .header('content-length', String(info.size))
      .header('cache-control', `private, max-age=${Math.min(3600, left)}`)
      .send(createReadStream(path));
  });
}
