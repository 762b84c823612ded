/**
 * The first-load budget (issue 10): what a browser must download before /login and / can show —
 * index.html, its entry script with the chunks it preloads and its stylesheet, then the route's
 * lazy chunks (language, shell, page) with its static imports and their CSS (followed through Vite's manifest) — measured
 * brotli-compressed by size-limit. `npm test` runs it after the build, so a change that makes a
 * first load grow past its budget fails the run. Lower a budget when a change shrinks the load.
 *
 * Usage: tsx scripts/size-budget.ts [dist/client]
 */
import filePlugin from '@size-limit/file';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sizeLimit from 'size-limit';
import { ROUTE_CHUNKS } from '../src/server/http/route-preload';

/** The default language's translations: a chunk of its own that every page waits for. */
const LOCALE = 'src/lib/locales-ja.ts';
/** Its texts beyond /login's, which the signed-in shell waits for. */
const APP_LOCALE = 'src/lib/locales-ja-app.ts';

/**
 * Brotli bytes each first load may take, and the manifest keys of the chunks it fetches besides
 * the entry: its language and the route's lazy chunks the server preloads with the page
 * (src/server/http/route-preload.ts: the signed-in shell, the page, the parts it shows first).
 * Each budget is a ratchet a few kB above the last measured load (/login 190.5 kB, / 277.5 kB with
 * the room's HTTP fallback, docs/decisions/0064, in the signed-in shell): lower it when a change
 * shrinks the load. Why and how: docs/decisions/0177-first-load-budget.md.
 */
export const BUDGETS = {
  login: { chunks: [LOCALE, ...ROUTE_CHUNKS['/login']!], maxBytes: 194_000 },
  home: {
    chunks: [LOCALE, APP_LOCALE, ...ROUTE_CHUNKS['/']!],
    maxBytes: 279_000,
  },
} as const;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The files (relative to the client dir) a route loads before it can show: index.html first. */
export function firstLoadFiles(clientDir: string, chunks: readonly string[]): string[] {
  const manifestPath = join(clientDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No Vite manifest in ${clientDir}: build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>(['index.html']);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk for ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const key of chunks) visit(key);
  return [...files];
}

export interface BudgetResult {
  route: keyof typeof BUDGETS;
  bytes: number;
  maxBytes: number;
  ok: boolean;
}

/** Each route's first load, brotli-compressed, against its budget. */
export async function checkBudgets(clientDir: string): Promise<BudgetResult[]> {
  const out: BudgetResult[] = [];
  for (const [route, { chunks, maxBytes }] of Object.entries(BUDGETS)) {
    const files = firstLoadFiles(clientDir, chunks).map((f) => join(clientDir, f));
    const [result] = (await sizeLimit([filePlugin], files)) as Array<{ size?: number }>;
    const size = result?.size ?? 0;
    out.push({ route: route as keyof typeof BUDGETS, bytes: size, maxBytes, ok: size <= maxBytes });
  }
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const results = await checkBudgets(resolve(process.argv[2] ?? 'dist/client'));
  for (const r of results) {
    const kb = (n: number) => (n / 1000).toFixed(1);
    console.log(
      `first load ${r.route}: ${kb(r.bytes)} kB brotli, budget ${kb(r.maxBytes)} kB ${r.ok ? 'ok' : 'OVER'}`,
    );
  }
  if (results.some((r) => !r.ok)) process.exit(1);
}
