import { tokenStorage } from '@/lib/storage';
import {
  probeLongPoll,
  probeStreamFlows,
  realtimeProbe,
  RealtimeProbeError,
} from './realtime-probe';
import {
  browserVerdict,
  clockVerdict,
  median,
  networkVerdict,
  parseUserAgent,
  realtimeVerdict,
  STORAGE_CHUNK_BYTES,
  STORAGE_PASS_BYTES,
  STORAGE_WRITE_LIMIT_MS,
  storageByWrite,
  storageEstimateTrusted,
  storageVerdict,
  throughputMbps,
  type Verdict,
} from './rules';

import type { CheckId } from './check-ids';

export { CHECK_IDS, type CheckId } from './check-ids';

export interface CheckResult {
  id: CheckId;
  verdict: Verdict;
  /** The measured facts, shown with the verdict and copied into the report. */
  values: Record<string, string | number>;
  /** Which explanation of the verdict to show (a key under check:<id>.). */
  reason: string;
}

/** The short test clip (public/check: 6 s of the demo video, H.264 + AAC in MPEG-TS, named .m2ts so no tool takes them for TypeScript). */
const TEST_CLIP = '/check/clip.m3u8';
const CLIP_SEGMENTS = ['/check/seg-000.m2ts', '/check/seg-001.m2ts', '/check/seg-002.m2ts'];
const H264_AAC = 'video/mp4; codecs="avc1.42c01e,mp4a.40.2"';

const result = (
  id: CheckId,
  verdict: Verdict,
  reason: string,
  values: CheckResult['values'] = {},
): CheckResult => ({ id, verdict, reason, values });

const round = (n: number) => Math.round(n);
const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms)),
  ]);

function checkBrowser(): CheckResult {
  const info = parseUserAgent(navigator.userAgent);
  const verdict = browserVerdict(info);
  return result('browser', verdict, verdict === 'pass' ? 'supported' : 'old', {
    browser: info.name === 'other' ? navigator.userAgent.slice(0, 80) : info.name,
    version: info.version,
  });
}

/** Plays the test clip muted in a hidden video element; resolves how far it got. */
async function playClip(video: HTMLVideoElement): Promise<() => void> {
  const { default: Hls } = await import('hls.js');
  if (Hls.isSupported()) {
    const hls = new Hls({ enableWorker: false });
    hls.loadSource(TEST_CLIP);
    hls.attachMedia(video);
    return () => hls.destroy();
  }
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = TEST_CLIP;
    return () => video.removeAttribute('src');
  }
  throw new Error('no HLS');
}

async function checkVideo(): Promise<CheckResult> {
  const mse = typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(H264_AAC);
  const video = document.createElement('video');
  const native = video.canPlayType('application/vnd.apple.mpegurl') !== '';
  if (!mse && !native) return result('video', 'fail', 'noHls', { mse: 'no', hls: 'no' });
  video.muted = true;
  video.playsInline = true;
  let stop = () => undefined as void;
  try {
    stop = await playClip(video);
    await withTimeout(video.play(), 8000);
    // The clip must really advance: a decoder that accepts the data but shows nothing fails.
    await withTimeout(
      new Promise<void>((resolve) => {
        const tick = () => (video.currentTime > 0.5 ? resolve() : setTimeout(tick, 100));
        tick();
      }),
      8000,
    );
    return result('video', 'pass', 'played', {
      mse: mse ? 'yes' : 'no',
      seconds: video.currentTime.toFixed(1),
    });
  } catch {
    return result('video', 'fail', 'notPlayed', { mse: mse ? 'yes' : 'no' });
  } finally {
    video.pause();
    stop();
  }
}

/**
 * Whether a video may start with sound without a tap. When it may not, the watch page's join tap
 * starts it: a warning that tells the teacher to expect the tap, not a failure.
 */
