import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The lazy chunks each page starts with, as Vite manifest keys: without a hint, the browser learns
 * of them only after the entry script has run, a round trip later each (issue 10). The paths are
 * the router's (src/app/router.tsx); others get only the language.
 */
export const ROUTE_CHUNKS: Record<string, readonly string[]> = {
  '/login': ['src/features/auth/login-page.tsx'],
  // The parts home draws lazily (the profile's header, activity and recent outputs; the flagged
  // posts notice; the news card) are fetched on every visit: without the hint each started a round
  // trip after /v1/me had answered.
  '/': [
    'src/app/layout/app-layout.tsx',
    'src/features/home/index.ts',
    'src/features/profile/home-parts.ts',
    'src/features/home/violation-notices.tsx',
    'src/features/home/news-card.tsx',
  ],
};

/** Each language's translations (src/lib/i18n.ts loads the page's one as a chunk of its own). */
const LOCALE_CHUNKS = { ja: 'src/lib/locales-ja.ts', en: 'src/lib/locales-en.ts' } as const;
/** The texts beyond /login's, which every page but /login loads with its layout (i18n.ts). */
const APP_LOCALE_CHUNKS = { ja: 'src/lib/locales-ja-app.ts', en: 'src/lib/locales-en-app.ts' };
/** The pages that draw with the first-load texts alone. */
const LOGIN_ROUTES = new Set(['/login', '/login/v2']);
export type PreloadLang = keyof typeof LOCALE_CHUNKS;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The language the client will most likely start in (src/lib/preferred-language.ts): `?lang=`,
 * else the browser's first ja or en, else ja. A choice stored in the browser is not visible here;
 * a wrong guess costs one unused preload.
 */
export function guessLanguage(query: string, acceptLanguage: string | undefined): PreloadLang {
  const asked = new URLSearchParams(query).get('lang');
  if (asked === 'ja' || asked === 'en') return asked;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().split(';')[0]!.toLowerCase();
    if (tag.startsWith('ja')) return 'ja';
    if (tag.startsWith('en')) return 'en';
  }
  return 'ja';
}

export interface IndexVariant {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * index.html with `<link rel="modulepreload">` (and the stylesheets) of the route's lazy chunks and
 * the language's, so they download alongside the entry instead of after it. Built once per
 * route and language, and again when the build changes (index.html's mtime).
 */
export function createIndexVariants(clientDir: string) {
  const indexPath = join(clientDir, 'index.html');
  const manifestPath = join(clientDir, '.vite/manifest.json');
  let builtAt = -1;
  let cache = new Map<string, IndexVariant>();

  const linksFor = (manifest: Record<string, ManifestChunk>, html: string, keys: string[]) => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || key === 'index.html' || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    const fresh = (file: string) => !html.includes(`/${file}"`);
    return [
      ...[...styles].filter(fresh).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
      ...[...scripts]
        .filter(fresh)
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ].join('\n    ');
  };

  return (route: string, lang: PreloadLang): IndexVariant | null => {
    if (!existsSync(indexPath)) return null;
    const mtime = statSync(indexPath).mtimeMs;
    if (mtime !== builtAt) {
      builtAt = mtime;
      cache = new Map();
    }
    const key = `${route in ROUTE_CHUNKS || LOGIN_ROUTES.has(route) ? route : ''}|${lang}`;
    const hit = cache.get(key);
    if (hit) return hit;
    let html = readFileSync(indexPath, 'utf8');
    if (existsSync(manifestPath)) {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      // The texts first: the page renders nothing before they are in, and over HTTP/1.1 the
      // browser starts these preloads six at a time, in this order.
      const links = linksFor(manifest, html, [
        LOCALE_CHUNKS[lang],
        ...(LOGIN_ROUTES.has(route) ? [] : [APP_LOCALE_CHUNKS[lang]]),
        ...(ROUTE_CHUNKS[route] ?? []),
      ]);
      if (links) html = html.replace(/\s*<\/head>/, `\n    ${links}\n  </head>`);
    }
    const raw = Buffer.from(html);
    const variant = {
      raw,
      br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(raw, { level: 9 }),
    };
    cache.set(key, variant);
    return variant;
  };
}
