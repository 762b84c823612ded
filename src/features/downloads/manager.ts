import { DOWNLOAD_FAILED_HIDE_MS } from '@/contracts/constants';
import type { Lang, Session, Video } from '@/contracts/entities';
import { downloadableVideo } from '@/contracts/video-choice';
import { downloadActivity } from '@/lib/download-activity';
import { isApiError } from '@/lib/api-errors';
import { API_READS_CACHE, DOWNLOAD_EVENT, DOWNLOADS_CACHE } from '@/lib/downloads/cache-names';
import {
  BadAnswer,
  FileJobEvent,
  fileErrorKind,
  getFile,
  runFileJob,
  StorageFull,
  type DownloadErrorKind,
  type DownloadMessage,
  type FileJob,
} from '@/lib/downloads/file-job';
import { readForOffline } from './api/offline-reads';
import {
  expectedBytes,
  mediaPathsIn,
  offlineReads,
  parseMaster,
  parseMedia,
  pickVariant,
  rewriteMaster,
} from './hls-plan';
import {
  deleteDownload,
  downloadKey,
  readRecords,
  removeFiles,
  sessionFingerprint,
} from '@/lib/downloads/records';

type DownloadStatus = 'inprogress' | 'complete' | 'failed' | 'inactive';
export type { DownloadErrorKind };

export interface DownloadItem {
  /** `sessionId:lang`, the key of its record. */
  id: string;
  sessionId: string;
  lang: Lang;
  title: string;
  status: DownloadStatus;
  /** Whole percent, 0–100; 100 only once every file and the record are stored. */
  progress: number;
  error: DownloadErrorKind | null;
}

const PERSIST_ASKED_KEY = 'tomoni.downloads.persistAsked';

const errorKind = (error: unknown): DownloadErrorKind =>
  isApiError(error) && error.code === 'network' ? 'network' : fileErrorKind(error);

let items: readonly DownloadItem[] = [];
/** Keys of the downloads stored on this device (complete records). */
let saved: ReadonlySet<string> = new Set();
let savedLoaded = false;
const listeners = new Set<() => void>();
const controllers = new Map<string, AbortController>();

function emit(): void {
  downloadActivity.set(items.some((i) => i.status !== 'inactive'));
  for (const l of listeners) l();
}

function update(id: string, patch: Partial<DownloadItem>): void {
  items = items.map((i) => (i.id === id ? { ...i, ...patch } : i));
  emit();
}

function removeItem(id: string): void {
  items = items.filter((i) => i.id !== id);
  emit();
}

/** Asks the browser to keep downloads under storage pressure; once per device (it may prompt). */
async function askPersistOnce(): Promise<void> {
  try {
    if (localStorage.getItem(PERSIST_ASKED_KEY)) return;
    localStorage.setItem(PERSIST_ASKED_KEY, String(Date.now()));
  } catch {
    // Storage refused: ask anyway, the browser remembers its own answer.
  }
  if (navigator.storage?.persist) await navigator.storage.persist().catch(() => false);
}

const abs = (path: string) => new URL(path, window.location.href).href;

/** The session's own files besides the video: captions of the language, images, the timeline's images. */
function extraFiles(session: Session, video: Video, lang: Lang): string[] {
  const paths = new Set<string>();
  const caption = video.captionFile?.[lang];
  if (caption) paths.add(caption);
  for (const p of [
    session.image,
    session.thumbnailImage,
    session.titleImage,
    session[lang]?.image,
    session[lang]?.thumbnailImage,
  ])
    if (p) paths.add(p);
  mediaPathsIn(video.actions, paths);
  // Only this server's files: the worker answers its own origin, a CDN's files stay online.
  return [...paths].map(abs).filter((u) => new URL(u).origin === window.location.origin);
}

/**
 * The page's part of a download: what needs this user's token or this page (the playlists, the
 * session as the watch page loads it, the lesson's reads) is stored now; the video's files are
 * left to the returned job (lib/downloads/file-job.ts), which the service worker runs.
 */