async function checkAutoplay(): Promise<CheckResult> {
  const video = document.createElement('video');
  let stop = () => undefined as void;
  try {
    stop = await playClip(video);
    video.muted = false;
    try {
      await withTimeout(video.play(), 8000);
      return result('autoplay', 'pass', 'allowed', { sound: 'yes' });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'NotAllowedError')) throw error;
    }
    video.muted = true;
    try {
      await withTimeout(video.play(), 8000);
      return result('autoplay', 'warn', 'tapForSound', { sound: 'no', muted: 'yes' });
    } catch {
      return result('autoplay', 'warn', 'tapToPlay', { sound: 'no', muted: 'no' });
    }
  } catch {
    return result('autoplay', 'fail', 'error');
  } finally {
    video.pause();
    stop();
  }
}

async function checkAudio(): Promise<CheckResult> {
  const Ctx =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  const aac = document.createElement('audio').canPlayType('audio/mp4; codecs="mp4a.40.2"') !== '';
  if (!Ctx || !aac) return result('audio', 'fail', 'noAudio', { aac: aac ? 'yes' : 'no' });
  const ctx = new Ctx();
  try {
    return result('audio', 'pass', 'ok', {
      aac: 'yes',
      sampleRate: ctx.sampleRate,
      channels: ctx.destination.maxChannelCount,
    });
  } finally {
    void ctx.close();
  }
}

/**
 * Round trips to /healthz, and the download speed of the test clip's segments fetched in
 * parallel, less one round trip (throughputMbps).
 */
async function checkNetwork(): Promise<
  CheckResult & { clock?: { offsetMs: number; precisionMs: number } }
> {
  const trips: number[] = [];
  let clock: { offsetMs: number; precisionMs: number } | undefined;
  try {
    for (let i = 0; i < 5; i++) {
      const before = performance.now();
      const wallBefore = Date.now();
      const res = await withTimeout(fetch(`/healthz?check=${i}`, { cache: 'no-store' }), 10_000);
      const took = performance.now() - before;
      trips.push(took);
      const date = res.headers.get('date');
      if (date && (!clock || took / 2 + 1000 < clock.precisionMs)) {
        // The Date header has whole seconds: the server's time is within [date, date + 1 s).
        const server = Date.parse(date) + 500;
        clock = { offsetMs: server - (wallBefore + took / 2), precisionMs: 500 + took / 2 };
      }
      await res.arrayBuffer();
    }
    // The segments, twice each, all at once: their speed is not the round trip's (issue 27).
    const urls = [...CLIP_SEGMENTS, ...CLIP_SEGMENTS].map(
      (seg, i) => new URL(`${seg}?check=${Date.now()}-${i}`, window.location.href).href,
    );
    const transfers = await withTimeout(
      Promise.all(
        urls.map(async (url) => {
          const startMs = performance.now();
          const res = await fetch(url, { cache: 'no-store' });
          if (!res.ok) throw new Error(String(res.status));
          const bytes = (await res.arrayBuffer()).byteLength;
          const endMs = performance.now();
          // The request's own start (after any new connection's handshake) when the browser
          // tells it: a connection set up in parallel is not the line's speed either.
          const timing = performance.getEntriesByName(url)[0] as
            PerformanceResourceTiming | undefined;
          return { bytes, startMs: timing?.requestStart || startMs, endMs };
        }),
      ),
      20_000,
    );
    const rtt = median(trips);
    const mbps = throughputMbps(transfers, rtt);
    const verdict = networkVerdict(rtt, mbps);
    return {
      ...result('network', verdict, verdict === 'pass' ? 'ok' : 'slow', {
        roundTripMs: round(rtt),
        mbps: mbps >= 100 ? '100+' : mbps.toFixed(1),
      }),
      ...(clock ? { clock } : {}),
    };
  } catch {
    return result('network', 'fail', 'unreachable');
  }
}

async function checkRealtime(): Promise<
  CheckResult & { clock?: { offsetMs: number; precisionMs: number } }
