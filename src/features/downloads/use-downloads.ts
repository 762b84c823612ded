import { useSyncExternalStore } from 'react';
import { downloads, type DownloadItem } from './manager';

/** The downloads of this page's life, re-rendering on every change. */
export function useDownloadItems(): readonly DownloadItem[] {
  return useSyncExternalStore(downloads.subscribe, downloads.items);
}

/** Keys (`sessionId:lang`) of the downloads stored on this device. */
export function useSavedDownloads(): ReadonlySet<string> {
  return useSyncExternalStore(downloads.subscribe, downloads.saved);
}
