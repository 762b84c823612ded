import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthTokens } from '../../src/contracts/api/auth';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { useServerAndBrowser } from './support/app';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { signIn } from './support/login';

// Issue 9, "what must be shown": a whole lesson. A teacher's room, three students (one on a
// phone), a discussion and a vote seen without scrolling, an output, the room ended (it leaves a
// student's home list live), the report showing the three as attended with the output count,
// the moderation queue and the posting-status popover axe-clean in ja and en at 1280 and 390,
// and a rejected post read kindly by its author. Each of the six major items has an
// assertion here that failed on 6141f8f.

const SESSION_ID = DEMO_IDS.sessions.oceanLive;
const UNWATCHABLE = DEMO_IDS.sessions.cityNotice;
const CLASS = DEMO_IDS.groups.class2a;
const ROOM_NAME = 'Lesson 9';
const CLASS_NAME = 'Class 2-A';
const HELD_TEXT = 'I will clean the beach on Sunday, call me on 090-1234-5678';
const NOTE = 'Please keep phone numbers private.';
const SHOTS = resolve(import.meta.dirname, '../../.tmp/shots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const labelled = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

interface Viewer {
  name: string;
  context: BrowserContext;
  page: Page;
}

describe('a whole lesson (issue 9)', () => {
  let teacher: Viewer;
  let s1: Viewer;
  let s2: Viewer;
  let s3: Viewer;
  const pageLog: string[] = [];
  /** Screens × states × languages × widths checked with axe. */
  const axeChecked: string[] = [];

  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });
  const app = useServerAndBrowser({ REPORT_REFRESH_ON_DEMAND: 'true' }, { snapshotClient: true });
  afterEach(({ task }) => {
    if (task.result?.state === 'fail') console.log(pageLog.slice(-40).join('\n'));
  });
  afterAll(() => {
    console.log(`axe: ${axeChecked.length} screen × state checks: ${axeChecked.join('; ')}`);
  });

  const api = async (account: string, path: string, init: { method?: string; body?: unknown }) => {
    const login = await fetch(`${app.server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account, password: demoAccount(account).password }),
    });
    const { token } = AuthTokens.parse(await login.json());
    const res = await fetch(`${app.server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as unknown };
  };

  async function setLang(viewer: Viewer, lang: 'ja' | 'en') {
    const me = (await api(viewer.name, '/v1/me', {})).json as { item: { _id: string } };
    const res = await api(viewer.name, `/v1/user/${me.item._id}`, {
      method: 'PUT',
      body: { lang },
    });
    expect(res.status).toBe(200);
    await viewer.page.reload();
    await expect.poll(() => viewer.page.locator('html').getAttribute('lang')).toBe(lang);
  }

  async function signedIn(account: string, viewport = DESKTOP): Promise<Viewer> {
    const context = await app.browser.newContext({ viewport });
    const page = await context.newPage();
    page.on('pageerror', (e) => pageLog.push(`[${account}] pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') pageLog.push(`[${account}] ${m.text()}`);
    });
    await signIn(page, app.server.url, account, demoAccount(account).password, {
      notificationPopup: false,
    });
    await page.waitForURL(`${app.server.url}/`);
    return { name: account, context, page };
  }

  /** axe findings (support/axe: serious, critical, any colour contrast) on the page as it is now. */
  async function axe(page: Page, what: string) {
    const found = await axeFindings(page);
    axeChecked.push(what);
    expect([what, found]).toEqual([what, []]);
  }

  /** Whether the element lies wholly inside the viewport (no scrolling needed to see it). */
  const inViewport = (locator: Locator) =>
    locator.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1;
    });

  const roomCard = (page: Page) => page.getByRole('article', { name: ROOM_NAME });
  const hostControls = () =>
    teacher.page.getByRole('region', { name: text('ja', 'watch:host.label') });
  /** Where the paused room stands after the host's skips so far (seconds). */
  let roomAt = 0;
  /**
   * The host's +10 s, then until the host's seek bar shows the room there. A skip is counted from
   * the room's position once the previous one is over a second old; on a busy machine the
   * previous one had not come back by then, the next counted from the old position, and the room
   * never reached the discussion or the vote (CI flake: the overlay never showed).
   */
  const forward = async () => {
    roomAt += 10;
    await hostControls()
      .getByRole('button', { name: text('ja', 'watch:host.forward', { seconds: '10' }) })
      .click();
    await hostControls()
      .getByRole('slider', { name: text('ja', 'watch:host.seek') })
      .and(teacher.page.locator(`[aria-valuenow="${roomAt}"]`))
      .waitFor();
  };

  it('item 4: the session picker tells live from archive and hides what cannot be watched', async () => {
    [teacher, s1, s2, s3] = await Promise.all([
      signedIn('teacher'),
      signedIn('student01'),
      signedIn('student02'),
      signedIn('student03', PHONE),
    ]);
    const page = teacher.page;
    await page.getByRole('button', { name: text('ja', 'rooms:create'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text('ja', 'rooms:form.createTitle') });
    await dialog
      .getByRole('combobox', { name: labelled(text('ja', 'rooms:form.session')) })
      .click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    const labels = (await options.allInnerTexts()).map((l) => l.trim());
    // No two choices read the same, and the unwatchable notice session is not offered.
    expect(new Set(labels).size).toBe(labels.length);
    expect(await page.locator(`[role="option"][value="${UNWATCHABLE}"]`).count()).toBe(0);
    const live = page.locator(`[role="option"][value="${SESSION_ID}"]`);
    const archive = page.locator(`[role="option"][value="${DEMO_IDS.sessions.oceanArchive}"]`);
    const liveLabel = await live.innerText();
    for (const part of text('ja', 'rooms:form.kindLive').split('{{time}}')) {
      expect(liveLabel).toContain(part.trim());
    }
    expect(await archive.innerText()).toContain(text('ja', 'rooms:form.kindArchive'));
    await live.click();
    await dialog.getByLabel(labelled(text('ja', 'rooms:form.name'))).fill(ROOM_NAME);
    await dialog.getByRole('radio', { name: text('ja', 'rooms:form.langJa') }).check();
    await dialog.getByRole('checkbox', { name: CLASS_NAME }).check();
    await dialog.getByRole('button', { name: text('ja', 'rooms:form.submitCreate') }).click();
    await roomCard(page).waitFor();
    await Promise.all([s1, s2, s3].map((s) => roomCard(s.page).waitFor()));
  });

  async function enter(viewer: Viewer, key: 'rooms:card.start' | 'rooms:card.join') {
    await roomCard(viewer.page)
      .getByRole('link', { name: text('ja', key) })
      .click();
    await viewer.page.waitForURL(/\/session\/[^/]+\/watch\/\?/);
    await viewer.page.getByTestId('join').click();
    await viewer.page.getByTestId('join').waitFor({ state: 'detached' });
  }

  it('item 5: the discussion and the vote open within the viewport at 1280×800 and on a phone', async () => {
    await enter(teacher, 'rooms:card.start');
    await Promise.all([s1, s2, s3].map((s) => enter(s, 'rooms:card.join')));
    // Paused, the host skips to 0:30: the discussion (0:24–0:38) is open.
    for (let i = 0; i < 3; i++) await forward();
    for (const s of [s1, s3]) {
      const discuss = s.page.getByTestId('overlay-discuss');
      await discuss.waitFor();
      await expect.poll(() => inViewport(discuss), { timeout: 5000 }).toBe(true);
    }
    // 0:40: the vote (0:34–0:48).
    await forward();
    for (const s of [s1, s3]) {
      const vote = s.page.getByTestId('overlay-vote');
      await vote.waitFor();
      await expect.poll(() => inViewport(vote), { timeout: 5000 }).toBe(true);
    }
    await s1.page.screenshot({ path: `${SHOTS}/vote-1280x800.png` });
    await s3.page.screenshot({ path: `${SHOTS}/vote-390x844.png` });
    // One ballot after another, each until its voter sees it taken (the button pressed). Cast all
    // at once, the three answers' tallies (counted as each ballot lands) could reach a page in
    // another order than counted, and a tally of 2 arriving last stayed on screen (CI flake).
    for (const s of [s1, s2, s3]) {
      const choices = s.page.getByTestId('overlay-vote').getByRole('group');
      await choices.getByRole('button').first().click();
      await choices.getByRole('button', { pressed: true }).waitFor();
    }
  });

  it('item 5: a revealed vote leaves when its window ends', async () => {
    await teacher.page
      .getByTestId('overlay-vote')
      .getByRole('button', { name: text('ja', 'watch:vote.reveal') })
      .click();
    await s1.page
      .getByTestId('overlay-vote')
      .getByText(text('ja', 'watch:vote.total', { n: '3' }))
      .waitFor();
    // 0:50: past the vote's end (0:48); the output prompt (0:48–0:56) is open.
    await forward();
    await s1.page.getByTestId('overlay-output').waitFor();
    await expect.poll(() => s1.page.getByTestId('overlay-vote').count()).toBe(0);
    await expect.poll(() => s3.page.getByTestId('overlay-vote').count()).toBe(0);
    await expect.poll(() => inViewport(s3.page.getByTestId('overlay-output'))).toBe(true);
  });

  it('one student posts an output from the prompt (held for a phone number)', async () => {
    await s1.page.getByTestId('overlay-output').getByRole('button').first().click();
    const dialog = s1.page.getByRole('dialog');
    await dialog.getByTestId('output-description').fill(HELD_TEXT);
    await dialog.getByTestId('output-submit').click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
  });

  it('item 6: ending the room takes it off a student’s home list at once', async () => {
    await s2.page.goto(`${app.server.url}/`);
    await roomCard(s2.page).waitFor();
    await hostControls()
      .getByRole('button', { name: text('ja', 'watch:host.terminate') })
      .click();
    await teacher.page
      .getByRole('dialog')
      .getByRole('button', { name: text('ja', 'watch:host.terminateConfirm') })
      .click();
    await s1.page.getByText(text('ja', 'watch:terminated')).waitFor();
    // No reload: the card leaves the live list.
    await expect.poll(() => roomCard(s2.page).count(), { timeout: 10_000 }).toBe(0);
    // Nor is it offered on the session page.
    await s2.page.goto(`${app.server.url}/session/${SESSION_ID}`);
    await s2.page.getByRole('heading').first().waitFor();
    // Once the page's requests (the rooms list among them) have settled.
    await s2.page.waitForLoadState('networkidle');
    expect(await roomCard(s2.page).count()).toBe(0);
    // The revealed vote left the ended room too.
    expect(await s3.page.getByTestId('overlay-vote').count()).toBe(0);
  });

  it('item 1: the report shows the three students as attended, with the output count', async () => {
    const page = teacher.page;
    await page.goto(`${app.server.url}/report/group/${CLASS}/sessions`);
    await page.getByRole('button', { name: text('ja', 'reports:refreshNow') }).click();
    await page.getByText(text('ja', 'reports:refreshFailed')).waitFor({ state: 'detached' });
    await page.goto(`${app.server.url}/report/group/${CLASS}/session/${SESSION_ID}`);
    const table = page.getByRole('table');
    await table.waitFor();
    const rowOf = (account: string) =>
      table.getByRole('row').filter({ hasText: demoAccount(account).displayName });
    for (const account of ['student01', 'student02', 'student03']) {
      await expect
        .poll(async () => (await rowOf(account).getByRole('cell').allInnerTexts())[2])
        .not.toBe(text('ja', 'reports:notJoined'));
    }
    // Columns: number, name, joined at, outputs, …
    expect((await rowOf('student01').getByRole('cell').allInnerTexts())[3]?.trim()).toBe('1');
    // The session row agrees: 3 joined.
    await page.goto(`${app.server.url}/report/group/${CLASS}/sessions`);
    const row = page.getByRole('row').filter({ has: page.locator(`a[href*="${SESSION_ID}"]`) });
    await expect
      .poll(async () => (await row.getByRole('cell').allInnerTexts()).map((c) => c.trim())[3])
      .toBe('3');
  });

  it('item 2: the posting-status popover shows every status readably, ja and en, 1280 and 390', async () => {
    const page = teacher.page;
    for (const lang of ['ja', 'en'] as const) {
      await setLang(teacher, lang);
      for (const viewport of [DESKTOP, { width: 390, height: 844 }]) {
        await page.setViewportSize(viewport);
        await page.goto(`${app.server.url}/report/group/${CLASS}/session/${SESSION_ID}`);
        await page
          .getByRole('button', { name: text(lang, 'reports:postingStatus.button') })
          .click();
        const popover = page.getByRole('dialog');
        await popover.getByText(text(lang, 'reports:postingStatus.title')).waitFor();
        await expect.poll(() => popover.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
        // 'Not posted' is inside the popover's box (it was clipped off before).
        const none = popover.getByText(text(lang, 'reports:postingStatus.none')).first();
        const [box, noneBox] = await Promise.all([popover.boundingBox(), none.boundingBox()]);
        expect(noneBox!.x + noneBox!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
        expect(noneBox!.x).toBeGreaterThanOrEqual(0);
        expect(noneBox!.x + noneBox!.width).toBeLessThanOrEqual(viewport.width);
        if (lang === 'ja' && viewport.width === 1280) {
          await page.screenshot({ path: `${SHOTS}/posting-status-popover.png` });
        }
        await axe(page, `report session, posting-status popover open, ${lang}, ${viewport.width}`);
        await page.keyboard.press('Escape');
      }
    }
    await setLang(teacher, 'ja');
    await page.setViewportSize(DESKTOP);
  });

  it('item 2: the moderation queue with items is readable (axe, contrast), ja and en, 1280 and 390', async () => {
    const page = teacher.page;
    for (const lang of ['ja', 'en'] as const) {
      await setLang(teacher, lang);
      for (const viewport of [DESKTOP, { width: 390, height: 844 }]) {
        await page.setViewportSize(viewport);
        await page.goto(`${app.server.url}/moderation`);
        const card = page.locator('li').filter({ hasText: HELD_TEXT });
        await card.waitFor();
        await card.getByRole('button', { name: text(lang, 'moderation:reject') }).waitFor();
        if (lang === 'ja' && viewport.width === 1280) {
          await page.screenshot({ path: `${SHOTS}/moderation-queue.png`, fullPage: true });
        }
        await axe(page, `moderation queue with items, ${lang}, ${viewport.width}`);
      }
    }
    await setLang(teacher, 'ja');
    await page.setViewportSize(DESKTOP);
  });

  it('item 3: the teacher rejects the post with a note; its author reads “not published” and the note', async () => {
    const page = teacher.page;
    await page.goto(`${app.server.url}/moderation`);
    const card = page.locator('li').filter({ hasText: HELD_TEXT });
    await card.getByLabel(text('ja', 'moderation:note')).fill(NOTE);
    await card.getByRole('button', { name: text('ja', 'moderation:reject') }).click();
    await expect.poll(() => card.count()).toBe(0);

    const author = s1.page;
    await author.goto(`${app.server.url}/mypage`);
    await author.getByRole('tab', { name: text('ja', 'profile:tabs.outputs') }).click();
    const notice = author.getByTestId('not-published').first();
    await notice.waitFor();
    expect(await notice.innerText()).toContain(text('ja', 'feedback:notPublished.title'));
    expect(await notice.innerText()).toContain(NOTE);
    expect(await author.getByText(text('ja', 'profile:status.pending')).count()).toBe(0);
    await author.screenshot({ path: `${SHOTS}/rejected-author.png`, fullPage: true });
    await axe(author, 'my page, a rejected output with the teacher’s note, ja, 1280');
    await setLang(s1, 'en');
    await author.getByRole('tab', { name: text('en', 'profile:tabs.outputs') }).click();
    await author.getByText(text('en', 'feedback:notPublished.title')).first().waitFor();
    await axe(author, 'my page, a rejected output with the teacher’s note, en, 1280');
  });
});
