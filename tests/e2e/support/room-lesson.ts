import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { FOLLOWER_DEFAULTS } from '../../../src/engine';
import { demoAccount } from '../../../src/server/seed/accounts';
import { DEMO_IDS } from '../../../src/server/seed/demo';
import { launchBrowser } from './browser';
import { snapshotBuiltClient, type ClientSnapshot } from './client-snapshot';
import { text } from './locales';
import { signIn } from './login';
import { startServer, type RunningServer } from './server';
import { roomPositionAt, syncState, type SyncSample } from './sync';

/**
 * The synchronized room's lesson as a class lives it, shared by the room tests of both realtime
 * backends (rooms.test.ts on the /ws hub, firestore-rooms.test.ts on Firestore): the teacher
 * creates a room on the home page, two students see it live and join, and play, pause, skip and
 * 1.5× reach both students' players. Call `useRoomLesson` inside a `describe`, then
 * `roomLessonSteps` for the shared tests; a file adds its own tests after them.
 */

/** How far (s) a player may be from the room's timeline and still count as following it. */
const TOLERANCE_S = 0.3;
/** Consecutive in-sync readings (≥ 100 ms apart) before a player counts as settled. */
const STREAK = 3;
/** How long a player may take to settle after a command (ms): generous for a loaded machine. */
export const SETTLE_MS = 15_000;
const ROOM_NAME = 'Sync check';
/** The demo class the teacher and the students share (src/server/seed/demo.ts). */
const CLASS_NAME = 'Class 2-A';
export const SESSION_ID = DEMO_IDS.sessions.oceanLive;

export interface Viewer {
  name: string;
  context: BrowserContext;
  page: Page;
}

/** What the host last told the room. */
interface RoomState {
  playing: boolean;
  rate: number;
}

/** A label as Mantine renders it: a required field's label gets ' *'. */
const labelled = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

export interface RoomLessonOptions {
  /** More server environment (a second backend), read when the server starts. */
  serverEnv?: () => Record<string, string>;
  /** Called with each new page before it signs in (e.g. to count its requests). */
  onPage?: (account: string, page: Page) => void;
  /**
   * Puts something between the pages and the server (a proxy of the school's network): given
   * the server's URL, the URL the pages open instead, and how to stop it.
   */
  via?: (serverUrl: string) => Promise<{ url: string; close(): Promise<void> }>;
}

export interface RoomLesson {
  readonly server: RunningServer;
  readonly host: Viewer;
  readonly student1: Viewer;
  readonly student2: Viewer;
  /** What the host last told the room (the steps keep it; a file's own steps too). */
  readonly room: RoomState;
  /** Signs in the teacher (the host) and the two students. */
  signInClass(): Promise<void>;
  signedIn(account: string): Promise<Viewer>;
  roomCard(page: Page): ReturnType<Page['getByRole']>;
  enterRoom(viewer: Viewer, linkKey: 'rooms:card.start' | 'rooms:card.join'): Promise<void>;
  offTimeline(viewer: Viewer): Promise<string | null>;
  show(sample: SyncSample): string;
  expectFollowing(...viewers: Viewer[]): Promise<void>;
  hostControls(): ReturnType<Page['getByRole']>;
  hostPosition(): Promise<number>;
}

