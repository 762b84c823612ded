import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { text } from './support/locales';
import { signIn } from './support/login';
import { useServerAndBrowser } from './support/app';

const FOREST = DEMO_IDS.sessions.forestArchive;

// Issue 14's small items, the player: the quality option is offered only when the video has
// more than one rendition to choose from (spec: "video quality option hidden when auto-only").
describe('player options', { timeout: 240_000 }, () => {
  const app = useServerAndBrowser();

  async function watching(singleRendition: boolean): Promise<Page> {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    if (singleRendition) {
      // The same video as a school's source with one rendition: its master playlist lists only
      // the high one.
      await context.route('**/media/videos/*/master.m3u8', async (route) => {
        const response = await route.fetch();
        const lines = (await response.text()).split('\n');
        const low = lines.findIndex((l) => l.startsWith('low/'));
        await route.fulfill({
          response,
          body: lines.filter((_, i) => i !== low && i !== low - 1).join('\n'),
        });
      });
    }
    const page = await context.newPage();
    await signIn(page, app.server.url, 'student07', demoAccount('student07').password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${app.server.url}/session/${FOREST}/watch/?lang=ja`);
    // The playlist is read and the first frame's data is in: the player knows its renditions.
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid=watch-video]') as HTMLVideoElement | null)
          ?.readyState! >= 1,
      undefined,
      { timeout: 60_000 },
    );
    return page;
  }

  const controls = (page: Page) =>
    page.getByRole('group', { name: text('ja', 'watch:viewer.label') });
  /** The option's field (a Mantine select: an input with its label). */
  const option = (page: Page, label: 'quality' | 'captions') =>
    controls(page)
      .locator('input')
      .and(page.getByLabel(text('ja', `watch:viewer.${label}`), { exact: true }));

  it('offers the quality choice for a video with two renditions', async () => {
    const page = await watching(false);
    await option(page, 'quality').waitFor();
    await page.context().close();
  });

  it('hides it when automatic is the only quality, keeping the other options', async () => {
    const page = await watching(true);
    await option(page, 'captions').waitFor();
    expect(await option(page, 'quality').count()).toBe(0);
    await page.context().close();
  });
});
