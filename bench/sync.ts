import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { RoomEvent, StreamResponse } from '../src/contracts/stream';
import { z } from 'zod';
import { DEMO_PASSWORDS } from '../src/server/seed/accounts';
import { DEMO_IDS } from '../src/server/seed/demo';
import { text } from '../tests/e2e/support/locales';
import { signIn } from '../tests/e2e/support/login';
import { startDelayProxy, type DelayProxy } from './delay-proxy';
import {
  api,
  fmt,
  hardDeadline,
  login,
  percentile,
  ROOT,
  sleep,
  startServerProcess,
  wallNow,
  type ServerProcess,
} from './support';

/**
 * `npm run bench:sync`: how closely followers' players track the room's timeline.
 *
 * One real server process (needs the built client: `npm run build`), one headless Chromium with a
 * context per viewer — the demo teacher as host and FOLLOWERS demo students — each reaching the
 * server through its own delay proxy (bench/delay-proxy.ts: DELAY_MS ± JITTER_MS each way, order
 * kept), so page, API, media segments and the room socket all see the delay. Everyone opens the
 * room's watch page with `debugSync=1` and taps Join. The host then drives the room through the
 * watch page's host controls, found by role and label as a teacher would use them: play, +10 s,
 * −10 s, 1.5×, 1×, pause, play, SEGMENT_MS apart. Each command's effectiveAt is read from the
 * host page's own POST response.
 *
 * Every SAMPLE_MS each follower is read in one page.evaluate: video.currentTime,
 * __tomoniSync.expectedPosition() and __tomoniSync.serverNow() (all followers in parallel, so
 * the readings share an instant). Drift = currentTime − expectedPosition.
 *   - steady drift p50/p95/max: every sample from the first play on, except those within
 *     SETTLE_WINDOW_MS after a command's effectiveAt;
 *   - back in sync: per command and follower, the time from effectiveAt until drift stays
 *     ≤ IN_SYNC_MS for the rest of the segment (the worst follower is reported);
 *   - start spread: after each play, each follower's start instant is extrapolated back from its
 *     first advancing sample (serverNow − (currentTime − playPosition) ÷ rate); the spread is the
 *     latest minus the earliest start.
 */

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 4);
const DELAY_MS = 50;
const JITTER_MS = 20;
const SAMPLE_MS = 100;
const SEGMENT_MS = 5000;
const SETTLE_WINDOW_MS = 1000;
const IN_SYNC_MS = 50;
const TOTAL_LIMIT_MS = 6 * 60_000;
const TARGETS = { p95: 50, max: 150, resync: 1000, spread: 50 };
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CLIENT_DIR = resolve(process.env.BENCH_CLIENT_DIR ?? join(ROOT, 'dist/client'));
const SESSION_ID = DEMO_IDS.sessions.oceanLive;

interface Viewer {
  account: string;
  proxy: DelayProxy;
  context: BrowserContext;
  page: Page;
  base: string;
}

const SyncReading = z.object({
  current: z.number(),
  expected: z.number(),
  serverNow: z.number(),
  paused: z.boolean(),
  rate: z.number(),
  /** Frames presented since the last reading: [display time on serverNow, mediaTime (s)]. */
  frames: z.array(z.tuple([z.number(), z.number()])),
});

interface Sample extends Omit<z.infer<typeof SyncReading>, 'frames'> {
  follower: number;
  /** The benchmark's wall clock (= the server's clock, same machine) mid-evaluate. */
  wall: number;
  /** How long the evaluate took (ms): the uncertainty of `wall`. */
  rtt: number;
}

/** A video frame as the follower presented it (requestVideoFrameCallback). */
interface Frame {
  follower: number;
  /** Its expected display time, on the follower's serverNow. */
  at: number;
  /** The media time it shows (s). */
  media: number;
}

interface Command {
  label: string;
  event: RoomEvent;
}