/** Starts the built client's server and a browser for the file; stops both after it. */
export function useRoomLesson(options: RoomLessonOptions = {}): RoomLesson {
  let client: ClientSnapshot;
  let server: RunningServer;
  let browser: Browser;
  let via: { url: string; close(): Promise<void> } | undefined;
  /** Where the pages go: the server, or what stands in front of it. */
  const origin = () => via?.url ?? server.url;
  let host: Viewer;
  let student1: Viewer;
  let student2: Viewer;
  const room: RoomState = { playing: false, rate: 1 };
  /** What the pages said (errors, warnings, failed requests): printed when a test fails. */
  const pageLog: string[] = [];
  const viewers: Viewer[] = [];

  beforeAll(async () => {
    client = snapshotBuiltClient();
    [server, browser] = await Promise.all([
      startServer({ CLIENT_DIR: client.dir, ...options.serverEnv?.() }),
      launchBrowser(),
    ]);
    via = await options.via?.(server.url);
  }, 300_000);
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const states = await Promise.all(
      viewers.map(
        async (v) =>
          `${v.name} ${v.page.url()} ${JSON.stringify(await syncState(v.page).catch(() => null))}`,
      ),
    );
    console.log([...states, ...pageLog.slice(-40)].join('\n'));
  });
  afterAll(async () => {
    await browser?.close();
    await via?.close();
    await server?.stop();
    client?.remove();
  });

  /** A fresh browser context signed in as the account, on the home page. */
  async function signedIn(account: string): Promise<Viewer> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') {
        pageLog.push(`[${account}] ${m.type()}: ${m.text()}`);
      }
    });
    page.on('pageerror', (e) => pageLog.push(`[${account}] pageerror: ${e.message}`));
    page.on('requestfailed', (r) =>
      pageLog.push(`[${account}] request failed: ${r.url()} ${r.failure()?.errorText}`),
    );
    options.onPage?.(account, page);
    // Unread notices pop up over the home page after sign-in, whenever they load: a person reads
    // them and taps OK before going on, and so does the test, before any action it takes.
    await page.addLocatorHandler(
      page.getByRole('dialog', { name: text('ja', 'notifications:title') }),
      async (dialog) => {
        await dialog
          .getByRole('button', { name: text('ja', 'notifications:ok'), exact: true })
          .click();
      },
    );
    await signIn(page, origin(), account, demoAccount(account).password);
    await page.waitForURL(`${origin()}/`);
    const viewer = { name: account, context, page };
    viewers.push(viewer);
    return viewer;
  }

  /** The room's card on the home page, found by its name as a screen reader would. */
  const roomCard = (page: Page) => page.getByRole('article', { name: ROOM_NAME });

  /**
   * Follows the card's start/join link to the watch page, then loads the same address with the
   * read-only sync hook switched on (`debugSync=1`) and taps the join button.
   */
  async function enterRoom(viewer: Viewer, linkKey: 'rooms:card.start' | 'rooms:card.join') {
    const { page } = viewer;
    await roomCard(page)
      .getByRole('link', { name: text('ja', linkKey) })
      .click();
    await page.waitForURL(/\/session\/[^/]+\/watch\/\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/session/${SESSION_ID}/watch/`);
    expect(url.searchParams.get('stream')).toMatch(/.+/);
    url.searchParams.set('debugSync', '1');
    await page.goto(url.toString());
    await page.getByTestId('join').click();
    await page.getByTestId('join').waitFor({ state: 'detached' });
  }

  const show = (s: SyncSample) =>
    `current=${s.current.toFixed(3)} expected=${s.expected.toFixed(3)} paused=${s.paused} rate=${s.rate}`;

  /**
   * Why `viewer` is not on the room's timeline right now, or null when it is: its player must be
   * within the tolerance of its own view of the timeline and of the host's (projected to the same
   * server instant), playing or paused as the room is, at the room's rate (give or take the
   * follower's bounded nudge).
   */
  async function offTimeline(viewer: Viewer): Promise<string | null> {
    const [h, v] = await Promise.all([syncState(host.page), syncState(viewer.page)]);
    if (!h || !v) return `${viewer.name}: no sync hook or video yet`;
    const roomPosition = roomPositionAt(h, v.serverNow, room);
    const problems: string[] = [];
    if (v.paused === room.playing) problems.push(room.playing ? 'paused' : 'playing');
    if (Math.abs(v.current - v.expected) > TOLERANCE_S) problems.push('off its own timeline');
    if (Math.abs(v.current - roomPosition) > TOLERANCE_S) problems.push("off the host's timeline");
    if (room.playing && Math.abs(v.rate / room.rate - 1) > FOLLOWER_DEFAULTS.maxNudge + 1e-9) {
      problems.push('wrong rate');
    }
    return problems.length === 0
      ? null
      : `${viewer.name} ${problems.join(', ')}: ${show(v)} room=${roomPosition.toFixed(3)}`;
  }

  /** Waits until every viewer reads as on the timeline several times in a row. */
  async function expectFollowing(...following: Viewer[]) {
    await Promise.all(
      following.map(async (viewer) => {
        let streak = 0;
        await expect
          .poll(
            async () => {
              const problem = await offTimeline(viewer);
              streak = problem === null ? streak + 1 : 0;
              return streak >= STREAK ? 'following' : (problem ?? `streak ${streak}`);
            },
            { timeout: SETTLE_MS, interval: 100 },
          )
          .toBe('following');
      }),
    );
  }

  /** The host's controls section on the watch page. */
  const hostControls = () =>
    host.page.getByRole('region', { name: text('ja', 'watch:host.label') });

  const hostPosition = async () => {
    const s = await syncState(host.page);
    if (!s) throw new Error('the host page has no sync hook');
    return s.expected;
  };

  return {
    get server() {
      return server;
    },
    get host() {
      return host;
    },
    get student1() {
      return student1;
    },
    get student2() {
      return student2;
    },
    room,
    async signInClass() {
      [host, student1, student2] = await Promise.all([
        signedIn('teacher'),
        signedIn('student01'),
        signedIn('student02'),
      ]);
    },
    signedIn,
    roomCard,
    enterRoom,
    offTimeline,
    show,
    expectFollowing,
    hostControls,
    hostPosition,
  };
}

/** What a backend's file checks beyond the shared steps, after the step it names. */
export interface RoomLessonChecks {
  /** After the room appeared on the students' home pages. */
  afterCreate?: () => void | Promise<void>;
  /** After the host and the students entered the room. */
  afterEnter?: () => void | Promise<void>;
}

/** The shared tests: create, enter, play, pause, skip (paused and playing), 1.5×. */
export function roomLessonSteps(lesson: RoomLesson, checks: RoomLessonChecks = {}): void {
  it('lets the teacher create a room on the home page that the students see live', async () => {
    await lesson.signInClass();
    const { host, student1, student2, roomCard } = lesson;
    const page = host.page;
    await page.getByRole('button', { name: text('ja', 'rooms:create'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text('ja', 'rooms:form.createTitle') });
    await dialog.waitFor();

    await dialog
      .getByRole('combobox', { name: labelled(text('ja', 'rooms:form.session')) })
      .click();
    // Pick the live session by its value (the archive twin covers the same topic).
    await page.locator(`[role="option"][value="${SESSION_ID}"]`).click();
    await dialog.getByLabel(labelled(text('ja', 'rooms:form.name'))).fill(ROOM_NAME);
    // The start defaults to now (rounded up to the next 10 minutes): a room that can start now.
    expect(await dialog.getByLabel(labelled(text('ja', 'rooms:form.hour'))).inputValue()).toMatch(
      /^\d{1,2}$/,
    );
    await dialog.getByRole('radio', { name: text('ja', 'rooms:form.langJa') }).check();
    await dialog.getByRole('checkbox', { name: CLASS_NAME }).check();
    await dialog.getByRole('button', { name: text('ja', 'rooms:form.submitCreate') }).click();

    await page.getByText(text('ja', 'rooms:messages.created')).waitFor();
    await roomCard(page).waitFor();
    expect(await roomCard(page).getByText(text('ja', 'rooms:card.you')).count()).toBe(1);
    // The students' home pages add the room without a reload.
    await Promise.all([roomCard(student1.page).waitFor(), roomCard(student2.page).waitFor()]);
    await checks.afterCreate?.();
  });

  it('brings the host and two students into the room, paused at the start', async () => {
    const { host, student1, student2 } = lesson;
    await lesson.enterRoom(host, 'rooms:card.start');
    await Promise.all([
      lesson.enterRoom(student1, 'rooms:card.join'),
      lesson.enterRoom(student2, 'rooms:card.join'),
    ]);
    for (const viewer of [host, student1, student2]) {
      expect((await syncState(viewer.page))?.role).toBe(viewer === host ? 'host' : 'follower');
    }
    await lesson.expectFollowing(student1, student2);
    await checks.afterEnter?.();
  });

  it('starts both students when the host plays', async () => {
    const { host, student1, student2, room } = lesson;
    await lesson
      .hostControls()
      .getByRole('button', { name: text('ja', 'watch:host.play') })
      .click();
    room.playing = true;
    await lesson.expectFollowing(host, student1, student2);
    // The room really moves: the timeline is past the start.
    await expect.poll(lesson.hostPosition, { timeout: SETTLE_MS }).toBeGreaterThan(1);
  });

  it('pauses both students when the host pauses', async () => {
    const { host, student1, student2, room } = lesson;
    await lesson
      .hostControls()
      .getByRole('button', { name: text('ja', 'watch:host.pause') })
      .click();
    room.playing = false;
    await lesson.expectFollowing(host, student1, student2);
    const paused = await lesson.hostPosition();
    for (const viewer of [student1, student2]) {
      const s = await syncState(viewer.page);
      expect(s?.paused).toBe(true);
      expect(Math.abs((s?.current ?? NaN) - paused)).toBeLessThanOrEqual(TOLERANCE_S);
    }
  });

  it('moves both students when the host skips ahead 10 s, paused and playing', async () => {
    const { host, student1, student2, room, hostPosition } = lesson;
    const forward = () =>
      lesson
        .hostControls()
        .getByRole('button', { name: text('ja', 'watch:host.forward', { seconds: '10' }) })
        .click();
    const before = await hostPosition();
    await forward();
    await expect.poll(hostPosition, { timeout: SETTLE_MS }).toBeCloseTo(before + 10, 1);
    await lesson.expectFollowing(host, student1, student2);

    await lesson
      .hostControls()
      .getByRole('button', { name: text('ja', 'watch:host.play') })
      .click();
    room.playing = true;
    await lesson.expectFollowing(host, student1, student2);
    const playingFrom = await hostPosition();
    await forward();
    await expect.poll(hostPosition, { timeout: SETTLE_MS }).toBeGreaterThan(playingFrom + 10);
    await lesson.expectFollowing(host, student1, student2);
  });

  it('runs both students at 1.5× when the host sets the speed', async () => {
    const { host, student1, student2, room } = lesson;
    await lesson.hostControls().getByText('1.5×', { exact: true }).click();
    room.rate = 1.5;
    await lesson.expectFollowing(host, student1, student2);
    for (const viewer of [student1, student2]) await expectRoomRate(viewer, 1.5);
  });
}

/**
 * The viewer's player runs at the room's rate, or at a follower's nudge of it while it keeps to
 * the timeline: a nudge is bounded to rate × (1 ± maxNudge), and on a busy machine one need not
 * have ended. At 1.5× that band lies above every nudge of 1×.
 */
export async function expectRoomRate(viewer: Viewer, rate: number): Promise<void> {
  const { maxNudge } = FOLLOWER_DEFAULTS;
  const current = async () => (await syncState(viewer.page))?.rate ?? 0;
  await expect
    .poll(async () => Math.abs((await current()) - rate), { timeout: SETTLE_MS })
    .toBeLessThan(rate * maxNudge);
}
