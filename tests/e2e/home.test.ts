import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NotificationsResponse } from '../../src/contracts/api/notifications';
import { ListSessionsResponse } from '../../src/contracts/api/sessions';
import { demoAccount } from '../../src/server/seed/accounts';
import { useServerAndBrowser } from './support/app';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { signIn } from './support/login';
import { pageTitle } from '../../src/lib/page-title';
import { DEMO_IDS } from '../../src/server/seed/demo';

// Issue 4's home: a student's home in ja and in en with sessions, rooms and the notification
// modal (the demo seed gives student01 project feedback 30 hours old, and feedback on an output
// 2 days old), the modal's one-day rule, and axe on the page.
describe('home', () => {
  const app = useServerAndBrowser();

  /** Saves the account's language through the API, as the settings page would. */
  async function setLanguage(user: { account: string; password: string }, lang: 'ja' | 'en') {
    const login = await fetch(`${app.server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.account, password: user.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const me = (await (await fetch(`${app.server.url}/v1/me`, { headers: auth })).json()) as {
      item: { _id: string };
    };
    const saved = await fetch(`${app.server.url}/v1/user/${me.item._id}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ lang }),
    });
    expect(saved.status).toBe(200);
  }

  async function api<T>(page: Page, path: string, init: RequestInit = {}): Promise<T> {
    const token = await page.evaluate(() => localStorage.getItem('ROOT.TOKEN'));
    const res = await fetch(`${app.server.url}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(init.headers ?? {}),
      },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  }

  async function home(
    account: string,
    lang: 'ja' | 'en',
    { width = 1440, quiet = false }: { width?: number; quiet?: boolean } = {},
  ): Promise<Page> {
    const context = await app.browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const user = demoAccount(account);
    // The language is the user's setting, saved before the browser signs in: changing it under a
    // live page raced that page's own notification popup (it could open and mark the items read
    // before the reload this test used to make).
    await setLanguage(user, lang);
    // quiet: the popup's show-after time lies a day ahead, as if it had been shown already.
    await signIn(page, app.server.url, user.account, user.password, { notificationPopup: !quiet });
    await page.waitForURL(`${app.server.url}/`);
    // Spec: title Top; a Japanese reader also sees ホーム, and every title ends | Tomoni (issue 9).
    await expect.poll(() => page.title()).toBe(pageTitle(text(lang, 'home:documentTitle')));
    return page;
  }

  async function expectSessionsAndRooms(page: Page, lang: 'ja' | 'en') {
    await page.getByRole('heading', { name: text(lang, 'rooms:title') }).waitFor();
    const sessions = page.getByRole('region', {
      name: text(lang, 'home:sessions.title'),
      exact: true,
    });
    await sessions.getByRole('link').first().waitFor();
    // One card per session the API gives this student; only the watchable ones are links.
    const { items } = ListSessionsResponse.parse(await api(page, '/v1/sessions'));
    expect(await sessions.getByRole('listitem').count()).toBe(items.length);
    expect(await sessions.getByRole('link').count()).toBe(
      items.filter((s) => s.isWatchable).length,
    );
    expect(items.some((s) => !s.isWatchable)).toBe(true);
    const live = page.getByRole('region', { name: text(lang, 'home:live.title') });
    expect(await live.getByRole('listitem').count()).toBe(2);
  }

  it('ja: sessions, rooms, and the notification modal once a day', async () => {
    const page = await home('student01', 'ja');
    const dialog = page.getByRole('dialog', { name: text('ja', 'notifications:title') });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      text('ja', 'notifications:item.receiveProjectFeedback', { name: 'Sato Sensei' }),
    );
    await dialog.getByRole('button', { name: text('ja', 'notifications:ok') }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expectSessionsAndRooms(page, 'ja');

    // Showing the modal sent readNotificationAt: 'latest' is now empty, and a reload stays quiet.
    const latest = NotificationsResponse.parse(await api(page, '/v1/notifications/all'));
    expect(latest.items).toEqual([]);
    await page.reload();
    await page
      .getByRole('region', { name: text('ja', 'home:sessions.title'), exact: true })
      .waitFor();
    await page.waitForTimeout(1500);
    expect(await dialog.count()).toBe(0);

    const serious = await axeFindings(page);
    expect(serious).toEqual([]);
    await page.context().close();
  });

  it('loads with the reads it shows: no permission calls, no follow lists (issue 10)', async () => {
    const page = await home('student03', 'ja', { quiet: true });
    const me = await api<{ item: { _id: string } }>(page, '/v1/me');
    const reads: string[] = [];
    // Reads that got an answer.
    page.on('requestfinished', (r) => {
      const url = new URL(r.url());
      if (r.method() === 'GET' && url.pathname.startsWith('/v1/'))
        reads.push(
          `${url.pathname.replace(me.item._id, '{me}')}${url.searchParams.has('orderBy') ? `?orderBy=${url.searchParams.get('orderBy')}` : url.search ? '?…' : ''}`,
        );
    });
    // Every read asked for, in full.
    const started: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (/^\/v[01]\//.test(url.pathname)) started.push(`${url.pathname}${url.search}`);
    });
    await page.reload();
    await page.getByRole('heading', { name: text('ja', 'rooms:title') }).waitFor();
    await page.waitForLoadState('networkidle');
    // bench/api.ts HOME_READS is this list: keep the two in step. Each counted once: Chromium
    // sometimes records a second read of rooms, the profile or the outputs in one load (a refetch
    // left alone here), which is not what this checks.
    expect([...new Set(reads)].sort()).toEqual(
      [
        '/v1/me',
        '/v1/user/{me}',
        '/v1/streams?…',
        // Paged (pageSize, lastKey) and the live block's own IN_PROGRESS list (issue 14).
        '/v1/sessions?…',
        // The violation messages, read at once instead of a day later (issue 14).
        '/v1/me/outputs?…',
        '/v1/me/unitOutputs?…',
        '/v1/inquiryProjects?orderBy=updatedAt',
        '/v1/inquiryProjects?orderBy=latestPublishedAt',
        '/v1/inquiryProjects/pinnedSlides',
        '/v1/me/activities?…',
        '/v1/user/{me}/outputs?…',
        '/v1/notifications/all',
        '/v1/notifications/projectFeedbackAll',
        // Start-up configuration, once per page load: the realtime backend (issue 12) and error
        // reporting's DSN (issue 14). Two small public answers; one call could carry both.
        '/v1/realtime',
        '/v1/client-config',
      ].sort(),
    );
    // The router's loaders start /v1/me and home's first reads with the page's chunks; the
    // page's own queries then use those answers rather than asking again.
    for (const url of [
      '/v1/me',
      '/v1/sessions?pageSize=24',
      '/v1/sessions?status=IN_PROGRESS',
      '/v1/notifications/all',
      '/v1/me/outputs?isViolated=true',
      '/v1/me/unitOutputs?isViolated=true',
      '/v0/articles?pageSize=3',
      '/v1/me/activities?tab=toMe',
      // The project sections' (this desktop screen shows them), once /v1/me says so.
      '/v1/inquiryProjects?isMe=true&isTrashed=false&orderBy=updatedAt',
      '/v1/inquiryProjects/pinnedSlides',
      '/v1/notifications/projectFeedbackAll',
    ]) {
      expect(
        started.filter((u) => u === url || u.startsWith(`${url}&`)),
        url,
      ).toHaveLength(1);
    }
    // The rooms list: its first read, then one more once the hub confirms the list's
    // subscription (what changed between the two is not missed); the socket's opening is no
    // reason for a third.
    expect(started.filter((u) => u.startsWith('/v1/streams?')).length).toBeLessThanOrEqual(2);
    // The follow counts still show, from the profile.
    const profile = await api<{ item: { counts: { followers: number; follows: number } } }>(
      page,
      `/v1/user/${me.item._id}`,
    );
    const counts = page.getByRole('list', { name: text('ja', 'profile:counts.label') });
    for (const [key, value] of [
      ['followers', profile.item.counts.followers],
      ['follows', profile.item.counts.follows],
    ] as const) {
      const item = counts
        .getByRole('listitem')
        .filter({ hasText: text('ja', `profile:counts.${key}`) });
      await expect.poll(() => item.innerText()).toContain(String(value));
    }
    await page.context().close();
  });

  it('en: the same home in English, with its notification modal', async () => {
    const page = await home('student02', 'en');
    const dialog = page.getByRole('dialog', { name: text('en', 'notifications:title') });
    await dialog.waitFor();
    expect(await dialog.getByRole('listitem').count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: text('en', 'notifications:ok') }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expectSessionsAndRooms(page, 'en');
    await page.getByRole('heading', { name: text('en', 'projects:exploreProjects') }).waitFor();
    // Project cards without a project site say nothing about this server's settings (item 9).
    expect(await page.locator('body').innerText()).not.toMatch(/this server|not set up/i);
    await page.context().close();
  });

  it('mobile: no banner without a configured link, no project sections, and no serious axe finding', async () => {
    const page = await home('student03', 'ja', { width: 390, quiet: true });
    await page
      .getByRole('region', { name: text('ja', 'home:sessions.title'), exact: true })
      .waitFor();
    // This server has no survey or support address: no banner, and no word about servers or
    // settings reaches the student (issue 9, item 9).
    expect(await page.getByText(text('ja', 'home:banners.survey.title')).count()).toBe(0);
    expect(await page.getByText(text('ja', 'home:banners.support.title')).count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(/サーバー|設定されて/);
    // Phone widths (issue 9, item 13): the session cards fill the row (no strip beside fixed
    // 260 px cards), and the archive's seek bar is usable, not a 25 px sliver.
    const sessionsList = page
      .getByRole('region', { name: text('ja', 'home:sessions.title'), exact: true })
      .getByRole('list')
      .first();
    const listBox = await sessionsList.boundingBox();
    const cardBox = await sessionsList.getByRole('link').first().boundingBox();
    expect(cardBox!.width).toBeGreaterThan(listBox!.width - 2);
    expect(
      await page.getByRole('heading', { name: text('ja', 'projects:exploreProjects') }).count(),
    ).toBe(0);
    const serious = await axeFindings(page);
    expect(serious).toEqual([]);
    await page.goto(`${app.server.url}/session/${DEMO_IDS.sessions.oceanArchive}/watch/?lang=ja`);
    await page.getByTestId('join').click();
    const seek = page.getByRole('slider', { name: text('ja', 'watch:host.seek') });
    await seek.waitFor();
    // The slider role is the thumb; the bar is Mantine's slider root around it.
    const bar = page.locator('.mantine-Slider-root').filter({ has: seek });
    expect((await bar.boundingBox())!.width).toBeGreaterThanOrEqual(200);
    await page.context().close();
  });

  it('a card whose code or read does not arrive shows its own error and a retry; the home stays (issue 30)', async () => {
    // A school's network drops a request now and then: here the news card's code, and the read
    // of the hidden-posts notice, fail on the first try.
    const teacher = await fetch(`${app.server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'teacher', password: demoAccount('teacher').password }),
    });
    const { token } = (await teacher.json()) as { token: string };
    const title = 'Sports day moves to Friday';
    const made = await fetch(`${app.server.url}/v0/articles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title, body: 'Bring water.', publish: true }),
    });
    expect(made.status).toBe(200);

    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const blocked = async (route: import('playwright-core').Route) => route.abort('failed');
    await context.route('**/assets/news-card-*.js', blocked);
    await context.route('**/v1/me/outputs?isViolated=*', blocked);
    const page = await context.newPage();
    const user = demoAccount('student04');
    await setLanguage(user, 'ja');
    await signIn(page, app.server.url, user.account, user.password, { notificationPopup: false });
    await page.waitForURL(`${app.server.url}/`);

    // The rest of home is there and usable.
    const sessions = page.getByRole('region', {
      name: text('ja', 'home:sessions.title'),
      exact: true,
    });
    await sessions.getByRole('link').first().waitFor();
    const newsError = page.getByRole('alert').filter({
      hasText: text('ja', 'common:error.partFailed', { name: text('ja', 'home:parts.news') }),
    });
    await newsError.waitFor();
    const noticeError = page.getByRole('alert').filter({
      hasText: text('ja', 'common:error.partFailed', { name: text('ja', 'home:parts.violations') }),
    });
    await noticeError.waitFor({ timeout: 30_000 });
    expect(await page.locator('body').innerText()).not.toMatch(/dynamically imported module/i);
    expect(await axeFindings(page)).toEqual([]);

    // The network is back: each retry brings its own part, nothing else reloads.
    await context.unroute('**/assets/news-card-*.js', blocked);
    await context.unroute('**/v1/me/outputs?isViolated=*', blocked);
    await newsError.getByRole('button', { name: text('ja', 'common:error.retry') }).click();
    await page
      .getByRole('region', { name: text('ja', 'home:news.title') })
      .getByText(title)
      .waitFor();
    await noticeError.getByRole('button', { name: text('ja', 'common:error.retry') }).click();
    await expect.poll(() => noticeError.count()).toBe(0);
    expect(await newsError.count()).toBe(0);
    await context.close();
  });

  it('a returning pupil sees the last sessions at once, even while the lists cannot be read (issue 29)', async () => {
    const page = await home('student05', 'ja', { quiet: true });
    const sessions = page.getByRole('region', {
      name: text('ja', 'home:sessions.title'),
      exact: true,
    });
    await sessions.getByRole('link').first().waitFor();
    const first = await sessions.getByRole('link').count();
    // The copy is saved after the first render (first-view-keep.ts), once the list has arrived.
    await expect
      .poll(() =>
        page.evaluate(() => localStorage.getItem('ROOT.FIRST_VIEW')?.includes('"list"') ?? false),
      )
      .toBe(true);
    // Next morning the lists' reads fail: the kept copy still draws the cards.
    await page.context().route('**/v1/sessions?*', (route) => route.abort('failed'));
    await page.reload();
    await sessions.getByRole('link').first().waitFor();
    expect(await sessions.getByRole('link').count()).toBe(first);
    // Signing out drops the copy: the next pupil on this device never sees it.
    await page.evaluate(() => localStorage.removeItem('ROOT.TOKEN'));
    await page.goto(`${app.server.url}/login`);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('ROOT.FIRST_VIEW')))
      .toBeNull();
    await page.context().close();
  });
});
