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
export const MIN_BROWSER_VERSION: Record<Exclude<BrowserInfo['name'], 'other'>, number> = {
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

/** Free space for downloads (bytes): a 60-minute lesson at the best quality needs about 200 MB. */
export const STORAGE_PASS_BYTES = 500 * 1024 * 1024;
export function storageVerdict(freeBytes: number): Verdict {
  return freeBytes >= STORAGE_PASS_BYTES ? 'pass' : 'warn';
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
