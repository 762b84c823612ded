import { API_READS_CACHE_NAME, DOWNLOAD_STORE_NAME } from '@/contracts/constants';

/**
 * Storage names shared by the page and the service worker (src/sw/sw.ts).
 * The downloaded files live in the Cache Storage cache `downloaded-movies`, keyed by their URL, so
 * the worker can answer the player's own requests with them; the list of downloads lives in the
 * IndexedDB database and object store of the same name.
 */
export const DOWNLOADS_CACHE = DOWNLOAD_STORE_NAME;
/** API reads the service worker keeps for offline pages; dropped whenever no one is signed in. */
export const API_READS_CACHE = API_READS_CACHE_NAME;
/** The type of the messages in which the worker reports a download's steps (file-job.ts). */
export const DOWNLOAD_EVENT = 'DOWNLOAD_EVENT';
