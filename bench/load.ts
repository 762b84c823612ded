/**
 * bench:load (issue 10): what a school Chromebook on a slow network pays to open /login and / (signed
 * in) — the bytes Chromium transfers (brotli, and again with only gzip offered) and the time to
 * interactive under Chromium's slow-4G profile and a 4× CPU slowdown, cold cache every time.
 * See bench/README.md for the definitions. The last line reads
 * `load login_kb=… home_kb=… login_tti_ms=… home_tti_ms=…` (brotli bytes, kB = 1,000 bytes).
 *
 * Knobs: BENCH_LOAD_RUNS (runs per route and encoding, default 3; the median is reported),
 * BENCH_SKIP_BUILD=1 (use the dist/client already built), BENCH_LOAD_VERBOSE=1 (list responses).
 */
import { execFileSync } from 'node:child_process';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { STORAGE_KEYS } from '../src/contracts/constants';
import { AuthTokens } from '../src/contracts/api/auth';
import { CHROMIUM_PATH } from '../tests/e2e/support/browser';
import { ROOT, envInt, fmt, hardDeadline, startServerProcess, type ServerProcess } from './support';

/**
 * Chromium DevTools' "Slow 4G" preset (formerly "Fast 3G"): 150 ms × 3.75 = 562.5 ms latency added
 * to every request, 1.6 Mbps × 0.9 down and 750 kbps × 0.9 up (bytes per second for CDP).
 */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;
/** Interactive: the main control usable and no long task (≥ 50 ms) on the main thread for this long. */
const QUIET_MS = 1000;
const BUDGET_KB = 170;
const BUDGET_TTI_MS = 3000;
const ACCOUNT = { username: 'student01', password: 'tomoni-student' };

type Route = 'login' | 'home';
type Encoding = 'br' | 'gzip';

interface Sample {
  bytes: number;
  ttiMs: number;
  /** When the main control was first usable (before the page's later reads and renders). */
  readyMs: number;
  requests: number;
  encodings: Set<string>;
}

/** Records every long task from the first script on, in page time (ms since navigation start). */
const LONG_TASK_OBSERVER = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

/**
 * The page's main control, checked in the page itself: /login's account-name field, and on / the
 * first session card's link inside the sessions section (its data has arrived and it can be used).
 */
function mainControlReady(route: Route): boolean {
  const el =
    route === 'login'
      ? document.querySelector<HTMLInputElement>('form input[type="text"], form input:not([type])')
      : document.querySelector<HTMLAnchorElement>(
          'section[aria-labelledby="home-sessions-title"] a[href]',
        );
  if (!el || el.offsetParent === null) return false;
  return (
    !(el instanceof HTMLInputElement && el.disabled) && el.getAttribute('aria-disabled') !== 'true'
  );
}

