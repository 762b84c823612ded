import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AuthTokens } from '../../src/contracts/api/auth';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { useServerAndBrowser } from './support/app';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { signIn } from './support/login';
import { syncState, type SyncSample } from './support/sync';

// Issue 24, the watch page from a classroom walkthrough: 「もう一度再生」 restarts a room for every
// player (it sent a skip to 0 and a play at the end, so everyone went to 0:00 and back to the
// end) and a solo viewing (it stayed at the end, paused); one tap starts solo viewing; a pupil
// who leaves an archive part-way continues from there, or starts over, in that one tap. Then the
// touched screens in ja and en at 1280 and 390, looked at and axe-checked.

const LIVE = DEMO_IDS.sessions.oceanLive;
const ARCHIVE = DEMO_IDS.sessions.oceanArchive;
const FOREST = DEMO_IDS.sessions.forestArchive;
const CLASS = DEMO_IDS.groups.class2a;
const SHOTS = '/tmp/shots-watch';
const SETTLE_MS = 20_000;
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
type Lang = 'ja' | 'en';

/** The `<video>` of the watch page as a person sees it: where it is and whether it plays. */
const video = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('video[data-testid="watch-video"]');
    return { current: v?.currentTime ?? NaN, paused: v?.paused ?? true, duration: v?.duration };
  });

