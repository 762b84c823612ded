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

  /** The screen as it is, at both widths (the dialog stays open across the resize). */
  async function shoot(page: Page, name: string, check: () => Promise<void>) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
      await check();
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    }
    await page.setViewportSize({ width: WIDTHS[0], height: 860 });
  }

  /** The solo archive played to its end: the reflection card is on screen. */
  async function atArchiveEnd(page: Page, lang: 'ja' | 'en') {
    await page.goto(`${app.server.url}/session/${OCEAN}/watch/?lang=${lang}`);
    await page.getByTestId('join').click();
    const toggle = page.getByTestId('host-toggle');
    await toggle.waitFor();
    if ((await toggle.innerText()) === text(lang, 'watch:host.pause')) await toggle.click();
    const duration = await page.evaluate(() => document.querySelector('video')?.duration ?? 0);
    expect(duration).toBeGreaterThan(56);
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

  it('at the archive’s end the card opens the editor in place; a failed save keeps the text and retries; the report counts it after "update now"', async () => {
    const { context, page } = await signedIn('student18', 'ja');
    const card = await atArchiveEnd(page, 'ja');
    const pagesBefore = context.pages().length;
    await card.getByRole('button', { name: text('ja', 'watch:prompt.reflection.open') }).click();
    const dialog = page.getByRole('dialog', { name: text('ja', 'profile:reflection.writeTitle') });
    await dialog.waitFor();
    // In place: no new tab, still on the watch page.
    expect(context.pages().length).toBe(pagesBefore);
    expect(new URL(page.url()).pathname).toMatch(/\/watch\/?$/);
    // Keyboard: the first note has the focus; typing goes there.
    const idea = dialog.getByLabel(text('ja', 'profile:reflection.ideaNote'));
    await expect.poll(() => idea.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('海のごみは、川から流れてくることが多い。');
    await dialog
      .getByLabel(text('ja', 'profile:reflection.actionNote'))
      .fill('週末に川原のごみを拾う。');
    await dialog.getByText(text('ja', 'profile:reflection.publish')).click();
    await shoot(page, 'watch-end-dialog-ja', async () => {
      expect(await axeFindings(page, { include: ['[role=dialog]'] })).toEqual([]);
    });

    // The server fails once: the text stays, the alert offers to try again.
    await page.route(`**/v1/session/${OCEAN}/reflection`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Internal error' } }),
      }),
    );
    await dialog.getByRole('button', { name: text('ja', 'profile:reflection.save') }).click();
    const failed = dialog.getByTestId('reflection-save-error');
    await failed.getByText(text('ja', 'profile:reflection.keptOnDevice')).waitFor();
    expect(await idea.inputValue()).toBe('海のごみは、川から流れてくることが多い。');
    await shoot(page, 'watch-end-error-ja', async () => {
      expect(await axeFindings(page, { include: ['[role=dialog]'] })).toEqual([]);
    });
    // Even closing the dialog (or the tab) loses nothing: it opens again with the text.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    const again = await atArchiveEnd(page, 'ja');
    await again.getByRole('button', { name: text('ja', 'watch:prompt.reflection.open') }).click();
    await dialog.getByTestId('reflection-restored').waitFor();
    expect(await idea.inputValue()).toBe('海のごみは、川から流れてくることが多い。');
    await dialog.getByRole('button', { name: text('ja', 'profile:reflection.save') }).click();
    await failed.waitFor();
    await page.unroute(`**/v1/session/${OCEAN}/reflection`);
    await failed.getByRole('button', { name: text('ja', 'profile:reflection.retry') }).click();
    await dialog.waitFor({ state: 'hidden' });
    const mine = (await api('student18', `/v1/me/reflections?sessionId=${OCEAN}`)).json as {
      items: Array<{ ideaNote: string; status: string }>;
    };
    expect(mine.items).toEqual([
      expect.objectContaining({
        ideaNote: '海のごみは、川から流れてくることが多い。',
        status: 'published',
      }),
    ]);
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
    await update.click();
    await tpage.getByTestId('refresh-limited').waitFor();
    await shoot(tpage, 'report-update-limited-ja', async () => {
      expect(await axeFindings(tpage)).toEqual([]);
    });
    await teacher.context.close();
  });

  it('the end card and the report read in English too', async () => {
    const { context, page } = await signedIn('student19', 'en');
    const card = await atArchiveEnd(page, 'en');
    await card.getByRole('button', { name: text('en', 'watch:prompt.reflection.open') }).click();
    const dialog = page.getByRole('dialog', { name: text('en', 'profile:reflection.writeTitle') });
    await dialog
      .getByLabel(text('en', 'profile:reflection.thinkNote'))
      .fill('Rivers carry litter.');
    await shoot(page, 'watch-end-dialog-en', async () => {
      expect(await axeFindings(page, { include: ['[role=dialog]'] })).toEqual([]);
    });
    await dialog.getByRole('button', { name: text('en', 'profile:reflection.save') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();

    const staff = await signedIn('staff', 'en');
    await staff.page.goto(`${app.server.url}/report/group/${GRADE}/sessions`);
    const update = staff.page.getByRole('button', { name: text('en', 'reports:refreshNow') });
    await update.click();
    await staff.page.getByText(text('en', 'reports:refreshDone')).waitFor();
    await shoot(staff.page, 'report-update-en', async () => {
      expect(await axeFindings(staff.page)).toEqual([]);
    });
    await staff.context.close();
  });

  for (const { lang, account } of [
    { lang: 'ja', account: 'student20' },
    { lang: 'en', account: 'student21' },
  ] as const) {
    it(`${lang}: from マイページ, the empty state points to "write a reflection"; the pupil picks a joined session and writes`, async () => {
      const { context, page } = await signedIn(account, lang);
      await page.goto(`${app.server.url}/mypage`);
      await page.getByRole('tab', { name: text(lang, 'profile:tabs.reflections') }).click();
      await page.getByText(text(lang, 'profile:empty.reflections.instruction')).waitFor();
      const write = page.getByRole('button', { name: text(lang, 'profile:reflection.write') });
      await shoot(page, `mypage-empty-${lang}`, async () => {
        await write.waitFor();
        expect(await axeFindings(page)).toEqual([]);
      });

      // No session joined yet: the dialog says how to get one.
      await write.click();
      const dialog = page.getByRole('dialog', {
        name: text(lang, 'profile:reflection.writeTitle'),
      });
      await dialog.getByTestId('reflection-no-sessions').waitFor();
      await shoot(page, `mypage-no-sessions-${lang}`, async () => {
        expect(await axeFindings(page, { include: ['[role=dialog]'] })).toEqual([]);
      });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Having watched the archive (a join), the session is offered.
      const joined = await api(account, `/v1/session/${OCEAN}/join`, { method: 'POST', body: {} });
      expect(joined.status).toBe(200);
      await page.reload();
      await page.getByRole('tab', { name: text(lang, 'profile:tabs.reflections') }).click();
      await write.click();
      const session = dialog.getByRole('textbox', {
        name: text(lang, 'profile:reflection.session'),
      });
      await session.click();
      await page.getByRole('option').first().click();
      const note = dialog.getByLabel(text(lang, 'profile:reflection.ideaNote'));
      const words =
        lang === 'ja' ? '海と川はつながっている。' : 'The sea and the rivers are connected.';
      await note.fill(words);
      await shoot(page, `mypage-write-${lang}`, async () => {
        expect(await axeFindings(page, { include: ['[role=dialog]'] })).toEqual([]);
      });
      await dialog.getByRole('button', { name: text(lang, 'profile:reflection.save') }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('listitem').filter({ hasText: words }).waitFor();
      await shoot(page, `mypage-written-${lang}`, async () => {
        expect(await axeFindings(page)).toEqual([]);
      });
      await context.close();
    });
  }
});
