import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../src/server/seed/accounts';
import { useServerAndBrowser } from './support/app';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { signIn } from './support/login';
import { pageTitle } from '../../src/lib/page-title';

// Issue 2's "what must be shown": the login page in Japanese, a student signing in lands on /
// with the header, a wrong password shows the right message, the teacher sees the report menu
// and the student does not.
describe('foundation: sign-in and the shell', () => {
  const app = useServerAndBrowser();

  it('shows the login page in Japanese by default', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/`);
    // Without a token the authenticated area sends the visitor to login.
    await page.waitForURL(/\/login/);
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    await expect
      .poll(() =>
        page.getByRole('button', { name: text('ja', 'login:submit'), exact: true }).count(),
      )
      .toBe(1);
    expect(await page.getByLabel(text('ja', 'login:accountName.label')).isVisible()).toBe(true);
    await page.close();
  });

  it('tells a student with a wrong password that the account or password is wrong', async () => {
    const page = await app.browser.newPage();
    await signIn(page, app.server.url, 'student01', 'not-the-password');
    const message = page.getByText(text('ja', 'login:error.invalidAccountOrPassword'));
    await message.waitFor();
    expect(page.url()).toContain('/login');
    // The message clears when a field becomes blank.
    await page.getByLabel(text('ja', 'login:password.label'), { exact: true }).fill('');
    await message.waitFor({ state: 'detached' });
    await page.close();
  });

  it('lands a student on / with the header and no report menu', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    const student = demoAccount('student01');
    await signIn(page, app.server.url, student.account, student.password);
    await page.waitForURL(`${app.server.url}/`);
    const header = page.getByRole('banner');
    await header.waitFor();
    // Spec: title Top; a Japanese reader also sees ホーム, and every title ends | Tomoni (issue 9).
    await expect.poll(() => page.title()).toBe(pageTitle(text('ja', 'home:documentTitle')));
    expect((await header.boundingBox())?.height).toBe(64);
    await header.getByRole('button', { name: text('ja', 'common:header.userMenu') }).click();
    await page.getByRole('menuitem', { name: text('ja', 'common:header.logout') }).waitFor();
    expect(
      await page.getByRole('menuitem', { name: text('ja', 'common:header.report') }).count(),
    ).toBe(0);
    // The settings link goes to language settings for a member.
    const settings = page.getByRole('menuitem', { name: text('ja', 'common:header.settings') });
    expect(await settings.getAttribute('href')).toBe('/setting/language');
    await context.close();
  });

  it('has no serious or critical accessibility violation in the shell (login, header, footer)', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.server.url}/login`);
    await page.getByLabel(text('ja', 'login:accountName.label')).waitFor();
    const serious = () => axeFindings(page);
    expect(await serious()).toEqual([]);
    const student = demoAccount('student03');
    await signIn(page, app.server.url, student.account, student.password);
    await page.waitForURL(`${app.server.url}/`);
    await page.getByRole('banner').waitFor();
    await page.getByRole('contentinfo').waitFor();
    const shell = () => axeFindings(page, { include: ['header', 'footer'] });
    expect(await shell()).toEqual([]);
    await context.close();
  });

  it('shows the teacher the report menu', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    const teacher = demoAccount('teacher');
    await signIn(page, app.server.url, teacher.account, teacher.password);
    await page.waitForURL(`${app.server.url}/`);
    await page
      .getByRole('banner')
      .getByRole('button', { name: text('ja', 'common:header.userMenu') })
      .click();
    const report = page.getByRole('menuitem', { name: text('ja', 'common:header.report') });
    await report.waitFor();
    expect(await report.getAttribute('href')).toBe('/report');
    const settings = page.getByRole('menuitem', { name: text('ja', 'common:header.settings') });
    expect(await settings.getAttribute('href')).toBe('/setting/download');
    await context.close();
  });

  it('logs out from the menu: both tokens are cleared and the login page returns', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    const student = demoAccount('student02');
    await signIn(page, app.server.url, student.account, student.password);
    await page.waitForURL(`${app.server.url}/`);
    await page
      .getByRole('banner')
      .getByRole('button', { name: text('ja', 'common:header.userMenu') })
      .click();
    await page.getByRole('menuitem', { name: text('ja', 'common:header.logout') }).click();
    await page.waitForURL(/\/login/);
    const tokens = await page.evaluate(() => [
      localStorage.getItem('ROOT.TOKEN'),
      localStorage.getItem('ROOT.REFRESH_TOKEN'),
    ]);
    expect(tokens).toEqual([null, null]);
    await context.close();
  });
});