async function prepare(
  item: DownloadItem,
  session: Session,
  signal: AbortSignal,
): Promise<FileJob> {
  // The video the watch page plays this session alone, so offline playback finds its files.
  const video = downloadableVideo(session);
  if (!video) throw new BadAnswer('The session has no video to download');
  await askPersistOnce();
  const masterUrl = abs(video.videoId);
  const masterText = await (await getFile(masterUrl, signal)).text();
  const variant = pickVariant(parseMaster(masterText, masterUrl));
  const mediaUrl = variant?.url ?? masterUrl;
  const mediaText = variant ? await (await getFile(mediaUrl, signal)).text() : masterText;
  const media = parseMedia(mediaText, mediaUrl);
  const extras = extraFiles(session, video, item.lang);

  // A download that will not fit fails before it stores anything.
  const need = variant ? expectedBytes(variant, media.duration) : 0;
  if (navigator.storage?.estimate) {
    const { quota = 0, usage = 0 } = await navigator.storage.estimate();
    if (quota - usage < need) throw new StorageFull(`${need} bytes needed, ${quota - usage} free`);
  }
  const cache = await caches.open(DOWNLOADS_CACHE);
  await reserve(cache, need);
  // What the offline pages read besides the session: the signed-in user (the shell needs it).
  await keepRead('/v1/me');
  const sessionUrl = abs(`/v1/session/${encodeURIComponent(session.id)}`);
  const stored: string[] = [];
  let size = 0;
  const put = async (url: string, body: string, headers: HeadersInit) => {
    const blob = new Blob([body]);
    await cache.put(url, new Response(blob, { headers }));
    stored.push(url);
    size += blob.size;
  };
  try {
    const hls = { 'content-type': 'application/vnd.apple.mpegurl' };
    // The master as played offline names only the downloaded rendition.
    if (variant) await put(masterUrl, rewriteMaster(masterText, variant), hls);
    await put(mediaUrl, mediaText, hls);
    // The session as the watch page loads it, for when the worker has no newer copy.
    await put(sessionUrl, JSON.stringify({ item: session }), {
      'content-type': 'application/json; charset=utf-8',
    });

    // What the lesson shows besides the video (works, comments, vote tallies), read with this
    // user's token and kept under the URL the page asks for, so the worker answers it offline.
    const reads = offlineReads(session, item.lang);
    const files = [...media.files, ...extras];
    const total = reads.length + files.length;
    let done = 0;
    const json = { 'content-type': 'application/json; charset=utf-8' };
    for (const read of reads) {
      signal.throwIfAborted();
      const { path, body } = await readForOffline(read);
      signal.throwIfAborted();
      await put(abs(path), JSON.stringify(body), json);
      done += 1;
      update(item.id, { progress: Math.min(99, Math.floor((done / total) * 100)) });
    }
    signal.throwIfAborted();
    return {
      key: item.id,
      sessionId: session.id,
      lang: item.lang,
      title: item.title,
      fingerprint: sessionFingerprint(session),
      stored,
      storedBytes: size,
      files,
      done,
      total: Math.max(1, total),
    };
  } catch (error) {
    await removeFiles(stored, item.id).catch(() => undefined);
    throw error;
  }
}

/**
 * Current Chromium answers estimate() with a made-up quota (usage plus 10 GiB, so sites cannot
 * fingerprint the disk): the real limit shows only when a write is refused. So the start also
 * writes a placeholder of the expected size (up to RESERVE_MAX_BYTES) and removes it at once: a
 * download that cannot fit fails there, before any file is fetched.
 */
const RESERVE_MAX_BYTES = 32 * 1024 * 1024;
const RESERVE_URL = '/__download-space-check';
async function reserve(cache: Cache, bytes: number): Promise<void> {
  const size = Math.min(bytes, RESERVE_MAX_BYTES);
  if (size <= 0) return;
  try {
    await cache.put(RESERVE_URL, new Response(new Uint8Array(size)));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'QuotaExceededError')
      throw new StorageFull(`${size} bytes could not be reserved`);
    throw error;
  } finally {
    await cache.delete(RESERVE_URL).catch(() => false);
  }
}

/**
 * Keeps an API read for offline use in the worker's `api-reads` cache (cleared at logout), read
 * now through the API client (so with this user's token), whether or not the worker saw it.
 */
async function keepRead(path: string): Promise<void> {
  const { body } = await readForOffline({ url: path });
  const cache = await caches.open(API_READS_CACHE);
  await cache.put(
    abs(path),
    new Response(JSON.stringify(body), {
      headers: { 'content-type': 'application/json; charset=utf-8' },
    }),
  );
}

/** The title a download is listed under: the session's title in the download's language. */
const titleFor = (session: Session, lang: Lang) => session[lang]?.title || session.title;

/** The service worker that runs handed-over jobs, when one controls this page. */
const worker = (): ServiceWorker | null =>
  typeof navigator !== 'undefined' ? (navigator.serviceWorker?.controller ?? null) : null;

/** Cancelled here: the worker's events still on their way are not news. */
const cancelled = new Set<string>();

function onJobEvent(event: FileJobEvent): void {
  if (cancelled.has(event.key)) return;
  const id = event.key;
  // A download started in another tab, or in one closed since, shows here too.
  if (!items.some((i) => i.id === id))
    items = [
      ...items,
      {
        id,
        sessionId: event.sessionId,
        lang: event.lang,
        title: event.title,
        status: 'inprogress',
        progress: 0,
        error: null,
      },
    ];
  switch (event.type) {
    case 'progress':
      update(id, { status: 'inprogress', progress: event.progress });
      return;
    case 'complete':
      saved = new Set([...saved, id]);
      update(id, { status: 'complete', progress: 100 });
      return;
    case 'failed':
      fail(id, event.error);
  }
}

