import { z } from 'zod';
import { DOWNLOAD_STORE_NAME } from '@/contracts/constants';
import { Lang, type Session } from '@/contracts/entities';
import { downloadableVideo } from '@/contracts/video-choice';
import { DOWNLOADS_CACHE } from './cache-names';

/**
 * The downloads kept on this device (issue 13): one IndexedDB record per session and language in
 * the database and object store both named DOWNLOAD_STORE_NAME ('downloaded-movies'); the files
 * themselves are in the Cache Storage cache of the same name. A record is written only once every
 * file is stored, so a record is a complete download unless its files went missing since (the
 * browser evicted them, or the data was cleared in part) or its session changed on the server:
 * those are "invalid download files", listed for removal.
 */
export const DownloadedMovieRecord = z.object({
  sessionId: z.string().min(1),
  lang: Lang,
  title: z.string().min(1),
  /** Bytes of every stored file. */
  size: z.number().nonnegative(),
  /** Every stored URL (absolute), so deleting removes exactly these. */
  urls: z.array(z.string()).min(1),
  /** sessionFingerprint() of the session when it was downloaded. */
  fingerprint: z.string(),
  createdAt: z.number(),
});
export type DownloadedMovieRecord = z.infer<typeof DownloadedMovieRecord>;

export const downloadKey = (sessionId: string, lang: Lang) => `${sessionId}:${lang}`;

interface DownloadedFile {
  key: string;
  sessionId: string;
  lang: Lang;
  title: string;
  sizeBytes: number;
}

type InvalidReason = 'malformed' | 'incomplete' | 'changed';

export interface InvalidFile {
  key: IDBValidKey;
  /** The title when the record still has one. */
  title: string | null;
  reason: InvalidReason;
}

export interface DownloadList {
  files: DownloadedFile[];
  /** Records that cannot be played back: the pane warns and offers removal. */
  invalid: InvalidFile[];
}

/** What of a session a download depends on: its video, captions and timeline. */
export function sessionFingerprint(session: Session): string {
  const video = downloadableVideo(session);
  const text = JSON.stringify([
    video?.videoId,
    video?.captionFile ?? null,
    video?.duration ?? null,
    video?.actions ?? [],
  ]);
  // FNV-1a, 32 bits: a change detector, not a security check.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length}:${hash.toString(16)}`;
}

/** Splits raw records into well-formed ones and malformed ones. */
export function parseDownloadRecords(
  records: ReadonlyArray<{ key: IDBValidKey; value: unknown }>,
): { valid: Array<{ key: string; record: DownloadedMovieRecord }>; invalid: InvalidFile[] } {
  const valid: Array<{ key: string; record: DownloadedMovieRecord }> = [];
  const invalid: InvalidFile[] = [];
  for (const { key, value } of records) {
    const parsed = DownloadedMovieRecord.safeParse(value);
    if (parsed.success && typeof key === 'string') valid.push({ key, record: parsed.data });
    else {
      const title =
        value && typeof value === 'object' && 'title' in value && typeof value.title === 'string'
          ? value.title || null
          : null;
      invalid.push({ key, title, reason: 'malformed' });
    }
  }
  return { valid, invalid };
}

const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

const factory = (): IDBFactory | null =>
  typeof indexedDB === 'undefined' ? null : (indexedDB as IDBFactory);

/** Opens the store only if it already exists: opening would otherwise create an empty database. */
async function openExisting(idb: IDBFactory): Promise<IDBDatabase | null> {
  if (typeof idb.databases === 'function') {
    const dbs = await idb.databases();
    if (!dbs.some((d) => d.name === DOWNLOAD_STORE_NAME)) return null;
  }
  const open = idb.open(DOWNLOAD_STORE_NAME);
  // Created just now by this open (browsers without databases()): it is empty and has no store.
  open.onupgradeneeded = () => undefined;
  const db = await request(open);
  if (!db.objectStoreNames.contains(DOWNLOAD_STORE_NAME)) {
    db.close();
    return null;
  }
  return db;
}

/** Opens the store, creating it on first use (a download is being saved). */
async function openOrCreate(idb: IDBFactory): Promise<IDBDatabase> {
  const existing = await openExisting(idb);
  if (existing) return existing;
  const version = typeof idb.databases === 'function' ? await currentVersion(idb) : 0;
  const open = idb.open(DOWNLOAD_STORE_NAME, version + 1);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(DOWNLOAD_STORE_NAME))
      open.result.createObjectStore(DOWNLOAD_STORE_NAME);
  };
  return request(open);
}

