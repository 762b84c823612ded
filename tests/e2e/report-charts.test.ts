import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthTokens } from '../../src/contracts/api/auth';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { demoAccount } from '../../src/server/seed/accounts';
import { useServerAndBrowser } from './support/app';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { signIn } from './support/login';

// Issue 14: the report pages show participation and feedback per session over time and the
// distribution of outputs per pupil as charts, in ja and en, axe-clean, readable as a table by
// keyboard and screen reader, and printable (the charts stay, the controls and frame go).
const CLASS = DEMO_IDS.groups.class2a;
/**
 * Where the figures of docs/screenshots are written (SCREENSHOTS=docs/screenshots); none by
 * default, so a test run leaves the work tree as it found it.
 */
const SHOTS = process.env.SCREENSHOTS ? resolve(process.env.SCREENSHOTS) : null;
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

describe('report charts', () => {
  const app = useServerAndBrowser({}, { snapshotClient: true });

  beforeAll(() => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });

  const setLang = async (lang: 'ja' | 'en') => {
    const login = await fetch(`${app.server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'teacher', password: demoAccount('teacher').password }),
    });
    const { token } = AuthTokens.parse(await login.json());
    const auth = { authorization: `Bearer ${token}` };
    const me = (await (await fetch(`${app.server.url}/v1/me`, { headers: auth })).json()) as {
      item: { _id: string };
    };
    const res = await fetch(`${app.server.url}/v1/user/${me.item._id}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ lang }),
    });
    expect(res.status).toBe(200);
  };

  /** The figure titled `title`, once its chart has drawn something (lines or bars). */
  async function chart(page: Page, title: string) {
    const figure = page.getByRole('figure', { name: title });
    await figure.waitFor();
    await expect
      .poll(() => figure.locator('svg .recharts-line-curve, svg .recharts-bar-rectangle').count())
      .toBeGreaterThan(0);
    return figure;
  }

  for (const lang of ['ja', 'en'] as const) {
    it(`sessions and members charts, ${lang}: drawn, axe-clean, as a table, printable`, async () => {
      await setLang(lang);
      const context = await app.browser.newContext({
        viewport: WIDTHS[0],
        locale: lang === 'en' ? 'en-US' : 'ja-JP',
        timezoneId: 'Asia/Tokyo',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await signIn(page, app.server.url, 'teacher', demoAccount('teacher').password, { lang });
      await page.waitForURL(`${app.server.url}/`);

      await page.goto(`${app.server.url}/report/group/${CLASS}/sessions`);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
      const participation = await chart(page, text(lang, 'reports:chart.participation'));
      const feedback = await chart(page, text(lang, 'reports:chart.feedback'));
      // The cookie question (asked once per account) would cover the screenshots.
      const refuse = page.getByRole('button', { name: text(lang, 'consent:refuse') });
      if (await refuse.isVisible()) await refuse.click();
      // Screen readers and keyboards get the figures as a table behind a button.
      await participation
        .getByRole('button', { name: text(lang, 'reports:chart.showTable') })
        .click();
      const table = participation.getByRole('table', {
        name: text(lang, 'reports:chart.participation'),
      });
      await table.waitFor();
      expect(await table.getByRole('row').count()).toBeGreaterThan(1);
      expect(await axeFindings(page)).toEqual([]);
      await participation
        .getByRole('button', { name: text(lang, 'reports:chart.hideTable') })
        .click();
      for (const [i, viewport] of WIDTHS.entries()) {
        await page.setViewportSize(viewport);
        await expect
          .poll(async () => (await feedback.boundingBox())?.width ?? 0)
          .toBeLessThanOrEqual(viewport.width);
        if (i === 1) expect(await axeFindings(page)).toEqual([]);
        if (SHOTS)
          await page.screenshot({
            path: `${SHOTS}/dayone-report-sessions-${lang}-${viewport.width}.png`,
            fullPage: true,
          });
      }

      // Printing: the charts are there, the header, the CSV button and the table toggle are not.
      await page.setViewportSize(WIDTHS[0]);
      await page.emulateMedia({ media: 'print' });
      expect(await participation.locator('svg').first().isVisible()).toBe(true);
      expect(await page.getByRole('banner').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: text(lang, 'reports:csv') }).isVisible()).toBe(
        false,
      );
      expect(
        await participation
          .getByRole('button', { name: text(lang, 'reports:chart.showTable') })
          .isVisible(),
      ).toBe(false);
      await page.emulateMedia({ media: 'screen' });

      await page.goto(`${app.server.url}/report/group/${CLASS}/members`);
      const outputs = await chart(page, text(lang, 'reports:chart.outputs'));
      await outputs.getByRole('button', { name: text(lang, 'reports:chart.showTable') }).click();
      const buckets = outputs.getByRole('table', { name: text(lang, 'reports:chart.outputs') });
      await buckets.waitFor();
      // Every pupil of the class is in exactly one bar.
      const pupils = (await buckets.locator('tbody tr td:last-child').allTextContents()).map(
        Number,
      );
      const members = await page
        .getByRole('table', { name: text(lang, 'reports:tabs.members') })
        .locator('tbody tr')
        .count();
      expect(pupils.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(pupils.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(members);
      expect(await axeFindings(page)).toEqual([]);
      for (const viewport of WIDTHS) {
        await page.setViewportSize(viewport);
        if (SHOTS)
          await page.screenshot({
            path: `${SHOTS}/dayone-report-members-${lang}-${viewport.width}.png`,
            fullPage: true,
          });
      }
      await context.close();
    });
  }
});