describe('replay and resume (issue 24)', { timeout: 300_000 }, () => {
  const app = useServerAndBrowser({}, { snapshotClient: true });
  mkdirSync(SHOTS, { recursive: true });

  const token = async (account: string) => {
    const res = await fetch(`${app.server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account, password: demoAccount(account).password }),
    });
    return AuthTokens.parse(await res.json()).token;
  };
  const api = async (account: string, path: string, body?: unknown, method = 'POST') => {
    const res = await fetch(`${app.server.url}${path}`, {
      method: body === undefined ? 'GET' : method,
      headers: {
        authorization: `Bearer ${await token(account)}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { item: Record<string, unknown> };
    if (!res.ok) throw new Error(`${path} → ${res.status} ${JSON.stringify(json)}`);
    return json.item;
  };
  const userId = async (account: string) => String((await api(account, '/v1/me'))['_id']);
  const createRoom = async (name: string) =>
    String(
      (
        await api('teacher', '/v1/stream', {
          sessionId: LIVE,
          name,
          lang: 'ja',
          groupIds: [CLASS],
          settings: {
            startTime: Date.now(),
            participantVideoVisiblity: true,
            videoQuality: 'high',
          },
        })
      )['id'],
    );

  async function signedIn(
    account: string,
    {
      lang = 'ja',
      viewport = WIDTHS[0],
    }: { lang?: Lang; viewport?: { width: number; height: number } } = {},
  ): Promise<Page> {
    await api(account, `/v1/user/${await userId(account)}`, { lang }, 'PUT');
    const context = await app.browser.newContext({
      viewport,
      locale: lang === 'en' ? 'en-US' : 'ja-JP',
    });
    const page = await context.newPage();
    await signIn(page, app.server.url, account, demoAccount(account).password, { lang });
    await page.waitForURL(`${app.server.url}/`);
    return page;
  }

  const join = async (page: Page, testId = 'join') => {
    await page.getByTestId(testId).click();
    await page.getByTestId(testId).waitFor({ state: 'detached' });
  };
  const toggle = (page: Page) => page.getByTestId('host-toggle');
  const forward = (page: Page, lang: Lang = 'ja') =>
    page.getByRole('button', { name: text(lang, 'watch:host.forward', { seconds: '10' }) });

  it('replays a room from 0:00 for every player, none going back to the end', async () => {
    const roomId = await createRoom('Replay');
    const [host, s1, s2] = await Promise.all([
      signedIn('teacher'),
      signedIn('student01'),
      signedIn('student02'),
    ]);
    const url = `${app.server.url}/session/${LIVE}/watch/?stream=${roomId}&debugSync=1`;
    for (const page of [host, s1, s2]) {
      await page.goto(url);
      await join(page);
    }
    // Near the end, then play: the host's driver pauses the room at the end of the video.
    for (let i = 0; i < 5; i++) await forward(host).click();
    await expect
      .poll(async () => (await syncState(host))?.expected ?? 0, { timeout: SETTLE_MS })
      .toBeGreaterThan(49);
    await toggle(host).click();
    await expect
      .poll(() => toggle(host).innerText(), { timeout: 30_000 })
      .toBe(text('ja', 'watch:host.replay'));
    for (const page of [s1, s2]) {
      await expect
        .poll(async () => (await syncState(page))?.current ?? 0, { timeout: SETTLE_MS })
        .toBeGreaterThan(58);
    }
    await host.screenshot({ path: `${SHOTS}/room-host-at-end-ja-1280.png` });

    // Every reading of each follower from the replay on.
    const readings: Array<{ who: string; s: SyncSample }> = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const [a, b] = await Promise.all([syncState(s1), syncState(s2)]);
        if (a) readings.push({ who: 's1', s: a });
        if (b) readings.push({ who: 's2', s: b });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    try {
      await toggle(host).click();
      // Each player seen playing near the start at least once; read together, so a slow first
      // player does not push the others' window past the first seconds.
      const restarted = new Set<Page>();
      await expect
        .poll(
          async () => {
            await Promise.all(
              [host, s1, s2].map(async (page) => {
                const s = await syncState(page);
                if (s && !s.paused && s.current > 0.5 && s.current < 15) restarted.add(page);
              }),
            );
            return restarted.size;
          },
          { timeout: SETTLE_MS },
        )
        .toBe(3);
      // Still playing from the start a while later: not paused back at the end.
      await expect
        .poll(async () => (await syncState(s1))?.current ?? 0, { timeout: SETTLE_MS })
        .toBeGreaterThan(3);
    } finally {
      sampling = false;
      await sampler;
    }
    for (const who of ['s1', 's2']) {
      const mine = readings.filter((r) => r.who === who).map((r) => r.s);
      const restarted = mine.findIndex((s) => s.current < 5);
      expect(restarted).toBeGreaterThanOrEqual(0);
      // Once at the start, never back near the end.
      expect(mine.slice(restarted).filter((s) => s.current > 30)).toEqual([]);
      expect(mine.at(-1)?.paused).toBe(false);
    }
    expect(await toggle(host).innerText()).toBe(text('ja', 'watch:host.pause'));
    for (const page of [host, s1, s2]) await page.context().close();
  });

  it('starts solo viewing with one tap and replays it from the start at the end', async () => {
    const page = await signedIn('student03');
    await page.goto(`${app.server.url}/session/${FOREST}/watch/?lang=ja`);
    await join(page);
    // One tap: it plays, no second tap on play.
    await expect
      .poll(async () => (await video(page)).current, { timeout: SETTLE_MS })
      .toBeGreaterThan(0.5);
    expect((await video(page)).paused).toBe(false);
    expect(await toggle(page).innerText()).toBe(text('ja', 'watch:host.pause'));

    for (let i = 0; i < 5; i++) await forward(page).click();
    await expect
      .poll(() => toggle(page).innerText(), { timeout: 30_000 })
      .toBe(text('ja', 'watch:host.replay'));
    await toggle(page).click();
    await expect
      .poll(
        async () => {
          const v = await video(page);
          return !v.paused && v.current > 0.5 && v.current < 15;
        },
        { timeout: SETTLE_MS },
      )
      .toBe(true);
    expect(await toggle(page).innerText()).toBe(text('ja', 'watch:host.pause'));
    await page.context().close();
  });

  it('resumes an archive where the pupil left it, or starts over, in one tap', async () => {
    const page = await signedIn('student04');
    const watch = `${app.server.url}/session/${ARCHIVE}/watch/?lang=ja`;
    await page.goto(watch);
    // Nothing saved yet: the gate offers only to watch.
    expect(await page.getByTestId('join-resume').count()).toBe(0);
    await join(page);
    await forward(page).click();
    await forward(page).click();
    await expect
      .poll(async () => (await video(page)).current, { timeout: SETTLE_MS })
      .toBeGreaterThan(22);
    // Leaves part-way (to the home page), and comes back.
    await page.goto(`${app.server.url}/`);
    await page.goto(watch);
    const resume = page.getByTestId('join-resume');
    await resume.waitFor();
    const label = await resume.innerText();
    const [, m, s] = /(\d+):(\d\d)/.exec(label) ?? [];
    const savedAt = Number(m) * 60 + Number(s);
    // Where the page last read the player (it reads it every 250 ms), to the second.
    expect(savedAt).toBeGreaterThanOrEqual(20);
    expect(savedAt).toBeLessThan(45);
    expect(label).toBe(text('ja', 'watch:resume.continue', { time: `${m}:${s}` }));
    await join(page, 'join-resume');
    await expect
      .poll(
        async () => {
          const v = await video(page);
          return !v.paused && v.current >= savedAt;
        },
        { timeout: SETTLE_MS },
      )
      .toBe(true);
    expect((await video(page)).current).toBeLessThan(savedAt + 10);

    // Again, and this time from the beginning.
    await page.goto(`${app.server.url}/`);
    await page.goto(watch);
    await page.getByTestId('join-resume').waitFor();
    expect(await page.getByTestId('join').innerText()).toBe(text('ja', 'watch:resume.restart'));
    await join(page, 'join');
    await expect
      .poll(
        async () => {
          const v = await video(page);
          return !v.paused && v.current > 0.2 && v.current < 8;
        },
        { timeout: SETTLE_MS },
      )
      .toBe(true);
    await page.context().close();
  });

  it('shows the touched screens readably and axe-clean in ja and en, at 1280 and 390', async () => {
    const ended = await createRoom('Ended');
    await createRoom('Lesson card');
    await api('teacher', `/v1/stream/${ended}/terminate`, {
      action: 'terminate',
      status: 'paused',
      timeInVideo: 0,
      playbackRate: 1,
      updatedAt: Date.now(),
    });
    const liveTitle = {
      ja: '海洋生物学者とライブで話そう',
      en: 'Talk Live with a Marine Biologist',
    };
    const pupil = await userId('student05');
    const findings: string[] = [];
    for (const lang of ['ja', 'en'] as const) {
      for (const viewport of WIDTHS) {
        const tag = `${lang}-${viewport.width}`;
        const check = async (page: Page, what: string) => {
          for (const f of await axeFindings(page)) findings.push(`${what} ${tag}: ${f}`);
        };

        // Home: the room cards name their lesson; the session badges.
        const teacher = await signedIn('teacher', { lang, viewport });
        const card = teacher.getByRole('article', { name: 'Lesson card' });
        await expect
          .poll(() => card.getByTestId('room-lesson').innerText(), { timeout: SETTLE_MS })
          .toContain(liveTitle[lang]);
        await card.scrollIntoViewIfNeeded();
        await teacher.screenshot({ path: `${SHOTS}/home-room-card-${tag}.png` });
        await check(teacher, 'home');

        // The host of an ended room reads about their own ending.
        await teacher.goto(`${app.server.url}/session/${LIVE}/watch/?stream=${ended}`);
        const endedNote = teacher.getByTestId('room-ended');
        await endedNote.waitFor();
        expect(await endedNote.innerText()).toBe(text(lang, 'watch:terminatedByYou'));
        await teacher.screenshot({ path: `${SHOTS}/room-ended-host-${tag}.png` });
        await check(teacher, 'ended room (host)');
        await teacher.context().close();

        // A pupil back at an archive: continue or start over, at the gate.
        const student = await signedIn('student05', { lang, viewport });
        await student.evaluate(([key, at]) => localStorage.setItem(key, at), [
          `WATCH.RESUME.${pupil}.${ARCHIVE}`,
          '33',
        ] as const);
        await student.goto(`${app.server.url}/session/${ARCHIVE}/watch/?lang=${lang}`);
        await student.getByTestId('join-resume').waitFor();
        expect(await student.getByTestId('join-resume').innerText()).toBe(
          text(lang, 'watch:resume.continue', { time: '0:33' }),
        );
        await student.screenshot({ path: `${SHOTS}/solo-resume-gate-${tag}.png` });
        await check(student, 'resume gate');
        // Offline: one notice, not the layout's banner as well.
        await student.context().setOffline(true);
        await student.getByTestId('offline-notice').waitFor();
        expect(await student.getByTestId('offline-banner').count()).toBe(0);
        await student.screenshot({ path: `${SHOTS}/solo-offline-${tag}.png` });
        await check(student, 'offline');
        await student.context().setOffline(false);
        await student.context().close();
      }
    }
    expect(findings).toEqual([]);
  });
});
