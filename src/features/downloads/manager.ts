import { DOWNLOAD_FAILED_HIDE_MS } from '@/contracts/constants';
import type { Lang, Session, Video } from '@/contracts/entities';
import { downloadableVideo } from '@/contracts/video-choice';
import { downloadActivity } from '@/lib/download-activity';
import { isApiError } from '@/lib/api-errors';
import { readForOffline } from './api/offline-reads';
import { API_READS_CACHE, DOWNLOADS_CACHE } from './cache-names';
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
  putRecord,
  readRecords,
  removeFiles,
  sessionFingerprint,
} from './records';

type DownloadStatus = 'inprogress' | 'complete' | 'failed' | 'inactive';
/** The spec's download errors: networkError, storageError, other. */
export type DownloadErrorKind = 'network' | 'storage' | 'other';

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

/** No room for the download: it fails early with the storage error. */
class StorageFull extends Error {}
/** A fetch that got no answer at all (offline, connection reset). */
class NetworkFailure extends Error {}
/** An answer that is not the file (404, 500 …): the "other" error. */
class BadAnswer extends Error {}

const PERSIST_ASKED_KEY = 'tomoni.downloads.persistAsked';
/** Files fetched at once: enough to fill a school's line, few enough to stop at once on cancel. */
const PARALLEL = 3;

function errorKind(error: unknown): DownloadErrorKind {
  if (error instanceof StorageFull) return 'storage';
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return 'storage';
  if (error instanceof NetworkFailure) return 'network';
  if (isApiError(error) && error.code === 'network') return 'network';
  return 'other';
}

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

async function get(url: string, signal: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new NetworkFailure(error instanceof Error ? error.message : 'network');
  }
  if (!response.ok) throw new BadAnswer(`${response.status} for ${url}`);
  return response;
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

async function run(item: DownloadItem, session: Session, signal: AbortSignal): Promise<void> {
  // The video the watch page plays this session alone, so offline playback finds its files.
  const video = downloadableVideo(session);
  if (!video) throw new BadAnswer('The session has no video to download');
  await askPersistOnce();
  const masterUrl = abs(video.videoId);
  const masterText = await (await get(masterUrl, signal)).text();
  const variant = pickVariant(parseMaster(masterText, masterUrl));
  const mediaUrl = variant?.url ?? masterUrl;
  const mediaText = variant ? await (await get(mediaUrl, signal)).text() : masterText;
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
  const put = async (url: string, body: Blob | string, headers: HeadersInit) => {
    const blob = typeof body === 'string' ? new Blob([body]) : body;
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
    const queue = [...media.files, ...extras];
    const total = reads.length + queue.length;
    let done = 0;
    let failed = false;
    const json = { 'content-type': 'application/json; charset=utf-8' };
    for (const read of reads) {
      signal.throwIfAborted();
      const { path, body } = await readForOffline(read);
      signal.throwIfAborted();
      await put(abs(path), JSON.stringify(body), json);
      done += 1;
      update(item.id, { progress: Math.min(99, Math.floor((done / total) * 100)) });
    }
    const worker = async () => {
      for (let url = queue.shift(); url !== undefined && !failed; url = queue.shift()) {
        signal.throwIfAborted();
        const response = await get(url, signal);
        const type = response.headers.get('content-type') ?? 'application/octet-stream';
        await put(url, await response.blob(), { 'content-type': type });
        done += 1;
        // 100 % is kept for the moment the record is written.
        update(item.id, { progress: Math.min(99, Math.floor((done / total) * 100)) });
      }
    };
    // One failed file stops the others from starting new ones.
    const guarded = () =>
      worker().catch((error: unknown) => {
        failed = true;
        throw error;
      });
    await Promise.all(Array.from({ length: PARALLEL }, guarded));
    signal.throwIfAborted();
    await putRecord({
      sessionId: session.id,
      lang: item.lang,
      title: item.title,
      size,
      urls: stored,
      fingerprint: sessionFingerprint(session),
      createdAt: Date.now(),
    });
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

/**
 * The downloads of this page's life (issue 13): a module-level store, so a download keeps going
 * while the user moves around the app; the panel and the buttons read it.
 */
export const downloads = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
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
    run(item, session, controller.signal).then(
      () => {
        controllers.delete(id);
        saved = new Set([...saved, id]);
        update(id, { status: 'complete', progress: 100 });
      },
      (error: unknown) => {
        controllers.delete(id);
        if (controller.signal.aborted) return;
        console.warn('[downloads] failed', id, error);
        update(id, { status: 'failed', error: errorKind(error) });
        // The failed item stays 5 s, is marked inactive and leaves the list.
        window.setTimeout(() => {
          if (items.find((i) => i.id === id)?.status !== 'failed') return;
          update(id, { status: 'inactive' });
          removeItem(id);
        }, DOWNLOAD_FAILED_HIDE_MS);
      },
    );
  },

  /** Cancels a download: the worker stops, its item and whatever it stored are removed. */
  async cancel(id: string): Promise<void> {
    const item = items.find((i) => i.id === id);
    controllers.get(id)?.abort();
    controllers.delete(id);
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
