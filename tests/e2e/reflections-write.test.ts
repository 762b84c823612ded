import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthTokens } from '../../src/contracts/api/auth';
import { ReportSessionsResponse } from '../../src/contracts/api/reports';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { axeFindings } from './support/axe';
import { useServerAndBrowser } from './support/app';
import { text } from './support/locales';
import { signIn } from './support/login';

// Issue 24, "what stops a one-class pilot": a pupil reaches an archive's end and writes the
// reflection in place (no new tab); a server error keeps what was typed and offers a retry; the
// teacher's "update now" brings it into the class report (and a second click is limited); a pupil
// writes one from マイページ by choosing a session they joined. Screens in ja and en at 1280 and
// 390 go to /tmp/shots-refl/.
const OCEAN = DEMO_IDS.sessions.oceanArchive;
const GRADE = DEMO_IDS.groups.grade2;
const SHOTS = '/tmp/shots-refl';
const WIDTHS = [1280, 390] as const;
/** How long one step of bringing a screen back may take before it is tried again. */
const STEP_MS = 10_000;

describe('writing reflections (issue 24)', { timeout: 300_000 }, () => {
  const app = useServerAndBrowser({}, { snapshotClient: true });
  let baseline = 0;

  const tokenOf = async (account: string) => {
    const login = await fetch(`${app.server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account, password: demoAccount(account).password }),
    });
    return AuthTokens.parse(await login.json()).token;
  };
  const api = async (
    account: string,
    path: string,
    init: { method?: string; body?: unknown } = {},
  ) => {
    const res = await fetch(`${app.server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${await tokenOf(account)}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as unknown };
  };
  const oceanRow = async () =>
    ReportSessionsResponse.parse(
      (await api('teacher', `/v1/report/group/${GRADE}/sessions`)).json,
    ).items.find((r) => r.sessionId === OCEAN)!;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // The aggregates are built once at start-up: the report before anything below.
    baseline = (await oceanRow()).reflections;
  });

  async function signedIn(account: string, lang: 'ja' | 'en', width: number = WIDTHS[0]) {
    const context = await app.browser.newContext({ viewport: { width, height: 860 } });
    const page = await context.newPage();
    await signIn(page, app.server.url, account, demoAccount(account).password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    if (lang === 'en') {
      const me = (await api(account, '/v1/me')).json as { item: { _id: string } };
      const res = await api(account, `/v1/user/${me.item._id}`, {
        method: 'PUT',
        body: { lang: 'en' },
      });
      expect(res.status).toBe(200);
    }
    return { context, page };
  }

  /**
   * The screen at both widths. Crossing the phone breakpoint re-lays the page out (the watch
   * page's moments and マイページ's tabs mount anew, closing a dialog; typed text is kept on the
   * device), so `prepare` brings the screen back after each resize, and once more at the end.
   */
  async function shoot(
    page: Page,
    name: string,
    prepare: () => Promise<void>,
    check: () => Promise<void>,
  ) {
    for (const width of WIDTHS) {
      await resize(page, width);
      await settled(prepare);
      await check();
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    }
    await resize(page, WIDTHS[0]);
    await settled(prepare);
  }

  /** A new viewport, and two frames for the page's media queries to re-lay it out. */
  async function resize(page: Page, width: number) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
    await page.evaluate(
      () =>
        new Promise<void>((done) =>
          requestAnimationFrame(() => requestAnimationFrame(() => done())),
        ),
    );
  }

  /**
   * `prepare` until it holds: a re-layout may land just after a check saw the old screen (the
   * dialog still open, then unmounted), so each step waits briefly and the whole is tried again.
   */
  async function settled(prepare: () => Promise<void>) {
    for (let attempt = 1; ; attempt++) {
      try {
        await prepare();
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  /** The solo archive played to its end: the reflection card is on screen. */
  async function atArchiveEnd(page: Page, lang: 'ja' | 'en') {
    await page.goto(`${app.server.url}/session/${OCEAN}/watch/?lang=${lang}`);
    await page.getByTestId('join').click();
    const toggle = page.getByTestId('host-toggle');
    await toggle.waitFor();
    if ((await toggle.innerText()) === text(lang, 'watch:host.pause')) await toggle.click();
    // The video's length is known once its metadata has loaded (NaN before).
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')?.duration ?? 0))
      .toBeGreaterThan(56);
    const track = page
      .getByRole('slider', { name: text(lang, 'watch:host.seek') })
      .locator('xpath=ancestor::*[contains(@class, "mantine-Slider-trackContainer")][1]');
    const box = await track.boundingBox();
    if (!box) throw new Error('no seek bar');
    // The last pixel of the seek bar: the end of the video.
    await page.mouse.click(box.x + box.width - 1, box.y + box.height / 2);
    const card = page.getByTestId('overlay-reflection');
    await card.waitFor({ timeout: 30_000 });
    return card;
  }

  const IDEA = '海のごみは、川から流れてくることが多い。';
  const ERROR_RESPONSE = {
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ error: { code: 'internal', message: 'Internal error' } }),
  };

  it('at the archive’s end the card opens the editor in place; a failed save keeps the text and retries; the report counts it after "update now"', async () => {
    const { context, page } = await signedIn('student18', 'ja');
    const card = await atArchiveEnd(page, 'ja');
    const pagesBefore = context.pages().length;
    const open = card.getByRole('button', { name: text('ja', 'watch:prompt.reflection.open') });
    const dialog = page.getByRole('dialog', { name: text('ja', 'profile:reflection.writeTitle') });
    const idea = dialog.getByLabel(text('ja', 'profile:reflection.ideaNote'));
    const opened = async () => {
      if (!(await dialog.isVisible())) await open.click();
      await idea.waitFor({ timeout: STEP_MS });
    };
    await opened();
    // In place: no new tab, still on the watch page.
    expect(context.pages().length).toBe(pagesBefore);
    expect(new URL(page.url()).pathname).toMatch(/\/watch\/?$/);
    // Keyboard: the first note has the focus; typing goes there.
    await expect.poll(() => idea.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(IDEA);
    await dialog
      .getByLabel(text('ja', 'profile:reflection.actionNote'))
      .fill('週末に川原のごみを拾う。');
    await dialog.getByRole('switch', { name: text('ja', 'profile:reflection.publish') }).check();
    const inDialog = async () => {
      expect(await axeFindings(page, { include: ['[role=dialog]'] })).toEqual([]);
    };
    await shoot(page, 'watch-end-dialog-ja', opened, inDialog);
    // Across the re-layout the text came back from the device.
    expect(await idea.inputValue()).toBe(IDEA);

    // The server fails: the text stays, the alert offers to try again.
    await page.route(`**/v1/session/${OCEAN}/reflection`, (route) => route.fulfill(ERROR_RESPONSE));
    const save = dialog.getByRole('button', { name: text('ja', 'profile:reflection.save') });
    const failed = dialog.getByTestId('reflection-save-error');
    const failedOnce = async () => {
      await opened();
      if (!(await failed.isVisible())) await save.click();
      await failed
        .getByText(text('ja', 'profile:reflection.keptOnDevice'))
        .waitFor({ timeout: STEP_MS });
    };
    await failedOnce();
    expect(await idea.inputValue()).toBe(IDEA);
    await shoot(page, 'watch-end-error-ja', failedOnce, inDialog);
    // Even a reload loses nothing: the dialog opens again with the text and says so.
    await page.reload();
    const again = await atArchiveEnd(page, 'ja');
    await again.getByRole('button', { name: text('ja', 'watch:prompt.reflection.open') }).click();
    await dialog.getByTestId('reflection-restored').waitFor();
    expect(await idea.inputValue()).toBe(IDEA);
    await save.click();
    await failed.waitFor();
    await page.unroute(`**/v1/session/${OCEAN}/reflection`);
    await failed.getByRole('button', { name: text('ja', 'profile:reflection.retry') }).click();
    await dialog.waitFor({ state: 'hidden' });
    const mine = (await api('student18', `/v1/me/reflections?sessionId=${OCEAN}`)).json as {
      items: Array<{ ideaNote: string; status: string }>;
    };
    expect(mine.items).toEqual([expect.objectContaining({ ideaNote: IDEA, status: 'published' })]);
    // Saved: the device's copy is gone, so opening again shows no "brought back" note.
    await open.click();
    await idea.waitFor();
    expect(await dialog.getByTestId('reflection-restored').count()).toBe(0);
    await context.close();

    // The teacher's report: the same number until "update now", then one more reflection.
    const teacher = await signedIn('teacher', 'ja');
    const tpage = teacher.page;
    await tpage.goto(`${app.server.url}/report`);
    await tpage.waitForURL(new RegExp(`/report/group/${GRADE}/sessions$`));
    const table = tpage.getByRole('table', { name: text('ja', 'reports:tabs.sessions') });
    const row = table.getByRole('row').filter({ has: tpage.locator(`a[href*="${OCEAN}"]`) });
    const reflections = async () => (await row.getByRole('cell').nth(7).innerText()).trim();
    await expect.poll(reflections).toBe(String(baseline));
    const update = tpage.getByRole('button', { name: text('ja', 'reports:refreshNow') });
    await update.click();
    await expect.poll(reflections).toBe(String(baseline + 1));
    expect((await oceanRow()).reflections).toBe(baseline + 1);
    // A second click within the minute is limited, and says so beside the button.
    const limited = tpage.getByTestId('refresh-limited');
    const limitedShown = async () => {
      if (!(await limited.isVisible())) await update.click();
      await limited.waitFor({ timeout: STEP_MS });
    };
    await limitedShown();
    expect(await limited.innerText()).toMatch(/\d+秒/);
    await shoot(tpage, 'report-update-limited-ja', limitedShown, async () => {
      expect(await axeFindings(tpage)).toEqual([]);
    });
    await teacher.context.close();
  });

  it('the end card and the report read in English too', async () => {
    const { context, page } = await signedIn('student19', 'en');
    const card = await atArchiveEnd(page, 'en');
    const dialog = page.getByRole('dialog', { name: text('en', 'profile:reflection.writeTitle') });
    const think = dialog.getByLabel(text('en', 'profile:reflection.thinkNote'));
    const opened = async () => {
      if (!(await dialog.isVisible())) {
        await card
          .getByRole('button', { name: text('en', 'watch:prompt.reflection.open') })
          .click();
      }
      await think.waitFor({ timeout: STEP_MS });
    };
    await opened();
    await think.fill('Rivers carry litter.');
    await shoot(page, 'watch-end-dialog-en', opened, async () => {
      expect(await axeFindings(page, { include: ['[role=dialog]'] })).toEqual([]);
    });
    await dialog.getByRole('button', { name: text('en', 'profile:reflection.save') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();

    // Another group than the teacher's refresh a moment ago (each group: one a minute).
    const staff = await signedIn('staff', 'en');
    await staff.page.goto(`${app.server.url}/report/group/${DEMO_IDS.groups.class2a}/sessions`);
    const update = staff.page.getByRole('button', { name: text('en', 'reports:refreshNow') });
    await update.click();
    await staff.page.getByText(text('en', 'reports:refreshDone')).waitFor();
    await shoot(
      staff.page,
      'report-update-en',
      () => update.waitFor(),
      async () => {
        expect(await axeFindings(staff.page)).toEqual([]);
      },
    );
    await staff.context.close();
  });

  for (const { lang, account } of [
    { lang: 'ja', account: 'student20' },
    { lang: 'en', account: 'student21' },
  ] as const) {
    it(`${lang}: from マイページ, the empty state points to "write a reflection"; the pupil picks a joined session and writes`, async () => {
      const { context, page } = await signedIn(account, lang);
      await page.goto(`${app.server.url}/mypage`);
      const tab = page.getByRole('tab', { name: text(lang, 'profile:tabs.reflections') });
      const write = page.getByRole('button', { name: text(lang, 'profile:reflection.write') });
      const dialog = page.getByRole('dialog', {
        name: text(lang, 'profile:reflection.writeTitle'),
      });
      const onTab = async () => {
        if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
      };
      const wholePage = async () => {
        expect(await axeFindings(page)).toEqual([]);
      };
      const inDialog = async () => {
        expect(await axeFindings(page, { include: ['[role=dialog]'] })).toEqual([]);
      };
      await onTab();
      await page.getByText(text(lang, 'profile:empty.reflections.instruction')).waitFor();
      await shoot(
        page,
        `mypage-empty-${lang}`,
        async () => {
          await onTab();
          await write.waitFor({ timeout: STEP_MS });
        },
        wholePage,
      );

      // No session joined yet: the dialog says how to get one.
      const noSessions = async () => {
        await onTab();
        if (!(await dialog.isVisible())) await write.click();
        await dialog.getByTestId('reflection-no-sessions').waitFor({ timeout: STEP_MS });
      };
      await noSessions();
      await shoot(page, `mypage-no-sessions-${lang}`, noSessions, inDialog);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Having watched the archive (a join), the session is offered.
      const joined = await api(account, `/v1/session/${OCEAN}/join`, { method: 'POST', body: {} });
      expect(joined.status).toBe(200);
      await page.reload();
      const words =
        lang === 'ja' ? '海と川はつながっている。' : 'The sea and the rivers are connected.';
      const note = dialog.getByLabel(text(lang, 'profile:reflection.ideaNote'));
      const writing = async () => {
        await onTab();
        if (!(await dialog.isVisible())) await write.click();
        if (!(await note.isVisible())) {
          await dialog
            .locator('input')
            .and(page.getByLabel(text(lang, 'profile:reflection.session'), { exact: true }))
            .click();
          await page.getByRole('option').first().click();
        }
        await note.waitFor({ timeout: STEP_MS });
        if ((await note.inputValue()) !== words) await note.fill(words);
      };
      await writing();
      await shoot(page, `mypage-write-${lang}`, writing, inDialog);
      await dialog.getByRole('button', { name: text(lang, 'profile:reflection.save') }).click();
      await dialog.waitFor({ state: 'hidden' });
      const written = page.getByRole('listitem').filter({ hasText: words });
      await written.waitFor();
      await shoot(
        page,
        `mypage-written-${lang}`,
        async () => {
          await onTab();
          await written.waitFor({ timeout: STEP_MS });
        },
        wholePage,
      );
      await context.close();
    });
  }
});
