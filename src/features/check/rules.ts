/**
 * The system check's verdicts (issue 13): pure functions from what was measured to pass, warn or
 * fail, so the thresholds are tested without a browser and read in one place.
 */
export type Verdict = 'pass' | 'warn' | 'fail';

export interface BrowserInfo {
  name: 'Chrome' | 'Edge' | 'Firefox' | 'Safari' | 'other';
  version: number;
}

/** Oldest versions the app is built and tested for (ES2022, MSE, Cache Storage, Web Locks). */
const MIN_BROWSER_VERSION: Record<Exclude<BrowserInfo['name'], 'other'>, number> = {
  Chrome: 109,
  Edge: 109,
  Firefox: 115,
  Safari: 15.4,
};

/** Browser and major version from a user-agent string (Edge and Chrome told apart). */
export function parseUserAgent(ua: string): BrowserInfo {
  const num = (re: RegExp) => Number.parseFloat(re.exec(ua)?.[1] ?? '0');
  if (/Edg\//.test(ua)) return { name: 'Edge', version: num(/Edg\/(\d+(?:\.\d+)?)/) };
  if (/Firefox\//.test(ua)) return { name: 'Firefox', version: num(/Firefox\/(\d+(?:\.\d+)?)/) };
  if (/(Chrome|Chromium|CriOS)\//.test(ua))
    return { name: 'Chrome', version: num(/(?:Chrome|Chromium|CriOS)\/(\d+(?:\.\d+)?)/) };
  if (/Safari\//.test(ua) && /Version\//.test(ua))
    return { name: 'Safari', version: num(/Version\/(\d+(?:\.\d+)?)/) };
  return { name: 'other', version: 0 };
}

export function browserVerdict(info: BrowserInfo): Verdict {
  if (info.name === 'other') return 'warn';
  return info.version >= MIN_BROWSER_VERSION[info.name] ? 'pass' : 'warn';
}

/** Round trip (ms, median) and download speed (megabits per second) to this server. */
export function networkVerdict(roundTripMs: number, mbps: number): Verdict {
  if (roundTripMs <= 300 && mbps >= 2) return 'pass';
  return 'warn';
}

/** The realtime connection: connect time and a message's round trip (ms). */
export function realtimeVerdict(connectMs: number, roundTripMs: number): Verdict {
  return connectMs <= 3000 && roundTripMs <= 500 ? 'pass' : 'warn';
}

/**
 * The clock's offset from the server (ms). The sync engine measures and corrects it, so a large
 * offset is a warning (times shown on screen are off), not a failure.
 */
export function clockVerdict(offsetMs: number, precisionMs: number): Verdict {
  return Math.abs(offsetMs) <= 2000 + precisionMs ? 'pass' : 'warn';
}

/**
 * Download speed (megabits per second) of transfers fetched in parallel: their bytes over the
 * time from the first request to the last byte, less one round trip (the requests travel out
 * together and the first byte needs one round trip however fast the line is). So a far but fast
 * line is not read as a slow one. Times in ms; a window shorter than 1 ms counts as 1 ms.
 */
export function throughputMbps(
  transfers: ReadonlyArray<{ bytes: number; startMs: number; endMs: number }>,
  roundTripMs: number,
): number {
  if (transfers.length === 0) return 0;
  const bytes = transfers.reduce((sum, t) => sum + t.bytes, 0);
  const start = Math.min(...transfers.map((t) => t.startMs));
  const end = Math.max(...transfers.map((t) => t.endMs));
  const transferMs = Math.max(end - start - Math.max(roundTripMs, 0), 1);
  return (bytes * 8) / (transferMs / 1000) / 1_000_000;
}

/** Free space for downloads (bytes): a 60-minute lesson at the best quality needs about 200 MB. */
export const STORAGE_PASS_BYTES = 500 * 1024 * 1024;
export function storageVerdict(freeBytes: number): Verdict {
  return freeBytes >= STORAGE_PASS_BYTES ? 'pass' : 'warn';
}

const MiB = 1024 * 1024;

/**
 * Whether navigator.storage.estimate() can be believed. Chromium makes its quota up for sites
 * whose storage is not persisted (usage plus a round 10 GiB, so a site cannot measure the disk),
 * and other browsers give a share of the disk they may not honour under pressure. The rule: the
 * estimate is believed only when it is a warning anyway (below the pass threshold: a made-up
 * quota is never that small), or when storage is persisted and neither the quota nor the free
 * space is a whole number of MiB (a round figure is a made-up one). Otherwise a real write
 * measures it (storageByWrite).
 */
export function storageEstimateTrusted(
  estimate: { quota?: number | undefined; usage?: number | undefined },
  persisted: boolean,
): boolean {
  const quota = estimate.quota ?? 0;
  const free = quota - (estimate.usage ?? 0);
  if (quota <= 0) return false;
  if (free < STORAGE_PASS_BYTES) return true;
  return persisted && quota % MiB !== 0 && free % MiB !== 0;
}

/** The write that measures free space: chunks of this size, up to the pass threshold, in time. */
export const STORAGE_CHUNK_BYTES = 25 * MiB;
export const STORAGE_WRITE_LIMIT_MS = 20_000;

/**
 * What a measuring write found: `written` bytes, then whether the browser refused more
 * (QuotaExceededError) or the time ran out. Reaching the threshold passes ("at least N MB"); a
 * refusal below it is the free space, a warning; running out of time is a warning that says
 * what was written before the check stopped.
 */
export function storageByWrite(
  written: number,
  stop: 'reached' | 'full' | 'timeout',
): { verdict: Verdict; reason: 'atLeast' | 'measuredLow' | 'timeout'; freeMB: number } {
  const freeMB = Math.floor(written / MiB);
  if (stop === 'reached' || storageVerdict(written) === 'pass')
    return { verdict: 'pass', reason: 'atLeast', freeMB };
  return { verdict: 'warn', reason: stop === 'timeout' ? 'timeout' : 'measuredLow', freeMB };
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
