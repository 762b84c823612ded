import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { TITLE_SUFFIX } from '../../src/lib/page-title';
import { useServerAndBrowser } from './support/app';
import { text } from './support/locales';
import { signIn } from './support/login';

// Issue 9, items 4, 13 and 15: the demo content reads in the viewer's language (chapters and
// votes on the watch page), twin sessions carry their kind, and no page is wider than a phone.
describe('content in the reader’s language and at phone widths', () => {
  const app = useServerAndBrowser();

  /** A signed-in page of `account` whose language setting is `lang`. */
  async function signedIn(account: string, lang: 'ja' | 'en', width = 1280): Promise<Page> {
    const context = await app.browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const user = demoAccount(account);
    await signIn(page, app.server.url, user.account, user.password);
    await page.waitForURL(`${app.server.url}/`);
    if (lang === 'en') {
      const status = await page.evaluate(async () => {
        const headers = {
          authorization: `Bearer ${localStorage.getItem('ROOT.TOKEN')}`,
          'content-type': 'application/json',
        };
        const me = (await (await fetch('/v1/me', { headers })).json()) as { item: { _id: string } };
        const res = await fetch(`/v1/user/${me.item._id}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ lang: 'en' }),
        });
        return res.status;
      });
      expect(status).toBe(200);
      await page.reload();
    }
    return page;
  }

  it('shows an English reader English chapters and vote, a Japanese reader Japanese', async () => {
    const cases = [
      {
        account: 'student05',
        lang: 'en',
        chapter: 'Introduction',
        vote: 'What should we change first?',
        choices: ['Plastic bags', 'Bottles', 'Fishing nets'],
      },
      {
        account: 'student06',
        lang: 'ja',
        chapter: 'はじめに',
        vote: 'まず何を変えるべき？',
        choices: ['レジ袋', 'ペットボトル', '漁網'],
      },
    ] as const;
    for (const c of cases) {
      const page = await signedIn(c.account, c.lang);
      await page.goto(
        `${app.server.url}/session/${DEMO_IDS.sessions.oceanArchive}/watch/?lang=${c.lang}`,
      );
      await page.getByTestId('join').click();
      await expect
        .poll(() => page.getByTestId('overlay-chapter').innerText())
        .toBe(text(c.lang, 'watch:overlay.chapter', { name: c.chapter }));
      // The browser title is the session's, in the reader's language.
      expect(await page.title()).toBe(
        c.lang === 'en'
          ? `Life in the Ocean and Our Daily Lives: Following Ocean Litter${TITLE_SUFFIX}`
          : `海の生き物と私たちのくらし：海ごみを追った記録${TITLE_SUFFIX}`,
      );
      // Pause, then four skips of 10 s: 0:40, inside the vote's window (34–48 s).
      const toggle = page.getByTestId('host-toggle');
      if ((await toggle.innerText()) === text(c.lang, 'watch:host.pause')) await toggle.click();
      const forward = page.getByRole('button', {
        name: text(c.lang, 'watch:host.forward', { seconds: '10' }),
      });
      for (let i = 0; i < 4; i += 1) await forward.click();
      const vote = page.getByTestId('overlay-vote');
      await vote.waitFor();
      expect(await vote.getByRole('heading').innerText()).toBe(
        text(c.lang, 'watch:vote.title', { name: c.vote }),
      );
      expect(await vote.getByRole('group').getByRole('button').allInnerTexts()).toEqual(c.choices);
      // A ballot in the reader's words counts for the choice as written.
      await vote.getByRole('button', { name: c.choices[1] }).click();
      await expect
        .poll(() => vote.getByRole('button', { name: c.choices[1] }).getAttribute('aria-pressed'))
        .toBe('true');
      await page.context().close();
    }
  });

  it('labels each session card and report row live (with its start) or archive', async () => {
    const page = await signedIn('teacher', 'ja');
    const cards = page
      .getByRole('region', { name: text('ja', 'home:sessions.title'), exact: true })
      .getByRole('listitem');
    await cards.first().waitFor();
    const kinds = await cards.getByTestId('session-kind').allInnerTexts();
    expect(kinds).toContain(text('ja', 'sessions:kind.archive'));
    expect(kinds.some((k) => k.startsWith(text('ja', 'sessions:kind.live')))).toBe(true);
    // The twins on one video read apart: no two cards share a title.
    const titles = await cards.getByTestId('session-card-title').allInnerTexts();
    expect(titles.length).toBeGreaterThan(3);
    expect(new Set(titles).size).toBe(titles.length);

    const refreshed = await page.evaluate(async () => {
      const res = await fetch('/v1/report/refresh', {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('ROOT.TOKEN')}` },
      });
      return res.status;
    });
    expect(refreshed).toBeLessThan(300);
    await page.goto(`${app.server.url}/report/group/${DEMO_IDS.groups.class2a}/sessions`);
    const row = page.getByRole('row').filter({ hasText: '海ごみを追った記録' });
    await row.waitFor();
    expect(await row.getByTestId('session-kind').innerText()).toBe(
      text('ja', 'sessions:kind.archive'),
    );
    await page.context().close();
  });

  it('has no page wider than the screen at 360, 390 and 768, and a usable seek bar', async () => {
    const routes = [
      '/',
      `/session/${DEMO_IDS.sessions.oceanArchive}`,
      '/mypage',
      '/setting/language',
      '/setting/group',
      `/report/group/${DEMO_IDS.groups.class2a}/sessions`,
      `/report/group/${DEMO_IDS.groups.class2a}/members`,
      '/moderation',
      '/feedbackzero',
      '/policy',
      '/terms',
      '/privacy',
    ];
    const widths = [360, 390, 768] as const;
    const page = await signedIn('teacher', 'ja', widths[0]);
    const overflow: string[] = [];
    let checked = 0;
    /**
     * Sets the width and waits until the page has laid itself out for it: the viewport has the
     * width and two frames have passed (media-query listeners and React's re-render run in them).
     */
    const resize = async (width: number) => {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      await page.evaluate(
        () =>
          new Promise<void>((done) =>
            requestAnimationFrame(() => requestAnimationFrame(() => done())),
          ),
      );
    };
    // One load per page, then each width by resizing it (a load per page and width took 42 s).
    for (const route of routes) {
      await resize(widths[0]);
      await page.goto(`${app.server.url}${route}`);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      // The page names itself once its data is in, which can come after the network is idle.
      await expect
        .poll(() => page.title(), { message: route })
        .toSatisfy((title: string) => title.endsWith(TITLE_SUFFIX));
      for (const width of widths) {
        await resize(width);
        const m = await page.evaluate(() => ({
          scroll: document.scrollingElement?.scrollWidth ?? 0,
          inner: window.innerWidth,
        }));
        checked += 1;
        if (m.scroll > m.inner) overflow.push(`${route} at ${width}: ${m.scroll} > ${m.inner}`);
      }
    }
    await resize(widths[0]);
    await page.goto(`${app.server.url}/session/${DEMO_IDS.sessions.oceanArchive}/watch/?lang=ja`);
    await page.getByTestId('join').click();
    const seek = page.getByRole('slider', { name: text('ja', 'watch:host.seek') });
    await seek.waitFor();
    const bar = page.locator('.mantine-Slider-root').filter({ has: seek });
    for (const width of widths) {
      await resize(width);
      const barWidth = (await bar.boundingBox())!.width;
      const scroll = await page.evaluate(
        () => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth,
      );
      checked += 1;
      if (scroll > 0) overflow.push(`watch at ${width}: ${scroll} px too wide`);
      // Usable: at least 200 px, or most of a phone's width.
      expect(barWidth, `seek bar at ${width}`).toBeGreaterThanOrEqual(200);
    }
    console.log(`phone widths: ${checked} page × width checks, ${overflow.length} too wide`);
    expect(overflow).toEqual([]);
    await page.context().close();
  });
});
