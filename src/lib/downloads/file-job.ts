import { z } from 'zod';
import { Lang } from '@/contracts/entities';
import { DOWNLOADS_CACHE } from './cache-names';
import { putRecord, removeFiles } from './records';

/**
 * The long part of a download (issue 30): fetching the video's files and writing the record. The
 * page prepares a download (the playlists, the session and its reads, which need the user's
 * token) and hands this job to the service worker, so the download goes on when its tab closes;
 * without a worker the page runs the same job itself. Runs where `window` may not exist.
 */
export const FileJob = z.object({
  /** `sessionId:lang`, the record's key. */
  key: z.string().min(1).max(200),
  sessionId: z.string().min(1).max(100),
  lang: Lang,
  title: z.string().min(1).max(500),
  fingerprint: z.string().max(100),
  /** Files the page has stored already (absolute URLs), and their bytes. */
  stored: z.array(z.url()).max(1000),
  storedBytes: z.number().nonnegative(),
  /** Files still to fetch: this origin's only (absolute URLs). */
  files: z.array(z.url()).max(50_000),
  /** Steps the page has done, of all steps (for the progress). */
  done: z.number().int().nonnegative(),
  total: z.number().int().positive(),
});
export type FileJob = z.infer<typeof FileJob>;

/** The spec's download errors: networkError, storageError, other. */
export type DownloadErrorKind = 'network' | 'storage' | 'other';

/** What a job reports, naming its download; the worker posts each one to every window. */
const JobIdentity = {
  key: z.string(),
  sessionId: z.string(),
  lang: Lang,
  title: z.string(),
};
export const FileJobEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    ...JobIdentity,
    /** Whole percent, at most 99: 100 is for the written record. */
    progress: z.number().int().min(0).max(99),
  }),
  z.object({ type: z.literal('complete'), ...JobIdentity }),
  z.object({
    type: z.literal('failed'),
    ...JobIdentity,
    error: z.enum(['network', 'storage', 'other']),
  }),
]);
export type FileJobEvent = z.infer<typeof FileJobEvent>;

/** What the page posts to the worker. */
export const DownloadMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('DOWNLOAD_FILES'), job: FileJob }),
  z.object({ type: z.literal('DOWNLOAD_CANCEL'), key: z.string() }),
  /** A window that just opened asks for the downloads running, or just ended, in the worker. */
  z.object({ type: z.literal('DOWNLOAD_STATUS') }),
]);
export type DownloadMessage = z.infer<typeof DownloadMessage>;

/** Files fetched at once: enough to fill a school's line, few enough to stop at once on cancel. */
const PARALLEL = 3;

/** No room for the download: the storage error. */
export class StorageFull extends Error {}
/** A fetch that got no answer at all (offline, connection reset). */
class NetworkFailure extends Error {}
/** An answer that is not the file (404, 500 …): the "other" error. */
export class BadAnswer extends Error {}

export function fileErrorKind(error: unknown): DownloadErrorKind {
  if (error instanceof StorageFull) return 'storage';
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return 'storage';
  if (error instanceof NetworkFailure) return 'network';
  return 'other';
}

/** GET of one of the download's files; failures as the errors above. */
export async function getFile(url: string, signal: AbortSignal): Promise<Response> {
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

/**
 * Fetches the job's files into the downloads cache, then writes the record: a record exists only
 * for a complete download. On failure or cancel, everything the download stored (the page's part
 * too) is removed and, unless cancelled, `failed` is reported. Never rejects.
 */
export async function runFileJob(
  job: FileJob,
  signal: AbortSignal,
  report: (event: FileJobEvent) => void,
): Promise<void> {
  const stored = [...job.stored];
  let size = job.storedBytes;
  let done = job.done;
  const queue = [...job.files];
  let failed = false;
  const identity = { key: job.key, sessionId: job.sessionId, lang: job.lang, title: job.title };
  const progress = () =>
    report({
      type: 'progress',
      ...identity,
      progress: Math.min(99, Math.floor((done / job.total) * 100)),
    });
  try {
    const cache = await caches.open(DOWNLOADS_CACHE);
    progress();
    const worker = async () => {
      for (let url = queue.shift(); url !== undefined && !failed; url = queue.shift()) {
        signal.throwIfAborted();
        const response = await getFile(url, signal);
        const type = response.headers.get('content-type') ?? 'application/octet-stream';
        const blob = await response.blob();
        await cache.put(url, new Response(blob, { headers: { 'content-type': type } }));
        stored.push(url);
        size += blob.size;
        done += 1;
        progress();
      }
    };
    // One failed file stops the others from starting new ones.
    const guarded = () =>
      worker().catch((error: unknown) => {
        failed = true;
        throw error;
      });
    // Every fetch settles before anything is cleaned up: a file stored after the clean-up would
    // stay in the cache with no record to find it by.
    const settled = await Promise.allSettled(Array.from({ length: PARALLEL }, guarded));
    for (const result of settled) if (result.status === 'rejected') throw result.reason;
    signal.throwIfAborted();
    await putRecord({
      sessionId: job.sessionId,
      lang: job.lang,
      title: job.title,
      size,
      urls: stored,
      fingerprint: job.fingerprint,
      createdAt: Date.now(),
    });
    report({ type: 'complete', ...identity });
  } catch (error) {
    await removeFiles(stored, job.key).catch(() => undefined);
    if (signal.aborted) return;
    console.warn('[downloads] failed', job.key, error);
    report({ type: 'failed', ...identity, error: fileErrorKind(error) });
  }
}