function fail(id: string, error: DownloadErrorKind): void {
  if (!items.some((i) => i.id === id)) return;
  update(id, { status: 'failed', error });
  // The failed item stays 5 s, is marked inactive and leaves the list.
  window.setTimeout(() => {
    if (items.find((i) => i.id === id)?.status !== 'failed') return;
    update(id, { status: 'inactive' });
    removeItem(id);
  }, DOWNLOAD_FAILED_HIDE_MS);
}

const post = (to: ServiceWorker, message: DownloadMessage) => to.postMessage(message);

let listening = false;
/** The worker's reports of the jobs it runs, for every window of the app. */
function listenToWorker(): void {
  if (listening || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', (message: MessageEvent) => {
    const data: unknown = message.data;
    if (!data || typeof data !== 'object' || (data as { type?: unknown }).type !== DOWNLOAD_EVENT)
      return;
    const parsed = FileJobEvent.safeParse((data as { event?: unknown }).event);
    if (parsed.success) onJobEvent(parsed.data);
  });
  // What the worker is running (or just finished) for other tabs, or for one closed since.
  const to = worker();
  if (to) post(to, { type: 'DOWNLOAD_STATUS' });
}

/**
 * The downloads of this app (issues 13 and 30): a module-level store, so a download keeps going
 * while the user moves around the app; the panel and the buttons read it. Once prepared, a
 * download's files are fetched by the service worker, so it finishes after its tab closes; every
 * window hears its progress. Without a worker the page fetches them itself.
 */
export const downloads = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    listenToWorker();
    if (!savedLoaded) {
      savedLoaded = true;
      void downloads.refreshSaved();
    }
    return () => listeners.delete(listener);
  },
  items: (): readonly DownloadItem[] => items,
  saved: (): ReadonlySet<string> => saved,

  /** Re-reads which downloads are stored (after /setting/download deleted some). */
  async refreshSaved(): Promise<void> {
    const records = await readRecords().catch(() => []);
    saved = new Set(records.map((r) => r.key));
    emit();
  },

  /** Starts downloading a session in a language; a second start of the same one is ignored. */
  start(session: Session, lang: Lang): void {
    const id = downloadKey(session.id, lang);
    if (items.some((i) => i.id === id && i.status === 'inprogress')) return;
    cancelled.delete(id);
    listenToWorker();
    const item: DownloadItem = {
      id,
      sessionId: session.id,
      lang,
      title: titleFor(session, lang),
      status: 'inprogress',
      progress: 0,
      error: null,
    };
    items = [...items.filter((i) => i.id !== id), item];
    emit();
    const controller = new AbortController();
    controllers.set(id, controller);
    prepare(item, session, controller.signal).then(
      (job) => {
        const to = worker();
        if (to) {
          controllers.delete(id);
          post(to, { type: 'DOWNLOAD_FILES', job });
        } else {
          void runFileJob(job, controller.signal, onJobEvent).finally(() => controllers.delete(id));
        }
      },
      (error: unknown) => {
        controllers.delete(id);
        if (controller.signal.aborted) return;
        console.warn('[downloads] failed', id, error);
        fail(id, errorKind(error));
      },
    );
  },

  /** Cancels a download: its fetching stops, its item and whatever it stored are removed. */
  async cancel(id: string): Promise<void> {
    const item = items.find((i) => i.id === id);
    controllers.get(id)?.abort();
    controllers.delete(id);
    if (item?.status === 'inprogress') {
      cancelled.add(id);
      // The worker may run it for another (or a closed) tab: it is asked whatever this page did.
      const to = worker();
      if (to) post(to, { type: 'DOWNLOAD_CANCEL', key: id });
    }
    removeItem(id);
    // A finished download cancelled from the panel is deleted like from /setting/download.
    if (item?.status === 'complete') {
      await deleteDownload(id);
      const next = new Set(saved);
      next.delete(id);
      saved = next;
      emit();
    }
  },

  /** Takes an item off the panel, keeping its data (a complete download stays downloaded). */
  dismiss(id: string): void {
    if (items.find((i) => i.id === id)?.status === 'inprogress') return;
    removeItem(id);
  },

  /** Closes the panel: downloads in progress are cancelled, every item leaves the list. */
  closeAll(): void {
    for (const item of items) if (item.status === 'inprogress') void downloads.cancel(item.id);
    items = [];
    emit();
  },

  hasInProgress: (): boolean => items.some((i) => i.status === 'inprogress'),
};
