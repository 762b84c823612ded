/** Offline downloads (issue 13): the manager, the panel, the button and the stored list. */
export { DownloadButton } from './download-button';
export { DownloadPanel } from './download-panel';
export { downloads } from './manager';
export { deleteDownload, listDownloads, sessionFingerprint } from '@/lib/downloads/records';
