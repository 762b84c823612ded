import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { RoomEvent, StreamResponse } from '../src/contracts/stream';
import { z } from 'zod';
import { DEMO_PASSWORDS } from '../src/server/seed/accounts';
import { DEMO_IDS } from '../src/server/seed/demo';
import { text } from '../tests/e2e/support/locales';
import { signIn } from '../tests/e2e/support/login';
import {
  firestoreEmulatorMissing,
  repositoryRules,
  startFirestoreEmulator,
} from '../src/server/testing/firestore-emulator';
import { startDelayProxy, type DelayProxy } from './delay-proxy';
import {
  api,
  fmt,
  hardDeadline,
  login,
  percentile,
  pool,
  ROOT,
  sleep,
  startServerProcess,
  wallNow,
  type ServerProcess,
} from './support';

/**
 * `npm run bench:sync`: how closely the class's players track the room's timeline.
 *
 * One real server process (needs the built client: `npm run build`), one headless Chromium with a
 * context per viewer (locale ja-JP) — the demo teacher as host, FOLLOWERS demo students in the
 * room and one more who joins during play — each reaching the server through its own delay proxy
 * (bench/delay-proxy.ts: DELAY_MS ± JITTER_MS each way, order kept), so page, API, media segments
 * and the room socket all see the delay. Everyone opens the room's watch page with `debugSync=1`;
 * all but the last two tap Join. The host then drives the room through the watch page's host
 * controls, found by role and label as a teacher would use them: play, +10 s, −10 s, 1.5×, 1×,
 * pause, play, SEGMENT_MS apart. Each command's effectiveAt is read from the host page's own POST
 * response, and its click from the host page (a capture listener: when the page got the click).
 *
 * The scenarios of issue 11, in the same run:
 *   - join just before play: the last in-room student taps Join JOIN_BEFORE_PLAY_MS before the
 *     host presses the first play;
 *   - a network drop: student01's proxy delivers nothing for DROP_MS (connections stay open, as
 *     TCP's do), and the host skips +10 s DROP_SKIP_AFTER_MS into it;
 *   - a slow device: student02's page runs at CPU_THROTTLE× (CDP Emulation.setCPUThrottlingRate)
 *     throughout;
 *   - join during play: one more student taps Join SEGMENT_MS after the network is back.
 *
 * Every SAMPLE_MS each viewer (the teacher included) is read in one page.evaluate:
 * video.currentTime, __tomoniSync.expectedPosition() and __tomoniSync.serverNow() (all in
 * parallel, so the readings share an instant). Drift = currentTime − expectedPosition.
 *   - steady drift p50/p95/max: every sample from the first play on, except those within
 *     SETTLE_WINDOW_MS after a command's effectiveAt, the dropped student's from the drop until
 *     SETTLE_WINDOW_MS after the network is back, and the late joiner's first SETTLE_WINDOW_MS;
 *   - back in sync (table): per command and viewer following the room then, the time from
 *     effectiveAt until drift stays ≤ IN_SYNC_MS for the rest of the segment (the worst viewer);
 *   - back in sync (scenarios): the time until the viewer's drift stays ≤ SCENARIO_IN_SYNC_MS,
 *     from the play's effectiveAt (join before play), the Join tap (join during play), the
 *     network's return (drop), each command's effectiveAt (slow device, the worst command);
 *   - click to effect: effectiveAt − the host page's click, per command;
 *   - start spread: after each play, each viewer's start instant read off its presented frames;
 *     the spread is the latest minus the earliest start.
 */

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 4);
/** `ws` (default) or `firestore` (REALTIME_BACKEND of the server under test). */
const REALTIME = process.env.BENCH_REALTIME === 'firestore' ? 'firestore' : 'ws';
/**
 * `BENCH_PROXY=refuse-ws`: every viewer's proxy refuses WebSocket upgrades (a school's filter), so
 * the room runs on the HTTP fallback (stream, then long-poll) — issue 27.
 */