> {
  let backend = '';
  try {
    const probe = await realtimeProbe(tokenStorage.getToken(), undefined, (name) => {
      backend = name;
    });
    const verdict = realtimeVerdict(probe.connectMs, probe.roundTripMs);
    return {
      ...result('realtime', verdict, verdict === 'pass' ? 'ok' : 'slow', {
        backend,
        connectMs: round(probe.connectMs),
        roundTripMs: round(probe.roundTripMs),
      }),
      ...(probe.serverTimeAtMidpoint !== null
        ? {
            clock: {
              offsetMs: probe.serverTimeAtMidpoint - probe.clientTimeAtMidpoint,
              precisionMs: probe.roundTripMs / 2,
            },
          }
        : {}),
    };
  } catch (error) {
    const reason = error instanceof RealtimeProbeError ? error.reason : 'refused';
    const host = error instanceof RealtimeProbeError ? error.host : undefined;
    return result('realtime', 'fail', reason, {
      ...(backend ? { backend } : {}),
      ...(host ? { host } : {}),
    });
  }
}

/**
 * Which way the live lesson reaches the hub on this network (issue 27): the WebSocket when the
 * realtime check got through, else the HTTP fallback's stream, else its long-poll — the order
 * the rooms try them in (features/rooms/realtime.ts).
 */
async function checkPath(realtime: CheckResult, timeoutMs = 6_000): Promise<CheckResult> {
  if (realtime.verdict !== 'fail') return result('path', 'pass', 'ws', { path: 'WebSocket' });
  const token = tokenStorage.getToken();
  if (await probeStreamFlows(timeoutMs)) {
    return result('path', 'pass', 'stream', { path: 'HTTP streaming (SSE)' });
  }
  if (await probeLongPoll(token, timeoutMs)) {
    return result('path', 'warn', 'longpoll', { path: 'HTTP long-polling' });
  }
  return result('path', 'fail', 'none');
}

function checkClock(
  samples: ReadonlyArray<{ offsetMs: number; precisionMs: number } | undefined>,
): CheckResult {
  const best = samples
    .filter((s): s is { offsetMs: number; precisionMs: number } => s !== undefined)
    .sort((a, b) => a.precisionMs - b.precisionMs)[0];
  if (!best) return result('clock', 'warn', 'unknown');
  const verdict = clockVerdict(best.offsetMs, best.precisionMs);
  return result('clock', verdict, verdict === 'pass' ? 'ok' : 'off', {
    offsetMs: round(best.offsetMs),
  });
}

/**
 * The Cache Storage caches the measuring write uses (this prefix, one per run, so a run never
 * writes into a cache the previous one is still deleting); each is deleted whole when done.
 */
const SPACE_CHECK_CACHE = 'tomoni-check-space';

/**
 * Free space for downloads. The estimate is shown when it can be believed
 * (storageEstimateTrusted); otherwise a real write measures it: chunks into Cache Storage (where
 * the downloads go) up to the pass threshold, stopping at the first refusal or after
 * STORAGE_WRITE_LIMIT_MS, and everything written is deleted again.
 */
async function checkStorage(): Promise<CheckResult> {
  if (!navigator.storage?.estimate || typeof caches === 'undefined')
    return result('storage', 'fail', 'unsupported');
  let estimate: StorageEstimate;
  let persisted = false;
  try {
    estimate = await navigator.storage.estimate();
    persisted = (await navigator.storage.persisted?.()) ?? false;
  } catch {
    return result('storage', 'fail', 'unsupported');
  }
  if (storageEstimateTrusted(estimate, persisted)) {
    const free = Math.max(0, (estimate.quota ?? 0) - (estimate.usage ?? 0));
    const verdict = storageVerdict(free);
    return result('storage', verdict, verdict === 'pass' ? 'ok' : 'low', {
      freeMB: Math.floor(free / (1024 * 1024)),
      source: 'estimate',
    });
  }
  try {
    const measured = recentMeasurement() ?? (await measureByWrite());
    rememberMeasurement(measured);
    return result('storage', measured.verdict, measured.reason, {
      freeMB: measured.freeMB,
      source: 'write',
    });
  } catch {
    return result('storage', 'fail', 'unsupported');
  }
}

/**
 * A measurement by write is kept this long (ms): "check again" right after does not write another
 * 500 MB (a browser may not have given back the space the first run freed, and a pupil's disk
 * need not take the wear).
 */
