/// <reference lib="webworker" />
/**
 * The service worker (issue 13), built by vite-plugin-pwa (injectManifest) from this file with
 * Workbox. It makes the app installable and usable with no network:
 *
 * - what a learner needs offline (the shell, the watch page and its player, the settings and
 *   downloads screens: scripts/precache-plan.ts) is precached when the worker installs; the page
 *   registers the worker only once it has loaded and is idle, so none of this is on a first
 *   load's critical path. Staff pages (studio, reports, moderation) load on demand;
 * - every other build chunk a page loads (a staff page, the user's translations) is kept in the
 *   `app-assets-<build>` cache the first time, so it opens offline too; the page also names the
 *   chunks it loaded before the worker took over (the translations of the first visit), and the
 *   worker keeps those. A new build's worker drops the previous build's cache;
 * - a navigation goes to the network first (so online behaviour, headers and updates are
 *   unchanged) and falls back to the precached index.html when there is no network;
 * - API reads (GET /v1/…) go to the network first; each successful answer is kept in the
 *   `api-reads` cache and served from there (or from a download's own copy) when offline. Not the
 *   studio's reads: an editor must never get an old copy as if current (api-reads.ts). Writes
 *   are never answered from a cache: with no network they fail, and the page says so;
 * - /media answers come from the `downloaded-movies` cache when the file was downloaded, else
 *   from the network (nothing watched online is stored by the worker itself);
 * - a download's files are fetched here once the page has prepared it (issue 30:
 *   src/lib/downloads/file-job.ts), so a download finishes after its tab is closed; each step is
 *   posted to every window of the app;
 * - a push message (issue 14; src/server/push) is shown as a notification, its text already in
 *   the recipient's language; a click on it focuses a Tomoni window on its link, or opens one.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { PrecacheEntry } from 'workbox-precaching';
import {
  API_READS_CACHE as API_CACHE,
  DOWNLOAD_EVENT,
  DOWNLOADS_CACHE,
} from '@/lib/downloads/cache-names';
import { DownloadMessage, runFileJob, type FileJobEvent } from '@/lib/downloads/file-job';
import { isKeptApiRead } from './api-reads';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const manifest = self.__WB_MANIFEST;

const NOT_APP = /^\/(v1|v2|ws|media|uploads|healthz)(\/|$)/;
/** The build's chunks kept on first use; named after this build's index.html revision. */
const ASSETS_PREFIX = 'app-assets-';
const indexRevision = manifest.find(
  (e): e is PrecacheEntry => typeof e !== 'string' && e.url === 'index.html',
)?.revision;
const ASSETS_CACHE = `${ASSETS_PREFIX}${indexRevision ?? 'dev'}`;

void self.skipWaiting();
self.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      // The previous builds' chunks: their hashed names are never asked for again.
      for (const name of await caches.keys())
        if (name.startsWith(ASSETS_PREFIX) && name !== ASSETS_CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  ),
);

precacheAndRoute(manifest);
cleanupOutdatedCaches();

const offlineShell = async (): Promise<Response> =>
  (await matchPrecache('/index.html')) ?? Response.error();

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return offlineShell();
      }
    },
    { denylist: [NOT_APP] },
  ),
);

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ url, request }) => isKeptApiRead(url, request.method, self.location.origin),
  async ({ request }) => {
    try {
      const response = await fetch(request);
      if (response.status === 200) {
        const copy = response.clone();
        // Stored after the answer is handed over: a slow cache never delays the page.
        void caches
          .open(API_CACHE)
          .then((cache) => cache.put(request, copy))
          .catch(() => undefined);
      }
      return response;
    } catch (error) {
      const cached =
        (await caches.match(request, { cacheName: API_CACHE, ignoreVary: true })) ??
        (await caches.match(request, { cacheName: DOWNLOADS_CACHE, ignoreVary: true }));
      if (cached) return cached;
      throw error;
    }
  },
);

registerRoute(
  ({ url, request }) =>
    sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/media/'),
  async ({ request }) => {
    const cached = await caches.match(request.url, {
      cacheName: DOWNLOADS_CACHE,
      ignoreVary: true,
    });
    return cached ?? fetch(request);
  },
);

const isAsset = (url: URL) => sameOrigin(url) && url.pathname.startsWith('/assets/');

/** A build chunk outside the precache: from the cache when kept, else fetched and kept. */
async function keptAsset(request: Request): Promise<Response> {
  const cache = await caches.open(ASSETS_CACHE);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  // Hashed names: an answer never changes, so the first good one is kept.
  if (response.status === 200) await cache.put(request, response.clone()).catch(() => undefined);
  return response;
}

// Registered after precacheAndRoute: precached chunks are answered by the precache route first.
registerRoute(
  ({ url, request }) => request.method === 'GET' && isAsset(url),
  ({ request }) => keptAsset(request),
);

