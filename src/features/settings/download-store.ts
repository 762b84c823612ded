import { z } from 'zod';
import { DOWNLOAD_STORE_NAME } from '@/contracts/constants';

/**
 * Downloaded videos live in IndexedDB: database and object store both named
 * DOWNLOAD_STORE_NAME ('downloaded-movies'), one record per file. The settings pane only reads and
 * deletes; the download worker (a later area) writes. Records that do not have this shape are
 * "invalid download files" and are listed for removal.
 */
export const DownloadedMovieRecord = z.object({
  title: z.string().min(1),
  /** Bytes. */
  size: z.number().nonnegative(),
});

export interface DownloadedFile {
  key: IDBValidKey;
  title: string;
  sizeBytes: number;
}

export interface DownloadList {
  files: DownloadedFile[];
  /** Keys of records that cannot be played back (wrong shape): the pane warns and offers removal. */
  invalid: IDBValidKey[];
}

/** Splits raw records into playable files and invalid ones. */
export function parseDownloadRecords(
  records: ReadonlyArray<{ key: IDBValidKey; value: unknown }>,
): DownloadList {
  const out: DownloadList = { files: [], invalid: [] };
  for (const { key, value } of records) {
    const parsed = DownloadedMovieRecord.safeParse(value);
    if (parsed.success)
      out.files.push({ key, title: parsed.data.title, sizeBytes: parsed.data.size });
    else out.invalid.push(key);
  }
  return out;
}

const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

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

const factory = (): IDBFactory | null =>
  typeof indexedDB === 'undefined' ? null : (indexedDB as IDBFactory);

/** Every record of the store; an empty list when there is no store (nothing downloaded yet). */
export async function listDownloads(idb: IDBFactory | null = factory()): Promise<DownloadList> {
  if (!idb) return { files: [], invalid: [] };
  const db = await openExisting(idb);
  if (!db) return { files: [], invalid: [] };
  try {
    const store = db.transaction(DOWNLOAD_STORE_NAME, 'readonly').objectStore(DOWNLOAD_STORE_NAME);
    const [keys, values] = await Promise.all([
      request(store.getAllKeys()),
      request(store.getAll()),
    ]);
    return parseDownloadRecords(keys.map((key, i) => ({ key, value: values[i] })));
  } finally {
    db.close();
  }
}

export async function deleteDownload(
  key: IDBValidKey,
  idb: IDBFactory | null = factory(),
): Promise<void> {
  if (!idb) return;
  const db = await openExisting(idb);
  if (!db) return;
  try {
    const tx = db.transaction(DOWNLOAD_STORE_NAME, 'readwrite');
    await request(tx.objectStore(DOWNLOAD_STORE_NAME).delete(key));
  } finally {
    db.close();
  }
}