const REFUSE_WS = process.env.BENCH_PROXY === 'refuse-ws';
const DELAY_MS = 50;
const JITTER_MS = 20;
const SAMPLE_MS = 100;
const SEGMENT_MS = 5000;
const SETTLE_WINDOW_MS = 1000;
const IN_SYNC_MS = 50;
/** A scenario's viewer is back in sync once its drift stays within this (ms; issue 11). */
const SCENARIO_IN_SYNC_MS = 100;
/** The student who joins just before play taps Join this long before the host presses play. */
const JOIN_BEFORE_PLAY_MS = 500;
/** The network drop: this long offline, the host skipping this long into it. */
const DROP_MS = 5000;
const DROP_SKIP_AFTER_MS = 1000;
/** The CPU slowdown of one follower (CDP Emulation.setCPUThrottlingRate). */
const CPU_THROTTLE = 4;
const TOTAL_LIMIT_MS = 8 * 60_000;
const TARGETS = { p95: 30, max: 150, resync: 1000, spread: 50, clickToEffect: 250 };
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
  /** The last seq the page folded (null: the room has not reached it yet). */
  seq: z.number().nullable(),
  /** Events the page folded since the last reading: [highest seq, wall ms]. */
  arrivals: z.array(z.tuple([z.number(), z.number()])),
});

interface Sample extends Omit<z.infer<typeof SyncReading>, 'frames' | 'arrivals'> {
  /** The viewer: 0 the teacher (host), then the students. */
  follower: number;
  /** The benchmark's wall clock (= the server's clock, same machine) mid-evaluate. */
  wall: number;
  /** How long the evaluate took (ms): the uncertainty of `wall`. */
  rtt: number;
}

/** Events reaching a page: the highest seq of what arrived together, on the wall clock. */
interface Arrival {
  viewer: number;
  seq: number;
  at: number;
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
  /** When the host page received the click on its control (the machine's wall clock = the server's). */
  clickedAt: number;
}

