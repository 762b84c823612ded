import { Upload } from 'tus-js-client';
import { apiClient } from '@/lib/api-client';

/**
 * A resumable upload of one video file with tus (issue 15). tus-js-client keeps the upload's
 * URL by file fingerprint in localStorage and retries a dropped connection with growing delays,
 * so a drop on school Wi-Fi — or a closed tab reopened — continues from the last byte the server
 * has, not from the start. The access token is read before every request (it may be refreshed
 * during a long upload).
 */
export interface VideoUploadHandle {
  abort(): void;
}

const UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;
/** Waits between retries after a drop: about a minute in all, then the studio shows the error. */
const RETRY_DELAYS = [0, 1000, 2000, 3000, 5000, 5000, 10_000, 10_000, 15_000];

/**
 * What the studio shows of an upload's progress: never backwards, and held while offline. The
 * browser counts bytes handed to the network, not bytes the server kept: offline, a chunk "sends"
 * into nothing and its retry starts again from the server's offset, so the raw figure ran ahead
 * and then fell back (issue 24). The bytes the server acknowledged (`accepted`) are a floor.
 */
export function createProgressMeter(isOnline: () => boolean) {
  let accepted = 0;
  let shown = 0;
  return {
    /** The browser's count of bytes sent; returns what to show, or null to leave it as it is. */
    sent(bytes: number): number | null {
      if (!isOnline()) return null;
      const next = Math.max(shown, accepted, bytes);
      if (next === shown) return null;
      shown = next;
      return shown;
    },
    /** The server has kept this many bytes (a chunk completed). */
    accepted(bytes: number): number | null {
      accepted = Math.max(accepted, bytes);
      if (accepted <= shown) return null;
      shown = accepted;
      return shown;
    },
  };
}

export function uploadVideo(
  file: File,
  videoId: string,
  on: {
    progress: (sent: number, total: number) => void;
    success: () => void;
    error: (status: number | null, message: string) => void;
  },
  chunkSize = UPLOAD_CHUNK_BYTES,
): VideoUploadHandle {
  const meter = createProgressMeter(() => typeof navigator === 'undefined' || navigator.onLine);
  const show = (bytes: number | null, total: number) => {
    if (bytes !== null) on.progress(bytes, total);
  };
  const upload = new Upload(file, {
    endpoint: '/v1/studio/uploads',
    chunkSize,
    retryDelays: RETRY_DELAYS,
    removeFingerprintOnSuccess: true,
    metadata: { videoId, filename: file.name, filetype: file.type },
    // The fingerprint includes the video, so the same file for another video is a new upload.
    fingerprint: (f: File) =>
      Promise.resolve(`tomoni-studio:${videoId}:${f.name}:${f.size}:${f.lastModified}`),
    onBeforeRequest: (req) => {
      const token = apiClient.tokens.getToken();
      if (token) req.setHeader('Authorization', `Bearer ${token}`);
    },
    onShouldRetry: (err, _attempt, options) => {
      const status = err.originalResponse?.getStatus() ?? 0;
      if (status === 401) {
        // An expired token: refresh it, then the retry carries the new one.
        void apiClient.refresh();
        return true;
      }
      if (status >= 400 && status < 500 && status !== 409 && status !== 423) return false;
      return options.retryDelays !== null;
    },
    onProgress: (sent, total) => show(meter.sent(sent), total),
    onChunkComplete: (_chunk, accepted, total) => show(meter.accepted(accepted), total),
    onSuccess: () => on.success(),
    onError: (err) => {
      const res = 'originalResponse' in err ? err.originalResponse : null;
      on.error(res?.getStatus() ?? null, err.message);
    },
  });
  void upload.findPreviousUploads().then((previous) => {
    const last = previous[0];
    if (last) upload.resumeFromPreviousUpload(last);
    upload.start();
  });
  return { abort: () => void upload.abort() };
}
