import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress';
import { OutputListResponse, UploadImageResponse } from '../../contracts/api/outputs';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, outputStatus, readNothing, type TestApp } from '../testing/test-app';

/**
 * Issue 10: every text answer goes out compressed when the browser asks. The built client's
 * files are compressed at build time (.br/.gz twins) and keep their caching; /v1 JSON above
 * 1 KB is compressed per answer and stays no-store, with signed upload URLs intact.
 */

let t: TestApp;
let clientDir: string;
const ASSET = '/assets/index-Bq3xY7a1.js';
// Text that compresses like real code: repeated, but long enough to pass the 1 KB threshold.
const assetSource = Array.from(
  { length: 400 },
  (_, i) => `export function handler${i}(event){return event.target.value+${i};}\n`,
).join('');
const indexSource = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>Tomoni</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(40)}</head><body><div id="root"></div><script type="module" src="${ASSET}"></script></body></html>`;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'tomoni-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), indexSource);
  writeFileSync(join(clientDir, ASSET), assetSource);
  precompressDir(clientDir);
  t = await createTestApp({ env: { CLIENT_DIR: clientDir }, readPicture: readNothing });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const decode = (encoding: string | undefined, body: Buffer): string =>
  (encoding === 'br'
    ? brotliDecompressSync(body)
    : encoding === 'gzip'
      ? gunzipSync(body)
      : body
  ).toString('utf8');

describe('compression (issue 10)', () => {
  it('writes brotli and gzip twins of the built client at build time', () => {
    expect(brotliDecompressSync(readFileSync(join(clientDir, `${ASSET}.br`))).toString()).toBe(
      assetSource,
    );
    expect(gunzipSync(readFileSync(join(clientDir, 'index.html.gz'))).toString()).toBe(indexSource);
  });

  it('sends a hashed asset in brotli or gzip as asked, still cached as immutable', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: ASSET,
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(assetSource.length / 4);
      expect(decode(expected, res.rawPayload)).toBe(assetSource);
    }
    const plain = await t.app.inject({ method: 'GET', url: ASSET });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetSource);
  });

  it('sends index.html compressed at / and on the app fallback, never cached', async () => {
    for (const url of ['/', '/session/abc']) {
      for (const [accept, expected] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html', 'accept-encoding': accept },
        });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(decode(expected, res.rawPayload)).toBe(indexSource);
      }
    }
  });

  it('compresses a large /v1 answer, keeps it no-store and its upload URLs signed', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const boundary = '----tomoni-compress';
    const author = await t.authHeader('student03');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/v1/output/image',
      headers: { ...author, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/output',
      headers: author,
      payload: {
        sessionId: DEMO_IDS.sessions.forestLive,
        workId: 'work-forest-archive',
        status: 'published',
        description: 'Leaves and light. '.repeat(40),
        images: [UploadImageResponse.parse(uploaded.json()).url],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    // Listed once its picture is screened, off the request path: the screener loads its models
    // first (over 60 s with both server suites on two busy cores; they have 5 minutes), then reads.
    const { id } = (created.json() as { item: { id: string } }).item;
    await t.app.pictures.idle();
    expect(await outputStatus(t.db, id)).toBe('published');

    const url = `/v1/session/${DEMO_IDS.sessions.forestLive}/outputs`;
    const reader = await t.authHeader('student04');
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...reader, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-store');
    const json = decode('br', res.rawPayload);
    expect(json.length).toBeGreaterThan(1024);
    expect(res.rawPayload.length).toBeLessThan(json.length);
    const list = OutputListResponse.parse(JSON.parse(json));
    const images = list.items.flatMap((o) => o.images);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images.filter((u) => u.includes('/uploads/'))) {
      expect(image).toMatch(/\?exp=\d+&sig=/);
      expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
    }

    const gz = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...reader, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode('gzip', gz.rawPayload))).toEqual(JSON.parse(json));

    // A small answer is not worth the encoding.
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { ...reader, 'accept-encoding': 'br' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['content-encoding']).toBeUndefined();
  }, 420_000);
});
