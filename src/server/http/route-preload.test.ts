import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { guessLanguage } from './route-preload';

/**
 * Issue 10: index.html names the lazy chunks of the page asked for and of its language, so the
 * browser fetches them with the entry instead of a round trip after it.
 */

let t: TestApp;
let clientDir: string;
const indexSource = `<!doctype html><html lang="ja"><head><title>Tomoni</title><script type="module" crossorigin src="/assets/index-A.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-V.js"></head><body><div id="root"></div></body></html>`;
const manifest = {
  'index.html': { file: 'assets/index-A.js', imports: ['_vendor-V.js'] },
  '_vendor-V.js': { file: 'assets/vendor-V.js' },
  '_ui-U.js': { file: 'assets/ui-U.js', imports: ['_vendor-V.js'] },
  'src/features/auth/login-page.tsx': {
    file: 'assets/login-page-L.js',
    imports: ['_ui-U.js', 'index.html'],
  },
  'src/app/layout/app-layout.tsx': { file: 'assets/app-layout-S.js', css: ['assets/shell-S.css'] },
  'src/features/home/index.ts': {
    file: 'assets/home-H.js',
    imports: ['_ui-U.js', '_signed-in-I.js'],
  },
  '_signed-in-I.js': { file: 'assets/signed-in-I.js' },
  'src/features/profile/home-parts.ts': {
    file: 'assets/home-parts-P.js',
    imports: ['_signed-in-I.js'],
  },
  'src/features/home/violation-notices.tsx': { file: 'assets/violation-notices-N.js' },
  'src/features/home/news-card.tsx': { file: 'assets/news-card-C.js' },
  'src/lib/locales-ja.ts': { file: 'assets/locales-ja-J.js' },
  'src/lib/locales-en.ts': { file: 'assets/locales-en-E.js' },
  'src/lib/locales-ja-app.ts': { file: 'assets/locales-ja-app-JA.js' },
  'src/lib/locales-en-app.ts': { file: 'assets/locales-en-app-EA.js' },
};

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'tomoni-client-'));
  mkdirSync(join(clientDir, '.vite'), { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), indexSource);
  writeFileSync(join(clientDir, '.vite/manifest.json'), JSON.stringify(manifest));
  t = await createTestApp({ seed: 'none', env: { CLIENT_DIR: clientDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]+)">/g)].map(
    (m) => m[2],
  );

describe('route preloads in index.html (issue 10)', () => {
  it("names /login's chunks and the language's first texts, once each, nothing of the signed-in app", async () => {
    const res = await t.app.inject({
      url: '/login',
      headers: { accept: 'text/html', 'accept-language': 'ja-JP,ja;q=0.9' },
    });
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual([
      '/assets/vendor-V.js',
      '/assets/locales-ja-J.js',
      '/assets/login-page-L.js',
      '/assets/ui-U.js',
    ]);
  });

  it("names the texts first, then the shell's and home's chunks (the parts it draws lazily too) and stylesheet at /, in the browser's language", async () => {
    const res = await t.app.inject({
      url: '/',
      headers: { accept: 'text/html', 'accept-language': 'en-US', 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-language/);
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(preloads(html)).toEqual([
      '/assets/vendor-V.js',
      '/assets/shell-S.css',
      '/assets/locales-en-E.js',
      '/assets/locales-en-app-EA.js',
      '/assets/app-layout-S.js',
      '/assets/home-H.js',
      '/assets/ui-U.js',
      '/assets/signed-in-I.js',
      '/assets/home-parts-P.js',
      '/assets/violation-notices-N.js',
      '/assets/news-card-C.js',
    ]);
  });

  it("names only the language's texts on other pages", async () => {
    const res = await t.app.inject({ url: '/mypage?lang=en', headers: { accept: 'text/html' } });
    expect(preloads(res.body)).toEqual([
      '/assets/vendor-V.js',
      '/assets/locales-en-E.js',
      '/assets/locales-en-app-EA.js',
    ]);
  });

  it('guesses the language as the client will: ?lang=, then the browser, then ja', () => {
    expect(guessLanguage('lang=en', 'ja')).toBe('en');
    expect(guessLanguage('lang=fr', 'fr-FR, en;q=0.8')).toBe('en');
    expect(guessLanguage('', 'ko-KR')).toBe('ja');
    expect(guessLanguage('', undefined)).toBe('ja');
  });
});