async function signInTokens(baseUrl: string): Promise<AuthTokens> {
  const res = await fetch(`${baseUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNT),
  });
  const parsed = AuthTokens.safeParse(await res.json().catch(() => null));
  if (!res.ok || !parsed.success)
    throw new Error(`login ${ACCOUNT.username} failed: ${res.status}`);
  return parsed.data;
}

/** Sums the encoded bytes (headers + body as sent) of every response the page received. */
function countBytes(cdp: CDPSession) {
  const state = { bytes: 0, requests: 0, encodings: new Set<string>() };
  const urls = new Map<string, string>();
  const sentAt = new Map<string, number>();
  let firstAt: number | null = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url);
    sentAt.set(e.requestId, e.timestamp);
    firstAt ??= e.timestamp;
  });
  cdp.on('Network.responseReceived', (e) => {
    const headers = e.response.headers as Record<string, string>;
    const encoding = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-encoding');
    if (encoding) state.encodings.add(encoding[1]);
  });
  cdp.on('Network.loadingFinished', (e) => {
    state.bytes += e.encodedDataLength;
    state.requests += 1;
    // BENCH_LOAD_VERBOSE=1 lists every response (to see what a first load is made of).
    if (process.env.BENCH_LOAD_VERBOSE === '1') {
      // Seconds from the first request: when this one was sent and when its answer was in.
      const t = (at: number | undefined) =>
        at === undefined || firstAt === null ? '?' : ((at - firstAt) * 1000).toFixed(0).padStart(6);
      console.log(
        `  ${String(e.encodedDataLength).padStart(8)} ${t(sentAt.get(e.requestId))} → ${t(e.timestamp)} ms ${urls.get(e.requestId) ?? '?'}`,
      );
    }
  });
  return state;
}

async function measure(
  browser: Browser,
  baseUrl: string,
  route: Route,
  encoding: Encoding,
  tokens: AuthTokens,
): Promise<Sample> {
  // A fresh context: empty cache, no cookies, nothing stored. No service worker: once the page's
  // worker takes control mid-load (skipWaiting + clients.claim), the page's Network domain sees
  // its answers with encodedDataLength 0 (the worker made the real request), so API answers and
  // pictures fetched after that counted nothing; its precache downloads were never counted.
  const context = await browser.newContext({ locale: 'ja-JP', serviceWorkers: 'block' });
  try {
    const init = [LONG_TASK_OBSERVER];
    if (route === 'home') {
      // Signed in as the app leaves it after a login; the once-a-day popup is not part of the load.
      init.push(`
        if (!localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})) {
          localStorage.setItem(${JSON.stringify(STORAGE_KEYS.token)}, ${JSON.stringify(tokens.token)});
          localStorage.setItem(${JSON.stringify(STORAGE_KEYS.refreshToken)}, ${JSON.stringify(tokens.refreshToken ?? '')});
          localStorage.setItem(${JSON.stringify(STORAGE_KEYS.notificationShowAfter)}, String(Date.now() + 86400000));
        }`);
    }
    await context.addInitScript(init.join('\n'));
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (encoding === 'gzip') {
      await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
    }
    const counted = countBytes(cdp);

    await page.goto(`${baseUrl}${route === 'login' ? '/login' : '/'}`, { waitUntil: 'commit' });
    await page.waitForFunction(mainControlReady, route, { polling: 'raf', timeout: 120_000 });
    const readyAt = await page.evaluate(() => performance.now());
    // Interactive once the main thread has been free of long tasks for QUIET_MS.
    // (No named helpers inside: tsx would wrap them in a __name() the page does not have.)
    const ttiMs = await page.evaluate(
      ([ready, quiet]) =>
        new Promise<number>((resolve) => {
          const timer = setInterval(() => {
            const tasks = (window as unknown as { __longTasks: Array<[number, number]> })
              .__longTasks;
            const lastEnd = Math.max(ready, ...tasks.map(([start, length]) => start + length));
            if (performance.now() - lastEnd < quiet) return;
            clearInterval(timer);
            resolve(lastEnd);
          }, 100);
        }),
      [readyAt, QUIET_MS] as const,
    );
    if (process.env.BENCH_LOAD_VERBOSE === '1') {
      // The observer's record: the performance timeline does not keep long tasks.
      const tasks = await page.evaluate(
        () => (window as unknown as { __longTasks: Array<[number, number]> }).__longTasks,
      );
      console.log(
        `  ready at ${Math.round(readyAt)} ms; long tasks (start+duration ms): ` +
          tasks.map(([at, d]) => `${Math.round(at!)}+${Math.round(d!)}`).join(' '),
      );
    }
    // Whatever the page still fetches for its first view (images, later API calls) counts too.
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    if (route === 'home' && page.url().includes('/login')) throw new Error('home: not signed in');
    return {
      bytes: counted.bytes,
      ttiMs,
      readyMs: readyAt,
      requests: counted.requests,
      encodings: counted.encodings,
    };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function main() {
  const runs = envInt('BENCH_LOAD_RUNS', 3);
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.log('building the client (npm run build) …');
    execFileSync('npm', ['run', '-s', 'build'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  let server: ServerProcess | null = null;
  let browser: Browser | null = null;
  const cleanup = async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  };
  hardDeadline(15 * 60_000, cleanup);
  try {
    server = await startServerProcess();
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const tokens = await signInTokens(server.url);
    // Warm the server once (first requests compile routes, open files); not measured.
    for (const route of ['login', 'home'] as const) {
      await measure(browser, server.url, route, 'br', tokens);
    }
    console.log(
      `slow 4G (${SLOW_4G.latency} ms latency, ${fmt((SLOW_4G.downloadThroughput * 8) / 1e6, 2)} Mbps down, ` +
        `${fmt((SLOW_4G.uploadThroughput * 8) / 1e3, 0)} kbps up), CPU ${CPU_SLOWDOWN}× slower, cold cache, ${runs} runs each`,
    );
    const result: Record<Route, Record<Encoding, { kb: number; tti: number }>> = {
      login: { br: { kb: 0, tti: 0 }, gzip: { kb: 0, tti: 0 } },
      home: { br: { kb: 0, tti: 0 }, gzip: { kb: 0, tti: 0 } },
    };
    for (const route of ['login', 'home'] as const) {
      for (const encoding of ['br', 'gzip'] as const) {
        const samples: Sample[] = [];
        for (let i = 0; i < runs; i++) {
          samples.push(await measure(browser, server.url, route, encoding, tokens));
        }
        const kb = median(samples.map((s) => s.bytes)) / 1000;
        const tti = median(samples.map((s) => s.ttiMs));
        result[route][encoding] = { kb, tti };
        const seen = [...new Set(samples.flatMap((s) => [...s.encodings]))].sort().join('+');
        console.log(
          `${route.padEnd(5)} ${encoding.padEnd(4)}: ${fmt(kb)} kB transferred in ${samples[0]!.requests} responses ` +
            `(content-encoding ${seen || 'none'}), time to interactive ${Math.round(tti)} ms ` +
            `(runs: ${samples.map((s) => Math.round(s.ttiMs)).join(', ')} ms; main control ready at ` +
            `${samples.map((s) => Math.round(s.readyMs)).join(', ')} ms)`,
        );
      }
    }
    const ok =
      result.login.br.kb <= BUDGET_KB &&
      result.home.br.kb <= BUDGET_KB &&
      result.login.br.tti <= BUDGET_TTI_MS &&
      result.home.br.tti <= BUDGET_TTI_MS;
    console.log(
      `${ok ? 'PASS' : 'FAIL'}: budgets ≤ ${BUDGET_KB} kB transferred (brotli) and ≤ ${BUDGET_TTI_MS} ms to interactive`,
    );
    console.log(
      `load login_kb=${fmt(result.login.br.kb)} home_kb=${fmt(result.home.br.kb)} ` +
        `login_tti_ms=${Math.round(result.login.br.tti)} home_tti_ms=${Math.round(result.home.br.tti)}`,
    );
  } finally {
    await cleanup();
  }
}

await main();