/**
 * Installed in every follower page before its scripts: records each video frame the page
 * presents (requestVideoFrameCallback: its expected display time and media time), so a start
 * instant can be read off what the viewer sees rather than off `currentTime`, which Chromium
 * moves in a jump right after play() (see README). Plain script text: tsx would wrap a function
 * passed from here in helpers the page does not have.
 */
const RECORD_FRAMES = `
  window.__benchFrames = [];
  const watched = new WeakSet();
  setInterval(() => {
    const video = document.querySelector('video[data-testid="watch-video"]');
    if (!video || watched.has(video)) return;
    watched.add(video);
    const onFrame = (now, meta) => {
      if (window.__benchFrames.length < 10000) {
        window.__benchFrames.push([meta.expectedDisplayTime, meta.mediaTime]);
      }
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  }, 50);
`;

/** Reads a follower's player and room hook in one evaluation (null until both exist). */
async function read(page: Page): Promise<z.infer<typeof SyncReading> | null> {
  const raw: unknown = await page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('video[data-testid="watch-video"]');
    const w = window as unknown as {
      __tomoniSync?: { expectedPosition(): number; serverNow(): number };
      __benchFrames?: Array<[number, number]>;
    };
    const hook = w.__tomoniSync;
    if (!video || !hook) return null;
    const serverNow = hook.serverNow();
    // Frame times are on performance.now(); move them onto the follower's serverNow.
    const offset = serverNow - performance.now();
    return {
      current: video.currentTime,
      expected: hook.expectedPosition(),
      serverNow,
      paused: video.paused,
      rate: video.playbackRate,
      frames: (w.__benchFrames?.splice(0) ?? []).map(([at, media]) => [at + offset, media]),
    };
  });
  const parsed = SyncReading.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

const cleanups: Array<() => Promise<void>> = [];
const cleanup = async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
};

