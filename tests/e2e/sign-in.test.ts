import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { MeResponse } from '../../src/contracts/api/auth';
import { OAuthStartResponse } from '../../src/contracts/api/oauth';
import { demoAccount } from '../../src/server/seed/accounts';
import { useServerAndBrowser } from './support/app';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { startOidcProvider, type LocalOidcProvider } from './support/oidc-provider';
import { signIn } from './support/login';
import { freePort } from './support/server';
import { pageTitle } from '../../src/lib/page-title';
import { DEMO_IDS } from '../../src/server/seed/demo';

// Issue 4: Google sign-in against a real local OpenID provider (oidc-provider), the server
// started with OIDC_GOOGLE_* pointing at it; the id_token is verified for real.
describe('sign-in options, consent, password prompt and legal pages', () => {
  let idp: LocalOidcProvider;

  // Registered before the server's hooks: it stops after the server that trusts it.
  afterAll(async () => {
    await idp?.stop();
  });
  const app = useServerAndBrowser(async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    idp = await startOidcProvider({ redirectUris: [`${url}/v1/oauth/google/callback`] });
    return {
      PORT: String(port),
      PUBLIC_URL: url,
      ...(process.env.E2E_CLIENT_DIR ? { CLIENT_DIR: process.env.E2E_CLIENT_DIR } : {}),
      OIDC_GOOGLE_ISSUER: idp.issuer,
      OIDC_GOOGLE_CLIENT_ID: idp.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: idp.clientSecret,
    };
  });

  /**
   * Links the Google identity `subject` to the account, as a signed-in user does: the link
   * attempt is started with the user's token, the provider page walked in the browser.
   */
  async function link(context: BrowserContext, account: string, subject: string) {
    const { password } = demoAccount(account);
    const login = await context.request.post(`${app.server.url}/v1/auth/login`, {
      data: { username: account, password },
    });
    const { token } = (await login.json()) as { token: string };
    const started = await context.request.get(`${app.server.url}/v1/oauth/google?mode=link`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { item } = OAuthStartResponse.parse(await started.json());
    idp.signInAs(subject);
    const page = await context.newPage();
    await page.goto(item.url);
    await page.waitForURL(/\/v1\/oauth\/google\/callback/);
    expect(await page.locator('#oauth-result').textContent()).toContain('"result":"linked"');
    await page.close();
  }

  async function meOf(page: Page) {
    const body = await page.evaluate(async () => {
      const res = await fetch('/v1/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('ROOT.TOKEN') ?? ''}` },
      });
      return (await res.json()) as unknown;
    });
    return MeResponse.parse(body).item;
  }

  const googleButton = (page: Page) =>
    page.getByRole('button', { name: text('ja', 'login:google'), exact: true });

  it('signs a linked student in with Google and lands on / as that student', async () => {
    const context = await app.browser.newContext();
    await link(context, 'student01', 'google-student01');

    const page = await context.newPage();
    await page.goto(`${app.server.url}/login`);
    await expect.poll(() => googleButton(page).getAttribute('aria-disabled')).toBeNull();
    const [popup] = await Promise.all([context.waitForEvent('page'), googleButton(page).click()]);
    // The popup walks the provider and closes itself after handing over the token.
    await popup.waitForEvent('close');
    await page.waitForURL(`${app.server.url}/`);
    expect((await meOf(page)).id).toBe('student01');
    await context.close();
  });

  it('shows the terms dialog after Google sign-in when the terms were not agreed', async () => {
    const context = await app.browser.newContext();
    await link(context, 'student30', 'google-student30');
    const page = await context.newPage();
    await page.goto(`${app.server.url}/login`);
    await expect.poll(() => googleButton(page).getAttribute('aria-disabled')).toBeNull();
    await googleButton(page).click();
    const dialog = page.getByRole('dialog', { name: text('ja', 'login:termsdialog.title') });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: text('ja', 'login:termsdialog.yes') }).click();
    await page.waitForURL(`${app.server.url}/`);
    expect((await meOf(page)).id).toBe('student30');
    await context.close();
  });

  it('tells a user whose Google account is not linked to log in with the password', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.server.url}/login`);
    idp.signInAs('google-nobody');
    await expect.poll(() => googleButton(page).getAttribute('aria-disabled')).toBeNull();
    await googleButton(page).click();
    await page.getByText(text('ja', 'login:error.googleUnlinked')).waitFor();
    expect(page.url()).toContain('/login');
    expect(await page.evaluate(() => localStorage.getItem('ROOT.TOKEN'))).toBeNull();
    await context.close();
  });

  it('hides Microsoft when it is not configured (issue 9, item 8)', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/login`);
    await expect.poll(() => googleButton(page).getAttribute('aria-disabled')).toBeNull();
    expect(await page.getByRole('button', { name: text('ja', 'login:microsoft') }).count()).toBe(0);
    await page.close();
  });

  it('speaks the browser language, follows ?lang= and the switch, and keeps it after logout (issue 9, item 7)', async () => {
    const english = await app.browser.newContext({ locale: 'en-GB' });
    const page = await english.newPage();
    await page.goto(`${app.server.url}/login`);
    await page.getByRole('button', { name: text('en', 'login:submit'), exact: true }).waitFor();
    expect(await page.title()).toBe(pageTitle(text('en', 'login:documentTitle')));
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    // The visible switch changes the page in place.
    await page.getByText(text('ja', 'login:languageSwitch.ja'), { exact: true }).click();
    await page.getByRole('button', { name: text('ja', 'login:submit'), exact: true }).waitFor();
    await page.goto(`${app.server.url}/login?lang=en`);
    await page.getByRole('button', { name: text('en', 'login:submit'), exact: true }).waitFor();
    await english.close();

    // A Japanese-speaking student signs in on an English browser and logs out: the login page
    // keeps the language the student last saw instead of going back to the browser's.
    const shared = await app.browser.newContext({ locale: 'en-US' });
    const student = await shared.newPage();
    await signIn(student, app.server.url, 'student01', demoAccount('student01').password, {
      lang: 'en',
    });
    await student.waitForURL(`${app.server.url}/`);
    await student.getByRole('button', { name: text('ja', 'common:header.userMenu') }).click();
    await student.getByRole('menuitem', { name: text('ja', 'common:header.logout') }).click();
    await student.waitForURL(/\/login/);
    await student.getByRole('button', { name: text('ja', 'login:submit'), exact: true }).waitFor();
    await shared.close();
  });

  it('has no serious or critical accessibility violation on the login page', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await app.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${app.server.url}/login`);
      await expect.poll(() => googleButton(page).getAttribute('aria-disabled')).toBeNull();
      const violations = await axeFindings(page);
      expect(violations).toEqual([]);
      await context.close();
    }
  });

  it('asks a teacher about cookies once, and never a student under 15', async () => {
    const teacher = await app.browser.newContext();
    const page = await teacher.newPage();
    const { password } = demoAccount('teacher');
    await signIn(page, app.server.url, 'teacher', password);
    await page.waitForURL(`${app.server.url}/`);
    const banner = page.getByRole('region', { name: text('ja', 'consent:title') });
    await banner.waitFor();
    // Not on the watch page.
    await page.goto(`${app.server.url}/session/unknown-session/watch`);
    await page.waitForTimeout(500);
    expect(await banner.count()).toBe(0);
    await page.goto(`${app.server.url}/`);
    await banner.waitFor();
    await banner.getByRole('button', { name: text('ja', 'consent:approve') }).click();
    await banner.waitFor({ state: 'detached' });
    expect((await meOf(page)).cookie).toBe('approved');
    await page.reload();
    await page.getByRole('banner').waitFor();
    await page.waitForTimeout(500);
    expect(await banner.count()).toBe(0);
    await teacher.close();

    const student = await app.browser.newContext();
    const studentPage = await student.newPage();
    await signIn(studentPage, app.server.url, 'student02', demoAccount('student02').password);
    await studentPage.waitForURL(`${app.server.url}/`);
    await studentPage.getByRole('banner').waitFor();
    await studentPage.waitForTimeout(1000);
    expect(
      await studentPage.getByRole('region', { name: text('ja', 'consent:title') }).count(),
    ).toBe(0);
    await student.close();
  });

  it('prompts a student whose password a teacher set, and goes to /setting/password', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await signIn(page, app.server.url, 'student29', demoAccount('student29').password);
    await page.waitForURL(`${app.server.url}/`);
    const prompt = page.getByRole('dialog', { name: text('ja', 'login:passwordPrompt.title') });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: text('ja', 'login:passwordPrompt.confirm') }).click();
    await page.waitForURL(`${app.server.url}/setting/password`);
    // Not on the password page itself.
    await expect.poll(() => prompt.count(), { timeout: 3000 }).toBe(0);
    await context.close();
  });

  it('shows the legal pages without an account, and no stand-in policy video (issue 9, item 9)', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.server.url}/terms`);
    await expect.poll(() => page.title()).toBe(text('ja', 'legal:terms.documentTitle'));
    await page.goto(`${app.server.url}/privacy`);
    await expect.poll(() => page.title()).toBe(text('ja', 'legal:privacy.documentTitle'));
    const footer = page.getByRole('navigation', { name: text('ja', 'common:footer.label') });
    await footer.getByRole('link', { name: text('ja', 'common:footer.policy') }).click();
    await page.waitForURL(`${app.server.url}/policy`);
    await expect.poll(() => page.title()).toBe(text('ja', 'legal:policy.documentTitle'));
    await page.getByRole('heading', { name: text('ja', 'legal:policy.rulesHeading') }).waitFor();
    // No policy video is configured for this server: none is shown (not the demo lesson clip).
    expect(await page.locator('video').count()).toBe(0);
    expect(page.url()).toBe(`${app.server.url}/policy`);
    await context.close();
  });

  it("a class signs in with the school's accounts from a roster the teacher saved (issue 30)", async () => {
    // The teacher names the pupil's school address on the class's roster, in the settings page.
    const teacherContext = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const teacher = await teacherContext.newPage();
    const staff = demoAccount('teacher');
    await signIn(teacher, app.server.url, staff.account, staff.password, {
      notificationPopup: false,
    });
    await teacher.waitForURL(`${app.server.url}/`);
    // Every demo pupil is in Class 2-A; this one has linked no Google account.
    const pupil = 'student21';
    await teacher.goto(`${app.server.url}/setting/group/${DEMO_IDS.groups.class2a}`);
    const section = teacher.getByRole('region', { name: text('ja', 'setting:schoolSignIn.title') });
    const roster = section.getByRole('textbox', {
      name: text('ja', 'setting:schoolSignIn.roster'),
    });
    // A line naming someone outside the class is named back, and nothing is saved.
    await roster.fill(
      `account,email\n${pupil},class-pupil@example.test\nnobody-here,x@example.test`,
    );
    await section.getByRole('button', { name: text('ja', 'setting:schoolSignIn.save') }).click();
    await section
      .getByText(
        text('ja', 'setting:schoolSignIn.lineError', {
          line: '3',
          reason: text('ja', 'setting:schoolSignIn.reason.notMember'),
        }),
      )
      .waitFor();
    expect(await axeFindings(teacher)).toEqual([]);
    await roster.fill(`account,email\n${pupil},class-pupil@example.test`);
    await section.getByRole('button', { name: text('ja', 'setting:schoolSignIn.save') }).click();
    await section.getByText(text('ja', 'setting:schoolSignIn.count', { count: '1' })).waitFor();
    await teacherContext.close();

    // The pupil has never linked anything: the school's Google account is enough.
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.server.url}/login`);
    idp.signInAs('class-pupil');
    await expect.poll(() => googleButton(page).getAttribute('aria-disabled')).toBeNull();
    await googleButton(page).click();
    await page.waitForURL(`${app.server.url}/`);
    expect((await meOf(page)).id).toBe(pupil);
    await context.close();
  });
});
