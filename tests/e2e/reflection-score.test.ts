import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { signIn } from './support/login';
import { useServerAndBrowser } from './support/app';

// Issue 14's small items: a reflection carries the pupil's score of the session, out of 10
// (spec: "reflection score max 10"), chosen in the editor and shown on the reflection.
describe('reflection score', { timeout: 240_000 }, () => {
  const app = useServerAndBrowser();

  it('lets a pupil score a reflection from 0 to 10 and shows the score on it', async () => {
    const account = 'student08';
    const login = await fetch(`${app.server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account, password: demoAccount(account).password }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(
      `${app.server.url}/v1/session/${DEMO_IDS.sessions.oceanArchive}/reflection`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ideaNote: 'The tide comes twice a day' }),
      },
    );
    expect(created.status).toBe(200);

    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, app.server.url, account, demoAccount(account).password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${app.server.url}/mypage`);
    await page.getByRole('tab', { name: text('ja', 'profile:tabs.reflections') }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'The tide comes twice a day' });
    await card.waitFor();
    expect(await card.getByTestId('reflection-score').count()).toBe(0);
    await card.getByRole('button', { name: text('ja', 'profile:reflection.edit') }).click();

    const dialog = page.getByRole('dialog', { name: text('ja', 'profile:reflection.title') });
    const score = dialog
      .locator('input')
      .and(page.getByLabel(text('ja', 'profile:reflection.score', { max: '10' }), { exact: true }));
    await score.click();
    // Eleven choices: 0 to 10, nothing above.
    const options = page.getByRole('option');
    await expect
      .poll(() => options.allInnerTexts())
      .toEqual(Array.from({ length: 11 }, (_, n) => String(n)));
    await page.getByRole('option', { name: '8', exact: true }).click();
    expect(await axeFindings(page, { include: ['[role=dialog]'] })).toEqual([]);
    await dialog.getByRole('button', { name: text('ja', 'profile:reflection.save') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => card.getByTestId('reflection-score').innerText())
      .toBe(text('ja', 'profile:reflection.scoreValue', { score: '8', max: '10' }));
    await context.close();
  });
});