async function main(): Promise<void> {
  hardDeadline(TOTAL_LIMIT_MS, cleanup);
  if (!Number.isInteger(FOLLOWERS) || FOLLOWERS < 1) throw new Error('BENCH_FOLLOWERS ≥ 1');
  if (!existsSync(join(CLIENT_DIR, 'index.html'))) {
    throw new Error(`no built client in ${CLIENT_DIR}: run \`npm run build\` first`);
  }
  console.log(
    `sync: 1 host + ${FOLLOWERS} followers in headless Chromium, ${DELAY_MS} ± ${JITTER_MS} ms each way, loopback`,
  );

  const server: ServerProcess = await startServerProcess({ CLIENT_DIR });
  cleanups.push(server.stop);
  const serverPort = Number(new URL(server.url).port);

  // The room, created through the API by the demo teacher (the e2e test covers the form).
  const teacherToken = await login(server.url, 'teacher', DEMO_PASSWORDS.teacher);
  const { item: stream } = await api(
    server.url,
    teacherToken,
    'POST',
    '/v1/stream',
    StreamResponse,
    {
      sessionId: SESSION_ID,
      name: 'sync bench',
      lang: 'ja',
      groupIds: [DEMO_IDS.groups.class2a],
      settings: { startTime: Date.now(), participantVideoVisiblity: false, videoQuality: 'low' },
    },
  );

  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--autoplay-policy=no-user-gesture-required',
      '--mute-audio',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  cleanups.push(() => browser.close());

  const accounts = [
    { account: 'teacher', password: DEMO_PASSWORDS.teacher },
    ...Array.from({ length: FOLLOWERS }, (_, i) => ({
      account: `student${String(i + 1).padStart(2, '0')}`,
      password: DEMO_PASSWORDS.student,
    })),
  ];
  const viewers: Viewer[] = await Promise.all(
    accounts.map(async ({ account, password }) => {
      const proxy = await startDelayProxy(
        { host: '127.0.0.1', port: serverPort },
        { meanMs: DELAY_MS, jitterMs: JITTER_MS },
      );
      cleanups.push(proxy.close);
      const base = `http://127.0.0.1:${proxy.port}`;
      const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
      await context.addInitScript({ content: RECORD_FRAMES });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await signIn(page, base, account, password);
      await page.waitForURL(`${base}/`);
      return { account, proxy, context, page, base };
    }),
  );
  const [host, ...followers] = viewers as [Viewer, ...Viewer[]];
  console.log(`  ${viewers.length} viewers signed in through their proxies`);

  const enter = async (v: Viewer) => {
    await v.page.goto(
      `${v.base}/session/${SESSION_ID}/watch/?stream=${stream.id}&lang=ja&debugSync=1`,
    );
    await v.page.getByTestId('join').click();
    await v.page.getByTestId('join').waitFor({ state: 'detached' });
  };
  await enter(host);
  await Promise.all(followers.map(enter));
  const readyBy = Date.now() + 30_000;
  for (;;) {
    const readings = await Promise.all(followers.map((f) => read(f.page)));
    if (readings.every((r) => r !== null)) break;
    if (Date.now() > readyBy) throw new Error('followers never exposed their sync hook and video');
    await sleep(200);
  }
  console.log('  everyone joined; the room is paused at the start');
  await sleep(2000);

  // --- sampling, in the background until `sampling` is cleared ---------------------------------
  const samples: Sample[] = [];
  const frames: Frame[] = [];
  let sampling = true;
  const sampler = (async () => {
    let next = wallNow();
    while (sampling) {
      await Promise.all(
        followers.map(async (f, follower) => {
          const before = wallNow();
          const r = await read(f.page).catch(() => null);
          const after = wallNow();
          if (!r) return;
          const { frames: presented, ...reading } = r;
          samples.push({ ...reading, follower, wall: (before + after) / 2, rtt: after - before });
          for (const [at, media] of presented) frames.push({ follower, at, media });
        }),
      );
      next += SAMPLE_MS;
      const wait = next - wallNow();
      if (wait > 0) await sleep(wait);
      else next = wallNow();
    }
  })();

  // --- the host's commands, through its controls ----------------------------------------------
  const controls = host.page.getByRole('region', { name: text('ja', 'watch:host.label') });
  const button = (key: `${string}:${string}`, vars?: Record<string, string>) =>
    controls.getByRole('button', { name: text('ja', key, vars), exact: true });
  const steps: Array<{ label: string; kind: string; click: () => Promise<void> }> = [
    { label: 'play', kind: 'play', click: () => button('watch:host.play').click() },
    {
      label: 'skip +10 s',
      kind: 'skip',
      click: () => button('watch:host.forward', { seconds: '10' }).click(),
    },
    {
      label: 'skip −10 s',
      kind: 'skip',
      click: () => button('watch:host.back', { seconds: '10' }).click(),
    },
    {
      label: 'rate 1.5×',
      kind: 'rateChange',
      click: () => controls.getByText('1.5×', { exact: true }).click(),
    },
    {
      label: 'rate 1×',
      kind: 'rateChange',
      click: () => controls.getByText('1×', { exact: true }).click(),
    },
    { label: 'pause', kind: 'pause', click: () => button('watch:host.pause').click() },
    { label: 'play', kind: 'play', click: () => button('watch:host.play').click() },
  ];
  const commands: Command[] = [];
  try {
    for (const step of steps) {
      const clickedAt = wallNow();
      const [response] = await Promise.all([
        host.page.waitForResponse(
          (r) =>
            r.request().method() === 'POST' &&
            new URL(r.url()).pathname === `/v1/stream/${stream.id}/${step.kind}`,
          { timeout: 10_000 },
        ),
        step.click(),
      ]);
      const body = z.object({ item: RoomEvent }).safeParse(await response.json());
      if (!response.ok() || !body.success) {
        throw new Error(`${step.label}: the host's command failed (${response.status()})`);
      }
      commands.push({ label: step.label, event: body.data.item });
      const wait = clickedAt + SEGMENT_MS - wallNow();
      if (wait > 0) await sleep(wait);
    }
  } finally {
    sampling = false;
    await sampler;
  }
  samples.sort((a, b) => a.wall - b.wall);
  await cleanup();
  // BENCH_SYNC_DUMP=<file> keeps the raw samples and commands for a closer look.
  if (process.env.BENCH_SYNC_DUMP) {
    writeFileSync(process.env.BENCH_SYNC_DUMP, JSON.stringify({ commands, samples, frames }));
  }
  report(commands, samples, frames, followers.length);
}