async function currentVersion(idb: IDBFactory): Promise<number> {
  const dbs = await idb.databases();
  return dbs.find((d) => d.name === DOWNLOAD_STORE_NAME)?.version ?? 0;
}

async function readAll(idb: IDBFactory): Promise<Array<{ key: IDBValidKey; value: unknown }>> {
  const db = await openExisting(idb);
  if (!db) return [];
  try {
    const store = db.transaction(DOWNLOAD_STORE_NAME, 'readonly').objectStore(DOWNLOAD_STORE_NAME);
    const [keys, values] = await Promise.all([
      request(store.getAllKeys()),
      request(store.getAll()),
    ]);
    return keys.map((key, i) => ({ key, value: values[i] as unknown }));
  } finally {
    db.close();
  }
}

/** The complete downloads' records (for the panel and the buttons' "downloaded" state). */
export async function readRecords(
  idb: IDBFactory | null = factory(),
): Promise<Array<{ key: string; record: DownloadedMovieRecord }>> {
  if (!idb) return [];
  return parseDownloadRecords(await readAll(idb)).valid;
}

export async function putRecord(
  record: DownloadedMovieRecord,
  idb: IDBFactory | null = factory(),
): Promise<void> {
  if (!idb) throw new Error('IndexedDB is not available');
  const db = await openOrCreate(idb);
  try {
    const tx = db.transaction(DOWNLOAD_STORE_NAME, 'readwrite');
    await request(
      tx.objectStore(DOWNLOAD_STORE_NAME).put(record, downloadKey(record.sessionId, record.lang)),
    );
  } finally {
    db.close();
  }
}

/** Whether every file of a record is still in the cache. */
async function isComplete(record: DownloadedMovieRecord): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  const cache = await caches.open(DOWNLOADS_CACHE);
  for (const url of record.urls) if (!(await cache.match(url))) return false;
  return true;
}

/**
 * Every download on this device, split into playable files and invalid ones. `currentFingerprint`
 * (online only) answers a session's fingerprint as the server has it now, or null when unknown;
 * a different one marks the download as changed.
 */
export async function listDownloads(
  idb: IDBFactory | null = factory(),
  currentFingerprint?: (sessionId: string) => Promise<string | null>,
): Promise<DownloadList> {
  if (!idb) return { files: [], invalid: [] };
  const { valid, invalid } = parseDownloadRecords(await readAll(idb));
  const files: DownloadedFile[] = [];
  for (const { key, record } of valid) {
    let reason: InvalidReason | null = (await isComplete(record)) ? null : 'incomplete';
    if (!reason && currentFingerprint) {
      const now = await currentFingerprint(record.sessionId).catch(() => null);
      if (now !== null && now !== record.fingerprint) reason = 'changed';
    }
    if (reason) invalid.push({ key, title: record.title, reason });
    else
      files.push({
        key,
        sessionId: record.sessionId,
        lang: record.lang,
        title: record.title,
        sizeBytes: record.size,
      });
  }
  return { files, invalid };
}

/**
 * Removes cached files, except those another download still uses (the two languages of one
 * session share their video).
 */
export async function removeFiles(
  urls: readonly string[],
  exceptKey: IDBValidKey | null,
  idb: IDBFactory | null = factory(),
): Promise<void> {
  if (typeof caches === 'undefined') return;
  const kept = new Set<string>();
  for (const { key, record } of await readRecords(idb))
    if (key !== exceptKey) for (const url of record.urls) kept.add(url);
  const cache = await caches.open(DOWNLOADS_CACHE);
  for (const url of urls) if (!kept.has(url)) await cache.delete(url);
}

/** Deletes a download: its record and its files. */
export async function deleteDownload(
  key: IDBValidKey,
  idb: IDBFactory | null = factory(),
): Promise<void> {
  if (!idb) return;
  const all = await readAll(idb);
  const value = all.find((r) => r.key === key)?.value;
  const parsed = DownloadedMovieRecord.safeParse(value);
  if (parsed.success) await removeFiles(parsed.data.urls, key, idb);
  const db = await openExisting(idb);
  if (!db) return;
  try {
    const tx = db.transaction(DOWNLOAD_STORE_NAME, 'readwrite');
    await request(tx.objectStore(DOWNLOAD_STORE_NAME).delete(key));
  } finally {
    db.close();
  }
  // The last download gone: the whole cache goes, so the browser gives its space back at once.
  if (typeof caches !== 'undefined' && (await readAll(idb)).length === 0)
    await caches.delete(DOWNLOADS_CACHE);
}