/**
 * The page names the chunks it loaded before this worker controlled it (its first visit), so the
 * user's translations and whatever else it loaded are kept too (src/app/service-worker.ts).
 */
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (!data || typeof data !== 'object' || (data as { type?: unknown }).type !== 'KEEP_ASSETS')
    return;
  const urls = (data as { urls?: unknown }).urls;
  if (!Array.isArray(urls)) return;
  event.waitUntil(
    (async () => {
      for (const raw of urls.slice(0, 200)) {
        if (typeof raw !== 'string') continue;
        let url: URL;
        try {
          url = new URL(raw, self.location.href);
        } catch {
          continue;
        }
        if (!isAsset(url)) continue;
        if (await matchPrecache(url.pathname)) continue;
        await keptAsset(new Request(url.href)).catch(() => undefined);
      }
    })(),
  );
});

/** Downloads running here, by key: a cancel from any window stops one. */
const downloadJobs = new Map<string, AbortController>();
/** Each download's last step, kept a minute after it ends, for windows that open meanwhile. */
const lastSteps = new Map<string, FileJobEvent>();
const KEEP_ENDED_MS = 60_000;

async function tellWindows(event: FileJobEvent): Promise<void> {
  lastSteps.set(event.key, event);
  if (event.type !== 'progress')
    setTimeout(() => {
      if (lastSteps.get(event.key) === event) lastSteps.delete(event.key);
    }, KEEP_ENDED_MS);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: DOWNLOAD_EVENT, event });
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const parsed = DownloadMessage.safeParse(event.data);
  if (!parsed.success) return;
  const message = parsed.data;
  if (message.type === 'DOWNLOAD_STATUS') {
    for (const step of lastSteps.values())
      event.source?.postMessage({ type: DOWNLOAD_EVENT, event: step });
    return;
  }
  if (message.type === 'DOWNLOAD_CANCEL') {
    downloadJobs.get(message.key)?.abort();
    downloadJobs.delete(message.key);
    lastSteps.delete(message.key);
    return;
  }
  const { job } = message;
  // Only this app's own files; a second hand-over of a running download is ignored.
  if (downloadJobs.has(job.key)) return;
  if (!job.files.every((url) => sameOrigin(new URL(url)))) return;
  const controller = new AbortController();
  downloadJobs.set(job.key, controller);
  // waitUntil keeps the worker alive with no window open, for as long as the browser allows.
  event.waitUntil(
    runFileJob(job, controller.signal, (e) => void tellWindows(e)).finally(() => {
      if (downloadJobs.get(job.key) === controller) downloadJobs.delete(job.key);
    }),
  );
});

/** What the server's push messages carry (src/server/push/push-service.ts, PushMessage). */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

const readPayload = (data: PushMessageData | null): PushPayload | null => {
  try {
    const value = data?.json() as Partial<PushPayload> | undefined;
    if (typeof value?.title !== 'string' || typeof value.body !== 'string') return null;
    return {
      title: value.title,
      body: value.body,
      url: typeof value.url === 'string' ? value.url : '/',
      ...(typeof value.tag === 'string' ? { tag: value.tag } : {}),
    };
  } catch {
    return null;
  }
};

/** Only a path of this app is followed: a link elsewhere in a payload opens the home page. */
const appUrl = (link: unknown): string => {
  const path = typeof link === 'string' && /^\/(?!\/)/.test(link) ? link : '/';
  return new URL(path, self.location.origin).href;
};

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  // A push the app did not send (or cannot read) still shows something: browsers require a
  // visible notification for every push (userVisibleOnly).
  const shown = payload ?? { title: 'Tomoni', body: '', url: '/' };
  event.waitUntil(
    self.registration.showNotification(shown.title, {
      body: shown.body,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: appUrl(shown.url) },
      ...(shown.tag ? { tag: shown.tag } : {}),
    }),
  );
});

async function openLink(url: string): Promise<void> {
  // Windows this worker controls can be sent to the link; any other is only a last resort.
  const windows = await self.clients.matchAll({ type: 'window' });
  const target = windows.find((w) => w.focused) ?? windows[0];
  if (target) {
    // Focus may be refused by the browser; the window still goes to the link.
    const focused = await target.focus().catch(() => target);
    const moved = focused.url === url ? focused : await focused.navigate(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = (event.notification.data ?? {}) as { url?: unknown };
  const link = typeof url === 'string' && url.startsWith(`${self.location.origin}/`) ? url : '/';
  // Started before waitUntil: the work goes on even if the event cannot be extended.
  const done = openLink(appUrl(link === '/' ? '/' : link.slice(self.location.origin.length)));
  event.waitUntil(done);
});