const MEASUREMENT_KEPT_MS = 15 * 60_000;
const MEASUREMENT_KEY = 'tomoni.check.space';
type Measured = ReturnType<typeof storageByWrite>;

function recentMeasurement(): Measured | null {
  try {
    const raw = JSON.parse(localStorage.getItem(MEASUREMENT_KEY) ?? 'null') as
      (Measured & { at: number }) | null;
    if (!raw || Date.now() - raw.at > MEASUREMENT_KEPT_MS || Date.now() < raw.at) return null;
    return { verdict: raw.verdict, reason: raw.reason, freeMB: raw.freeMB };
  } catch {
    return null;
  }
}

function rememberMeasurement(measured: Measured): void {
  try {
    localStorage.setItem(MEASUREMENT_KEY, JSON.stringify({ ...measured, at: Date.now() }));
  } catch {
    // Not kept: the next run measures again.
  }
}

async function measureByWrite(): Promise<ReturnType<typeof storageByWrite>> {
  const chunk = new Uint8Array(STORAGE_CHUNK_BYTES);
  const started = performance.now();
  let written = 0;
  const name = `${SPACE_CHECK_CACHE}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  // A run cut short (the page closed mid-write) left its cache: it is not free space.
  for (const stale of await caches.keys())
    if (stale.startsWith(SPACE_CHECK_CACHE)) await caches.delete(stale).catch(() => false);
  try {
    const cache = await caches.open(name);
    for (let i = 0; written < STORAGE_PASS_BYTES; i++) {
      if (performance.now() - started > STORAGE_WRITE_LIMIT_MS)
        return storageByWrite(written, 'timeout');
      const size = Math.min(STORAGE_CHUNK_BYTES, STORAGE_PASS_BYTES - written);
      try {
        await cache.put(`/__check-space/${i}`, new Response(new Blob([chunk.subarray(0, size)])));
      } catch (error) {
        // Refused once something was written: the browser keeps no more (it does not always
        // say QuotaExceededError). Refused at the first chunk for another reason: unknown.
        if (written > 0 || (error instanceof DOMException && error.name === 'QuotaExceededError'))
          return storageByWrite(written, 'full');
        throw error;
      }
      written += size;
    }
    return storageByWrite(written, 'reached');
  } finally {
    await caches.delete(name).catch(() => false);
  }
}

async function checkCookies(): Promise<CheckResult> {
  const failed: string[] = [];
  if (!navigator.cookieEnabled) failed.push('cookies');
  try {
    const key = 'tomoni.check';
    localStorage.setItem(key, '1');
    if (localStorage.getItem(key) !== '1') failed.push('localStorage');
    localStorage.removeItem(key);
  } catch {
    failed.push('localStorage');
  }
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('tomoni-check');
        open.onsuccess = () => {
          open.result.close();
          indexedDB.deleteDatabase('tomoni-check');
          resolve();
        };
        open.onerror = () => reject(open.error ?? new Error('indexedDB'));
      }),
      5000,
    );
  } catch {
    failed.push('indexedDB');
  }
  return failed.length === 0
    ? result('cookies', 'pass', 'ok')
    : result('cookies', 'fail', 'blocked', { blocked: failed.join(', ') });
}

/** Every check, in the page's order; `onResult` is called as each one finishes. */
export async function runChecks(onResult: (r: CheckResult) => void): Promise<CheckResult[]> {
  const out: CheckResult[] = [];
  const add = (r: CheckResult) => {
    const { id, verdict, reason, values } = r;
    const clean = { id, verdict, reason, values };
    out.push(clean);
    onResult(clean);
  };
  add(checkBrowser());
  add(await checkVideo());
  add(await checkAutoplay());
  add(await checkAudio());
  const network = await checkNetwork();
  add(network);
  const realtime = await checkRealtime();
  add(realtime);
  add(await checkPath(realtime));
  add(checkClock([realtime.clock, network.clock]));
  add(await checkStorage());
  add(await checkCookies());
  return out;
}