// -----------------------------------------------------------------------------------------------
// Analysis

function report(
  commands: Command[],
  samples: Sample[],
  frames: Frame[],
  followerCount: number,
): void {
  const start = commands[0]!.event.effectiveAt;
  const driftMs = (s: Sample) => Math.abs(s.current - s.expected) * 1000;
  const effective = commands.map((c) => c.event.effectiveAt);
  const settling = (s: Sample) =>
    effective.some((e) => s.serverNow >= e && s.serverNow < e + SETTLE_WINDOW_MS);
  const measured = samples.filter((s) => s.serverNow >= start);
  const steady = measured.filter((s) => !settling(s)).map(driftMs);
  steady.sort((a, b) => a - b);

  // Each follower's clock error against the true server clock (the benchmark's wall clock, same
  // machine): median of serverNow − wall over the quickest fifth of its evaluations.
  const clockErr: number[] = [];
  for (let f = 0; f < followerCount; f++) {
    const own = samples.filter((s) => s.follower === f).sort((a, b) => a.rtt - b.rtt);
    const quick = own.slice(0, Math.max(1, Math.ceil(own.length / 5)));
    clockErr.push(
      percentile(
        quick.map((s) => s.serverNow - s.wall).sort((a, b) => a - b),
        50,
      ),
    );
  }

  console.log('');
  console.log(
    `${'command'.padEnd(12)}${'at s'.padStart(7)}${'resync ms'.padStart(11)}${'steady p95'.padStart(12)}${'steady max'.padStart(12)}${'start spread'.padStart(14)}${'(currentTime)'.padStart(15)}${'(server clock)'.padStart(16)}`,
  );
  let worstResync = 0;
  let worstSpread = 0;
  commands.forEach((c, i) => {
    const from = c.event.effectiveAt;
    const to = commands[i + 1]?.event.effectiveAt ?? Number.POSITIVE_INFINITY;
    const segment = measured.filter((s) => s.serverNow >= from && s.serverNow < to);
    // Back in sync: from effectiveAt until every later sample of the segment is within IN_SYNC_MS.
    let resync = 0;
    for (let f = 0; f < followerCount; f++) {
      const own = segment.filter((s) => s.follower === f);
      let firstGood = own.length;
      for (let j = own.length - 1; j >= 0 && driftMs(own[j]!) <= IN_SYNC_MS; j--) firstGood = j;
      const t =
        firstGood === own.length
          ? Number.POSITIVE_INFINITY
          : Math.max(0, own[firstGood]!.serverNow - from);
      resync = Math.max(resync, t);
    }
    worstResync = Math.max(worstResync, resync);
    const segSteady = segment
      .filter((s) => s.serverNow >= from + SETTLE_WINDOW_MS)
      .map(driftMs)
      .sort((a, b) => a - b);
    let spread = Number.NaN;
    let sampledSpread = Number.NaN;
    let trueSpread = Number.NaN;
    if (c.event.type === 'play') {
      const rate = 'playbackRate' in c.event.payload ? c.event.payload.playbackRate : 1;
      const starts: number[] = [];
      const sampledStarts: number[] = [];
      for (let f = 0; f < followerCount; f++) {
        // A follower's start instant: when its playback passes the room's start position. (It
        // may rest up to 50 ms off that position and start that much early or late on purpose.)
        const p0 = c.event.payload.timeInVideo;
        // The start as presented: the first new frames after the play, each extrapolated back to
        // the start position at the room's rate (the median of three, against vsync rounding).
        const own = frames.filter((x) => x.follower === f).sort((a, b) => a.at - b.at);
        // The frame it rested on, before it could have started (at most 50 ms early, on purpose).
        const restMedia = own.filter((x) => x.at < from - 200).at(-1)?.media ?? -1;
        const fresh = own
          .filter((x) => x.at >= from - 200 && x.at < to && x.media > restMedia + 0.001)
          .slice(0, 3)
          .map((x) => x.at - ((x.media - p0) / rate) * 1000)
          .sort((a, b) => a - b);
        if (fresh.length > 0) starts.push(fresh[Math.floor((fresh.length - 1) / 2)]!);
        // The start as currentTime shows it: the first sample that has moved on.
        const first = segment.find((s) => s.follower === f && !s.paused && s.current > p0 + 0.02);
        if (first) sampledStarts.push(first.serverNow - ((first.current - p0) / rate) * 1000);
      }
      const range = (xs: number[]) =>
        xs.length === followerCount ? Math.max(...xs) - Math.min(...xs) : Number.POSITIVE_INFINITY;
      spread = range(starts);
      sampledSpread = range(sampledStarts);
      trueSpread = range(
        starts.length === followerCount ? starts.map((x, f) => x - clockErr[f]!) : [],
      );
      worstSpread = Math.max(worstSpread, spread);
    }
    console.log(
      `${c.label.padEnd(12)}${fmt((from - start) / 1000).padStart(7)}${fmt(resync, 0).padStart(11)}${fmt(percentile(segSteady, 95)).padStart(12)}${fmt(segSteady.at(-1) ?? Number.NaN).padStart(12)}${(Number.isNaN(spread) ? '' : fmt(spread)).padStart(14)}${(Number.isNaN(sampledSpread) ? '' : fmt(sampledSpread)).padStart(15)}${(Number.isNaN(trueSpread) ? '' : fmt(trueSpread)).padStart(16)}`,
    );
  });

  let gap = 0;
  for (let f = 0; f < followerCount; f++) {
    const own = measured.filter((s) => s.follower === f);
    for (let i = 1; i < own.length; i++) gap = Math.max(gap, own[i]!.wall - own[i - 1]!.wall);
  }
  console.log('');
  console.log(
    `samples: ${measured.length} (${steady.length} steady), longest gap between one follower's samples ${fmt(gap, 0)} ms`,
  );
  console.log(
    `followers' clock error (serverNow − server clock), ms: ${clockErr.map((e) => fmt(e)).join(' ')}`,
  );

  const p50 = percentile(steady, 50);
  const p95 = percentile(steady, 95);
  const max = steady.at(-1) ?? Number.NaN;
  const checks = [
    [`p95 ${fmt(p95)} ≤ ${TARGETS.p95}`, p95 <= TARGETS.p95],
    [`max ${fmt(max)} ≤ ${TARGETS.max}`, max <= TARGETS.max],
    [`resync ${fmt(worstResync, 0)} ≤ ${TARGETS.resync}`, worstResync <= TARGETS.resync],
    [`spread ${fmt(worstSpread)} ≤ ${TARGETS.spread}`, worstSpread <= TARGETS.spread],
  ] as const;
  console.log(
    `${checks.every(([, ok]) => ok) ? 'PASS' : 'FAIL'}: ${checks.map(([l, ok]) => `${l} ms ${ok ? 'ok' : 'MISSED'}`).join('; ')}`,
  );
  console.log(
    `sync followers=${followerCount} p50_ms=${fmt(p50)} p95_ms=${fmt(p95)} max_ms=${fmt(max)} resync_ms=${fmt(worstResync, 0)} spread_ms=${fmt(worstSpread)}`,
  );
}

main()
  .then(() => process.exit(0))
  .catch(async (e: unknown) => {
    console.error(e);
    await cleanup();
    process.exit(1);
  });