/** The moments of the run the scenarios are measured from (server clock). */
interface Timeline {
  names: string[];
  /** When each viewer tapped Join (0: before the measured run). */
  joinedAt: number[];
  joinBeforePlay: { viewer: number; clickAt: number };
  drop: { viewer: number; offAt: number; onAt: number };
  lateJoin: { viewer: number; clickAt: number };
  cpu: { viewer: number } | null;
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
  window.__benchClicks = [];
  window.addEventListener('click', () => {
    window.__benchClicks.push(performance.timeOrigin + performance.now());
  }, true);
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
      __tomoniSync?: {
        expectedPosition(at?: number): number;
        serverNow(): number;
        seq(): number | null;
        takeArrivals(): Array<[number, number]>;
      };
      __benchFrames?: Array<[number, number]>;
    };
    const hook = w.__tomoniSync;
    if (!video || !hook) return null;
    // One instant for the position and the room's: the player's position first (Chromium keeps
    // it for the rest of this task), the clock right after, the room's position at that clock
    // (not at a second reading of it: on the 4× CPU page each call takes 4× as long).
    const current = video.currentTime;
    const serverNow = hook.serverNow();
    // Frame times are on performance.now(); move them onto the follower's serverNow.
    const offset = serverNow - performance.now();
    return {
      current,
      expected: hook.expectedPosition(serverNow),
      serverNow,
      paused: video.paused,
      rate: video.playbackRate,
      frames: (w.__benchFrames?.splice(0) ?? []).map(([at, media]) => [at + offset, media]),
      seq: hook.seq(),
      arrivals: hook.takeArrivals(),
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
    `sync: 1 host + ${FOLLOWERS} followers in headless Chromium, ${DELAY_MS} ± ${JITTER_MS} ms each way, loopback${REFUSE_WS ? ', proxies refuse WebSocket upgrades' : ''}`,
  );

  // BENCH_REALTIME=firestore: the same lesson with rooms delivered through Google's Firestore
  // emulator (the JAR, rules loaded). The pages reach the emulator directly, not through their
  // delay proxy: only the commands and the clock cross the proxy on this backend.
  const realtimeEnv: Record<string, string> = {};
  if (REALTIME === 'firestore') {
    const missing = firestoreEmulatorMissing();
    if (missing) throw new Error(`BENCH_REALTIME=firestore: ${missing}`);
    const emulator = await startFirestoreEmulator();
    cleanups.push(emulator.stop);
    await emulator.loadRules(repositoryRules());
    Object.assign(realtimeEnv, {
      REALTIME_BACKEND: 'firestore',
      FIREBASE_PROJECT_ID: emulator.projectId,
      FIRESTORE_EMULATOR_HOST: emulator.host,
    });
    console.log(`sync: realtime backend firestore (emulator ${emulator.host})`);
  }
  const server: ServerProcess = await startServerProcess({ CLIENT_DIR, ...realtimeEnv });
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

  // The teacher, FOLLOWERS students in the room from the start (the last of them taps Join just
  // before play), and one more who joins during play.
  const accounts = [
    { account: 'teacher', password: DEMO_PASSWORDS.teacher },
    ...Array.from({ length: FOLLOWERS + 1 }, (_, i) => ({
      account: `student${String(i + 1).padStart(2, '0')}`,
      password: DEMO_PASSWORDS.student,
    })),
  ];
  // Two at a time: six cold pages at once on a loaded 2-core machine miss the page timeouts.
  const viewers: Viewer[] = new Array<Viewer>(accounts.length);
  const consoleLines: string[] = [];
  await pool(accounts, 2, async ({ account, password }, i) => {
    viewers[i] = await (async () => {
      const proxy = await startDelayProxy(
        { host: '127.0.0.1', port: serverPort },
        { meanMs: DELAY_MS, jitterMs: JITTER_MS, refuseWebSockets: REFUSE_WS },
      );
      cleanups.push(proxy.close);
      const base = `http://127.0.0.1:${proxy.port}`;
      // A Japanese school's browser: the pages follow the browser's language.
      const context = await browser.newContext({
        viewport: { width: 800, height: 600 },
        locale: 'ja-JP',
      });
      await context.addInitScript({ content: RECORD_FRAMES });
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      // Kept for the failure report: what a page said when a step timed out.
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') {
          consoleLines.push(`${account} ${m.type()}: ${m.text().slice(0, 300)}`);
        }
      });
      page.on('requestfailed', (r) =>
        consoleLines.push(
          `${account} request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`,
        ),
      );
      await signIn(page, base, account, password);
      await page.waitForURL(`${base}/`);
      return { account, proxy, context, page, base };
    })();
  });
  const host = viewers[0]!;
  // Viewer indices: 0 the teacher; 1 … FOLLOWERS the students; the last one joins during play.
  const justBefore = FOLLOWERS;
  const late = FOLLOWERS + 1;
  const dropped = 1;
  const throttled = FOLLOWERS >= 3 ? 2 : null;
  const names = viewers.map((v) => v.account);
  console.log(
    `  ${viewers.length} viewers signed in through their proxies; ${names[justBefore]} joins ${JOIN_BEFORE_PLAY_MS} ms before play, ${names[dropped]} drops off the network for ${DROP_MS / 1000} s, ${throttled === null ? 'nobody' : names[throttled]} runs at ${CPU_THROTTLE}× CPU slowdown, ${names[late]} joins during play`,
  );
  if (throttled !== null) {
    const cdp = await viewers[throttled]!.context.newCDPSession(viewers[throttled]!.page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  }

  const watchUrl = (v: Viewer) =>
    `${v.base}/session/${SESSION_ID}/watch/?stream=${stream.id}&lang=ja&debugSync=1`;
  /** Opens the watch page, ready for the Join tap. */
  const open = async (v: Viewer) => {
    await v.page.goto(watchUrl(v));
    await v.page.getByTestId('join').waitFor({ state: 'visible' });
  };
  /** Taps Join; returns the click's time on the server clock. */
  const tapJoin = async (v: Viewer) => {
    const at = wallNow();
    await v.page.getByTestId('join').click();
    return at;
  };
  const joinedAt = viewers.map(() => 0);
  const inRoom = viewers.slice(0, justBefore);
  for (const v of inRoom) await open(v);
  await Promise.all(inRoom.map(tapJoin));
  await Promise.all(inRoom.map((v) => v.page.getByTestId('join').waitFor({ state: 'detached' })));
  // Every page must have the room (its first state, from the hub or Firestore) before the host
  // commands: the host's controls act on its own copy of the room (play or pause, skip from where).
  const readyFrom = Date.now();
  const readyBy = readyFrom + 60_000;
  for (;;) {
    const readings = await Promise.all(inRoom.map((f) => read(f.page)));
    if (readings.every((r) => r !== null && r.seq !== null)) break;
    if (Date.now() > readyBy) {
      const missing = inRoom.filter((_, i) => readings[i]?.seq == null).map((v) => v.account);
      throw new Error(`the room never reached ${missing.join(', ')} (60 s)`);
    }
    await sleep(200);
  }
  console.log(`  the room reached every page ${Date.now() - readyFrom} ms after the Join taps`);
  // Which way each page reached the hub (the HTTP fallback leaves its requests in the timeline).
  const ways = await Promise.all(
    inRoom.map((v) =>
      v.page.evaluate(() => {
        const names = performance.getEntriesByType('resource').map((e) => e.name);
        // A stream still open has no entry yet; its session's open request does.
        if (names.some((n) => n.includes('/ws/poll'))) return 'long-poll';
        if (names.some((n) => n.includes('/ws/open'))) return 'http-stream';
        return 'websocket';
      }),
    ),
  );
  console.log(
    `  realtime path per page: ${ways.join(', ')}${REFUSE_WS ? `; WebSocket upgrades refused: ${inRoom.map((v) => v.proxy.refused()).join(', ')}` : ''}`,
  );
  // The two who join later wait on the watch page, before the Join tap.
  await open(viewers[justBefore]!);
  await open(viewers[late]!);
  console.log('  everyone in the room joined; the room is paused at the start');
  await sleep(2000);

  // --- sampling, in the background until `sampling` is cleared ---------------------------------
  const samples: Sample[] = [];
  const frames: Frame[] = [];
  const arrivals: Arrival[] = [];
  /** The last seq each viewer folded, as the sampler last read it. */
  const seqs: Array<number | null> = viewers.map(() => null);
  let sampling = true;
  const sampler = (async () => {
    let next = wallNow();
    while (sampling) {
      await Promise.all(
        viewers.map(async (f, follower) => {
          const before = wallNow();
          const r = await read(f.page).catch(() => null);
          const after = wallNow();
          // Before its Join tap a viewer's player is not following the room yet.
          if (r) seqs[follower] = r.seq;
          for (const [seq, at] of r?.arrivals ?? []) arrivals.push({ viewer: follower, seq, at });
          if (!r || (follower >= justBefore && joinedAt[follower] === 0)) return;
          const { frames: presented, arrivals: _arrivals, ...reading } = r;
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
  type Step = { label: string; kind: string; click: () => Promise<void> };
  const play: Step = {
    label: 'play',
    kind: 'play',
    click: () => button('watch:host.play').click(),
  };
  const forward: Step = {
    label: 'skip +10 s',
    kind: 'skip',
    click: () => button('watch:host.forward', { seconds: '10' }).click(),
  };
  const steps: Step[] = [
    play,
    forward,
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
    play,
  ];
  const commands: Command[] = [];
  /**
   * Clicks a host control; returns when the host's POST has answered. First the host's page must
   * have folded the previous command (its toggle plays or pauses, and skips, from its own copy
   * of the room): on a loaded machine the echo can lag, and a click on a stale room is another
   * command than the one this step measures.
   */
  const command = async (step: Step, label = step.label) => {
    const previous = commands.at(-1)?.event.seq ?? 0;
    const echoBy = Date.now() + 30_000;
    while ((seqs[0] ?? 0) < previous) {
      if (Date.now() > echoBy) {
        throw new Error(`${label}: the host's page never folded seq ${previous} (30 s)`);
      }
      await sleep(SAMPLE_MS);
    }
    const clickedAt = wallNow();
    const [response] = await Promise.all([
      host.page.waitForResponse(
        (r) =>
          r.request().method() === 'POST' &&
          new URL(r.url()).pathname === `/v1/stream/${stream.id}/${step.kind}`,
        { timeout: 30_000 },
      ),
      step.click(),
    ]).catch(async (err: unknown) => {
      // Why the host's command did not answer: the pages' own words and the host's screen.
      const shot = join(tmpdir(), `bench-sync-${step.kind}-${Date.now()}.png`);
      await host.page.screenshot({ path: shot }).catch(() => undefined);
      console.error(`${label}: no answer (screenshot ${shot}); the pages said:`);
      for (const line of consoleLines.slice(-30)) console.error(`  ${line}`);
      throw err;
    });
    const body = z.object({ item: RoomEvent }).safeParse(await response.json());
    if (!response.ok() || !body.success) {
      throw new Error(`${label}: the host's command failed (${response.status()})`);
    }
    // The click as the page received it (Playwright's actionability checks come before it).
    const inPage = z
      .number()
      .safeParse(
        await host.page.evaluate(
          () => (window as unknown as { __benchClicks: number[] }).__benchClicks.at(-1) ?? null,
        ),
      );
    const pageClick = inPage.success && inPage.data >= clickedAt ? inPage.data : clickedAt;
    commands.push({ label, event: body.data.item, clickedAt: pageClick });
    return clickedAt;
  };
  const until = async (at: number) => {
    const wait = at - wallNow();
    if (wait > 0) await sleep(wait);
  };
  let timeline: Timeline;
  try {
    // Scenario: a student taps Join just before the teacher presses play.
    const joinClick = await tapJoin(viewers[justBefore]!);
    joinedAt[justBefore] = joinClick;
    await until(joinClick + JOIN_BEFORE_PLAY_MS);
    for (const step of steps) {
      const clickedAt = await command(step);
      await until(clickedAt + SEGMENT_MS);
    }
    // Scenario: a 5 s network drop, the host skipping while that student is offline.
    const offAt = wallNow();
    viewers[dropped]!.proxy.setOffline(true);
    await until(offAt + DROP_SKIP_AFTER_MS);
    await command(forward, 'skip (1 off)');
    await until(offAt + DROP_MS);
    const onAt = wallNow();
    viewers[dropped]!.proxy.setOffline(false);
    await until(onAt + SEGMENT_MS);
    // Scenario: a student joins during play.
    const lateClick = await tapJoin(viewers[late]!);
    joinedAt[late] = lateClick;
    await until(lateClick + SEGMENT_MS);
    timeline = {
      names,
      joinedAt,
      joinBeforePlay: { viewer: justBefore, clickAt: joinClick },
      drop: { viewer: dropped, offAt, onAt },
      lateJoin: { viewer: late, clickAt: lateClick },
      cpu: throttled === null ? null : { viewer: throttled },
    };
  } finally {
    sampling = false;
    await sampler;
  }
  samples.sort((a, b) => a.wall - b.wall);
  await cleanup();
  // BENCH_SYNC_DUMP=<file> keeps the raw samples and commands for a closer look.
  if (process.env.BENCH_SYNC_DUMP) {
    writeFileSync(
      process.env.BENCH_SYNC_DUMP,
      JSON.stringify({ commands, samples, frames, arrivals, timeline }),
    );
  }
  report(commands, samples, frames, arrivals, timeline);
}

// -----------------------------------------------------------------------------------------------
// Analysis

/**
 * The time (ms) from `from` until `viewer`'s drift stays within `bound` for the rest of
 * [from, to): the first sample of the good tail, or ∞ when the last sample is still off or none.
 */
function backInSync(
  samples: Sample[],
  viewer: number,
  from: number,
  to: number,
  bound: number,
): number {
  const own = samples.filter(
    (s) => s.follower === viewer && s.serverNow >= from && s.serverNow < to,
  );
  let firstGood = own.length;
  for (let j = own.length - 1; j >= 0 && driftOf(own[j]!) <= bound; j--) firstGood = j;
  return firstGood === own.length
    ? Number.POSITIVE_INFINITY
    : Math.max(0, own[firstGood]!.serverNow - from);
}

const driftOf = (s: Sample) => Math.abs(s.current - s.expected) * 1000;

/**
 * Delivery latency of the host's commands: for each viewer in the room when the command was
 * clicked (and online), its first arrival of a seq at or past the command's, minus the event's
 * serverTime — the backend's whole path from the stamp to the page (database, bus, hub or
 * Firestore, the page's own event loop), on the one wall clock of this machine.
 */
function deliveries(commands: Command[], arrivals: Arrival[], tl: Timeline): number[] {
  const out: number[] = [];
  for (const c of commands) {
    for (let v = 0; v < tl.names.length; v++) {
      const joined = tl.joinedAt[v]!;
      if (joined !== 0 && joined > c.clickedAt) continue;
      if (v === tl.drop.viewer && c.clickedAt >= tl.drop.offAt && c.clickedAt < tl.drop.onAt) {
        continue;
      }
      const first = arrivals.find((a) => a.viewer === v && a.seq >= c.event.seq);
      if (first) out.push(first.at - c.event.serverTime);
    }
  }
  return out.sort((a, b) => a - b);
}

/** How long before a scheduled play a follower may have started on purpose (ms). */
const EARLY_START_WINDOW_MS = 200;

/**
 * A follower starts a player early on purpose (by what it rests behind, and by a flushed
 * pipeline's start latency) so that it passes the start position at the start instant. In the
 * last EARLY_START_WINDOW_MS before a scheduled play, a sample of a moving player is measured
 * against whichever timeline it is on: the paused position (it has not moved yet) or the start's,
 * extended back (it moves on it). Against the paused position alone, Chromium's jump of
 * `currentTime` right after play() (+104 ms within 44 ms) read as drift of the pause.
 */
function onStartTimeline(samples: Sample[], commands: Command[]): Sample[] {
  const events = commands.map((c) => c.event);
  return samples.map((s) => {
    if (s.paused) return s;
    const next = events.find((e) => e.effectiveAt > s.serverNow);
    const last = events.filter((e) => e.effectiveAt <= s.serverNow).at(-1);
    if (!next || next.type !== 'play' || last?.type !== 'pause') return s;
    const ahead = next.effectiveAt - s.serverNow;
    if (ahead > EARLY_START_WINDOW_MS) return s;
    const rate = next.payload.playbackRate;
    const onStart = next.payload.timeInVideo - (ahead / 1000) * rate;
    return Math.abs(s.current - onStart) < Math.abs(s.current - s.expected)
      ? { ...s, expected: onStart }
      : s;
  });
}

function report(
  commands: Command[],
  raw: Sample[],
  frames: Frame[],
  arrivals: Arrival[],
  tl: Timeline,
): void {
  const samples = onStartTimeline(raw, commands);
  const viewerCount = tl.names.length;
  const start = commands[0]!.event.effectiveAt;
  const driftMs = driftOf;
  const effective = commands.map((c) => c.event.effectiveAt);
  const { drop, lateJoin } = tl;
  const settling = (s: Sample) =>
    effective.some((e) => s.serverNow >= e && s.serverNow < e + SETTLE_WINDOW_MS) ||
    // The dropped student, from the drop until a settle window after the network is back.
    (s.follower === drop.viewer &&
      s.serverNow >= drop.offAt &&
      s.serverNow < drop.onAt + SETTLE_WINDOW_MS) ||
    // The late joiner, for a settle window after its Join tap.
    (s.follower === lateJoin.viewer && s.serverNow < lateJoin.clickAt + SETTLE_WINDOW_MS);
  const measured = samples.filter((s) => s.serverNow >= start);
  const steady = measured.filter((s) => !settling(s)).map(driftMs);
  steady.sort((a, b) => a - b);
  /** Whether a viewer follows the room from `at` on (joined, and online). */
  const active = (v: number, at: number) =>
    tl.joinedAt[v]! < at - 200 && !(v === drop.viewer && at >= drop.offAt && at < drop.onAt);

  // Each viewer's clock error against the true server clock (the benchmark's wall clock, same
  // machine): median of serverNow − wall over the quickest fifth of its evaluations.
  const clockErr: number[] = [];
  for (let f = 0; f < viewerCount; f++) {
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
    `${'command'.padEnd(13)}${'at s'.padStart(6)}${'click ms'.padStart(10)}${'resync ms'.padStart(11)}${'steady p95'.padStart(12)}${'steady max'.padStart(12)}${'start spread'.padStart(14)}${'(currentTime)'.padStart(15)}${'(server clock)'.padStart(16)}`,
  );
  let worstResync = 0;
  let worstSpread = 0;
  const clicks: number[] = [];
  commands.forEach((c, i) => {
    const from = c.event.effectiveAt;
    const to = commands[i + 1]?.event.effectiveAt ?? Number.POSITIVE_INFINITY;
    const segment = measured.filter((s) => s.serverNow >= from && s.serverNow < to);
    const click = from - c.clickedAt;
    clicks.push(click);
    // Back in sync: from effectiveAt until every later sample of the segment is within IN_SYNC_MS
    // (viewers following the room at the command; the scenarios below measure the others).
    let resync = 0;
    for (let f = 0; f < viewerCount; f++) {
      if (!active(f, from)) continue;
      resync = Math.max(resync, backInSync(segment, f, from, to, IN_SYNC_MS));
    }
    worstResync = Math.max(worstResync, resync);
    const segSteady = segment
      .filter((s) => s.serverNow >= from + SETTLE_WINDOW_MS && !settling(s))
      .map(driftMs)
      .sort((a, b) => a - b);
    let spread = Number.NaN;
    let sampledSpread = Number.NaN;
    let trueSpread = Number.NaN;
    if (c.event.type === 'play') {
      const rate = 'playbackRate' in c.event.payload ? c.event.payload.playbackRate : 1;
      const starts: number[] = [];
      const trueStarts: number[] = [];
      const sampledStarts: number[] = [];
      let expectedStarts = 0;
      for (let f = 0; f < viewerCount; f++) {
        if (tl.joinedAt[f]! > from) continue;
        expectedStarts++;
        // A viewer's start instant: when its playback passes the room's start position. (It
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
        if (fresh.length > 0) {
          const at = fresh[Math.floor((fresh.length - 1) / 2)]!;
          starts.push(at);
          trueStarts.push(at - clockErr[f]!);
        }
        // The start as currentTime shows it: the first sample that has moved on.
        const first = segment.find((s) => s.follower === f && !s.paused && s.current > p0 + 0.02);
        if (first) sampledStarts.push(first.serverNow - ((first.current - p0) / rate) * 1000);
      }
      const range = (xs: number[]) =>
        xs.length === expectedStarts ? Math.max(...xs) - Math.min(...xs) : Number.POSITIVE_INFINITY;
      spread = range(starts);
      sampledSpread = range(sampledStarts);
      trueSpread = range(trueStarts);
      worstSpread = Math.max(worstSpread, spread);
    }
    console.log(
      `${c.label.padEnd(13)}${fmt((from - start) / 1000).padStart(6)}${fmt(click, 0).padStart(10)}${fmt(resync, 0).padStart(11)}${fmt(percentile(segSteady, 95)).padStart(12)}${fmt(segSteady.at(-1) ?? Number.NaN).padStart(12)}${(Number.isNaN(spread) ? '' : fmt(spread)).padStart(14)}${(Number.isNaN(sampledSpread) ? '' : fmt(sampledSpread)).padStart(15)}${(Number.isNaN(trueSpread) ? '' : fmt(trueSpread)).padStart(16)}`,
    );
  });

  let gap = 0;
  for (let f = 0; f < viewerCount; f++) {
    const own = measured.filter((s) => s.follower === f);
    for (let i = 1; i < own.length; i++) gap = Math.max(gap, own[i]!.wall - own[i - 1]!.wall);
  }
  console.log('');
  console.log(
    `samples: ${measured.length} (${steady.length} steady), longest gap between one viewer's samples ${fmt(gap, 0)} ms`,
  );
  console.log(
    `clock error (serverNow − server clock), ms: ${clockErr.map((e, v) => `${tl.names[v]} ${fmt(e)}`).join(', ')}`,
  );

  // --- the scenarios of issue 11, each on its own line ------------------------------------------
  const nextEffective = (after: number) =>
    effective.find((e) => e > after) ?? Number.POSITIVE_INFINITY;
  const firstPlay = commands[0]!;
  const jb = tl.joinBeforePlay;
  const joinBefore = backInSync(
    measured,
    jb.viewer,
    firstPlay.event.effectiveAt,
    nextEffective(firstPlay.event.effectiveAt),
    SCENARIO_IN_SYNC_MS,
  );
  const dropSkip = commands.find((c) => c.clickedAt >= drop.offAt && c.clickedAt < drop.onAt);
  const dropBack = backInSync(
    measured,
    drop.viewer,
    drop.onAt,
    lateJoin.clickAt,
    SCENARIO_IN_SYNC_MS,
  );
  const lateBack = backInSync(
    measured,
    lateJoin.viewer,
    lateJoin.clickAt,
    Number.POSITIVE_INFINITY,
    SCENARIO_IN_SYNC_MS,
  );
  let cpuResync = Number.NaN;
  let cpuP95 = Number.NaN;
  if (tl.cpu) {
    const v = tl.cpu.viewer;
    cpuResync = 0;
    commands.forEach((c, i) => {
      const from = c.event.effectiveAt;
      const to = commands[i + 1]?.event.effectiveAt ?? Number.POSITIVE_INFINITY;
      cpuResync = Math.max(cpuResync, backInSync(measured, v, from, to, SCENARIO_IN_SYNC_MS));
    });
    cpuP95 = percentile(
      measured
        .filter((s) => s.follower === v && !settling(s))
        .map(driftMs)
        .sort((a, b) => a - b),
      95,
    );
  }
  const sortedClicks = [...clicks].sort((a, b) => a - b);
  const clickP50 = percentile(sortedClicks, 50);
  const clickMax = sortedClicks.at(-1) ?? Number.NaN;
  console.log('');
  console.log(
    `scenario join_before_play viewer=${tl.names[jb.viewer]} join_to_click_ms=${fmt(firstPlay.clickedAt - jb.clickAt, 0)} back_in_sync_ms=${fmt(joinBefore, 0)}`,
  );
  console.log(
    `scenario join_during_play viewer=${tl.names[lateJoin.viewer]} back_in_sync_ms=${fmt(lateBack, 0)} (from the Join tap)`,
  );
  console.log(
    `scenario network_drop viewer=${tl.names[drop.viewer]} offline_ms=${fmt(drop.onAt - drop.offAt, 0)} skip_while_offline=${dropSkip ? 'yes' : 'no'} back_in_sync_ms=${fmt(dropBack, 0)} (from the network's return)`,
  );
  console.log(
    tl.cpu
      ? `scenario cpu_${CPU_THROTTLE}x viewer=${tl.names[tl.cpu.viewer]} back_in_sync_ms=${fmt(cpuResync, 0)} (worst command) steady_p95_ms=${fmt(cpuP95)}`
      : `scenario cpu_${CPU_THROTTLE}x skipped (needs BENCH_FOLLOWERS ≥ 3)`,
  );
  console.log(
    `click_to_effect commands=${clicks.length} p50_ms=${fmt(clickP50, 0)} max_ms=${fmt(clickMax, 0)} (host click → effectiveAt)`,
  );
  const delivered = deliveries(commands, arrivals, tl);
  console.log(
    `delivery realtime=${REALTIME} n=${delivered.length} p50_ms=${fmt(percentile(delivered, 50), 1)} p95_ms=${fmt(percentile(delivered, 95), 1)} max_ms=${fmt(delivered.at(-1) ?? Number.NaN, 1)} (event serverTime → arrival in the page)`,
  );

  const p50 = percentile(steady, 50);
  const p95 = percentile(steady, 95);
  const max = steady.at(-1) ?? Number.NaN;
  const scenarioWorst = Math.max(
    joinBefore,
    lateBack,
    dropBack,
    Number.isNaN(cpuResync) ? 0 : cpuResync,
  );
  const checks = [
    [`p95 ${fmt(p95)} ≤ ${TARGETS.p95}`, p95 <= TARGETS.p95],
    [`max ${fmt(max)} ≤ ${TARGETS.max}`, max <= TARGETS.max],
    [`resync ${fmt(worstResync, 0)} ≤ ${TARGETS.resync}`, worstResync <= TARGETS.resync],
    [`spread ${fmt(worstSpread)} ≤ ${TARGETS.spread}`, worstSpread <= TARGETS.spread],
    [`scenarios ${fmt(scenarioWorst, 0)} ≤ ${TARGETS.resync}`, scenarioWorst <= TARGETS.resync],
    [
      `click-to-effect ${fmt(clickMax, 0)} ≤ ${TARGETS.clickToEffect}`,
      clickMax <= TARGETS.clickToEffect,
    ],
  ] as const;
  console.log(
    `${checks.every(([, ok]) => ok) ? 'PASS' : 'FAIL'}: ${checks.map(([l, ok]) => `${l} ms ${ok ? 'ok' : 'MISSED'}`).join('; ')}`,
  );
  console.log(
    `sync followers=${viewerCount - 1} p50_ms=${fmt(p50)} p95_ms=${fmt(p95)} max_ms=${fmt(max)} resync_ms=${fmt(worstResync, 0)} spread_ms=${fmt(worstSpread)}`,
  );
}

main()
  .then(() => process.exit(0))
  .catch(async (e: unknown) => {
    console.error(e);
    await cleanup();
    process.exit(1);
  });
