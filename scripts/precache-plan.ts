import { readFileSync } from 'node:fs';
import type { ManifestTransform } from 'workbox-build';

/**
 * What the service worker precaches (issue 13): what a learner needs with no network, not the
 * whole build. The build's manifest (dist/client/.vite/manifest.json) is followed from the page's
 * entry: every static import (without them the shell does not start), and of the lazy pages only
 * those a pupil opens offline — home, the watch page and its player (hls.js), the session page,
 * the output dialog, the settings with /setting/download and the downloads panel. The staff pages
 * (studio, reports, moderation), Firebase (a realtime backend is no use offline), Sentry, the
 * legal texts and /check load on demand; the worker keeps each chunk a page did load, so the
 * user's own translations (locales-ja or locales-en) are kept from the first visit on
 * (src/sw/sw.ts, src/app/service-worker.ts) rather than both languages being precached. Only
 * the downloads panel's own namespace (a few hundred bytes a language) and the watch page's and
 * settings' (lazy namespaces since issue 10's first-load branch, ~2 kB each) are precached in both,
 * as those pages may first open offline.
 */
const OFFLINE_PAGES =
  /^(locales\/(ja|en)\/(downloads|watch|setting)\.json$|src\/app\/layout\/(app-layout|logged-out-modal)\.tsx|src\/features\/(home|watch|sessions|outputs|settings|downloads)\/|_(watch|sessions|downloads)-[\w-]+\.js$|node_modules\/hls\.js\/)/;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/** Files (relative to the build's root) of the entry's static graph plus the offline pages'. */
export function offlineFiles(manifest: Record<string, ManifestChunk>, entry = 'index.html') {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(f);
    for (const k of chunk.imports ?? []) visit(k);
    for (const k of chunk.dynamicImports ?? []) if (OFFLINE_PAGES.test(k)) visit(k);
  };
  visit(entry);
  return files;
}

/**
 * A Workbox manifest transform keeping the offline files and everything outside assets/ (the
 * icons, the web app manifest): the chunks of assets/ that are not in offlineFiles() are dropped.
 */
export function learnerPrecache(manifestPath: string): ManifestTransform {
  return (entries) => {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const keep = offlineFiles(manifest);
    const manifestOut = entries.filter((e) => !e.url.startsWith('assets/') || keep.has(e.url));
    return { manifest: manifestOut };
  };
}
