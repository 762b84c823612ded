import { EARLY_READS } from '@/contracts/constants';

interface EarlyReads {
  token: string;
  reads: Record<string, Promise<Response | null> | undefined>;
}

const storeOf = () =>
  (globalThis as Record<string, unknown>)[EARLY_READS.global] as EarlyReads | undefined;

let sweepPlanned = false;
/**
 * Once the page is past the age the client takes early answers at, the ones nobody took are
 * dropped and their bodies cancelled, so no response is kept open for nothing.
 */
function sweepLater(store: EarlyReads): void {
  if (sweepPlanned) return;
  sweepPlanned = true;
  setTimeout(
    () => {
      for (const [url, read] of Object.entries(store.reads)) {
        delete store.reads[url];
        void read?.then((response) => response?.body?.cancel()).catch(() => undefined);
      }
    },
    Math.max(0, EARLY_READS.maxAgeMs - performance.now()),
  );
}

/**
 * The answer to a read index.html's script already sent (src/server/http/early-reads.ts), taken
 * once: only for the same URL and token, and only in the page's first `EARLY_READS.maxAgeMs`
 * (later a screen's read must be fresh). Undefined when there is none; resolves null when that
 * request failed, and the caller sends its own.
 */
export function takeEarlyRead(
  url: string,
  token: string | null,
): Promise<Response | null> | undefined {
  const store = storeOf();
  if (!store) return undefined;
  sweepLater(store);
  const read = store.reads[url];
  if (!read) return undefined;
  delete store.reads[url];
  if (store.token !== token || performance.now() > EARLY_READS.maxAgeMs) {
    void read.then((response) => response?.body?.cancel()).catch(() => undefined);
    return undefined;
  }
  return read;
}
