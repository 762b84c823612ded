import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../src/server/seed/accounts';
import { useServerAndBrowser } from './support/app';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { signIn } from './support/login';
import { pageTitle } from '../../src/lib/page-title';

// Issue 4's profile: editing the display name, the 31-day refusal of a second edit, and a
// follow showing in the other student's follower count.
describe('profile', () => {
  const app = useServerAndBrowser();

  async function signedIn(account: string): Promise<Page> {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const user = demoAccount(account);
    await signIn(page, app.server.url, user.account, user.password);
    await page.waitForURL(`${app.server.url}/`);
    return page;
  }

  const countOf = async (page: Page, labelKey: `${string}:${string}`) => {
    const list = page.getByRole('list', { name: text('ja', 'profile:counts.label') });
    const item = list.getByRole('listitem').filter({ hasText: text('ja', labelKey) });
    return (await item.innerText()).replace(text('ja', labelKey), '').trim();
  };

  it('changes the display name once, then refuses a second change with the 31-day notice', async () => {
    const page = await signedIn('student01');
    await page.goto(`${app.server.url}/mypage`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.innerText()).toBe('Haruto');

    await page.getByRole('button', { name: text('ja', 'profile:edit') }).click();
    const field = page.getByLabel(text('ja', 'profile:editModal.displayName'));
    await field.fill('');
    // Empty: the asterisk-prefixed error and no save.
    await page.getByText(`＊${text('ja', 'profile:editModal.required')}`).waitFor();
    const save = page.getByRole('button', { name: text('ja', 'profile:editModal.save') });
    expect(await save.isDisabled()).toBe(true);

    await field.fill('はると');
    expect(
      await page.getByText(text('ja', 'profile:editModal.remaining', { count: '15' })).count(),
    ).toBe(1);
    await save.click();
    await page.getByText(text('ja', 'profile:updateSuccessfully')).waitFor();
    await expect.poll(() => heading.innerText()).toBe('はると');

    // A second try within 31 days: the notice shows and Save stays disabled.
    await page.getByRole('button', { name: text('ja', 'profile:edit') }).click();
    const notice = page.getByTestId('profile-restricted');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(
      text('ja', 'profile:editModal.restricted', { days: '31' }).split('{{date}}')[0]!,
    );
    expect(
      await page.getByRole('button', { name: text('ja', 'profile:editModal.save') }).isDisabled(),
    ).toBe(true);

    // The server refuses it too, whatever the page does.
    const token = await page.evaluate(() => localStorage.getItem('ROOT.TOKEN'));
    const me = (await (
      await fetch(`${app.server.url}/v1/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { item: { _id: string } };
    const res = await fetch(`${app.server.url}/v1/user/${me.item._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: 'Haruto again' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'profileChangeRestricted',
    );
    await page.context().close();
  });

  it('following another student shows in their follower count', async () => {
    const page = await signedIn('student05');
    await page.goto(`${app.server.url}/user/student04`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Hina');
    await expect.poll(() => countOf(page, 'profile:counts.followers')).toBe('0');

    await page
      .getByRole('button', { name: text('ja', 'profile:follow.follow'), exact: true })
      .click();
    await page.getByRole('button', { name: text('ja', 'profile:follow.following') }).waitFor();
    await expect.poll(() => countOf(page, 'profile:counts.followers')).toBe('1');

    // Hina sees the new follower on her own page.
    const hina = await signedIn('student04');
    await hina.goto(`${app.server.url}/mypage`);
    await expect.poll(() => countOf(hina, 'profile:counts.followers')).toBe('1');
    await hina.getByText(text('ja', 'profile:activity.follow', { name: 'Yuto' })).waitFor();

    // Unfollowing brings the count back.
    await page.getByRole('button', { name: text('ja', 'profile:follow.following') }).click();
    await expect.poll(() => countOf(page, 'profile:counts.followers')).toBe('0');
    await page.context().close();
    await hina.context().close();
  });

  it('shows the profile in English for an English user, with the counter and the empty memos', async () => {
    const page = await signedIn('student07');
    const token = await page.evaluate(() => localStorage.getItem('ROOT.TOKEN'));
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const me = (await (await fetch(`${app.server.url}/v1/me`, { headers })).json()) as {
      item: { _id: string };
    };
    const res = await fetch(`${app.server.url}/v1/user/${me.item._id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ lang: 'en' }),
    });
    expect(res.status).toBe(200);
    await page.goto(`${app.server.url}/mypage`);
    await expect.poll(() => page.title()).toBe(pageTitle(text('en', 'profile:documentTitle')));
    await page.getByRole('tab', { name: text('en', 'profile:tabs.memos') }).click();
    await page.getByText(text('en', 'profile:empty.memos.text')).waitFor();
    await page.getByRole('button', { name: text('en', 'profile:edit') }).click();
    await page.getByLabel(text('en', 'profile:editModal.displayName')).fill('x'.repeat(20));
    await page.getByText(text('en', 'profile:editModal.remaining', { count: '-2' })).waitFor();
    await page.getByText(`＊${text('en', 'profile:editModal.maxLength', { max: '18' })}`).waitFor();
    expect(
      await page.getByRole('button', { name: text('en', 'profile:editModal.save') }).isDisabled(),
    ).toBe(true);
    await page.context().close();
  });

  it('shows page-not-found for a user of another school', async () => {
    const page = await signedIn('sakura01');
    await page.goto(`${app.server.url}/user/student01`);
    await page.getByRole('heading', { name: text('ja', 'common:error.notFound') }).waitFor();
    await page.context().close();
  });

  // Issue 4: axe finds no serious or critical violation on the profile pages.
  it("passes axe on /mypage and on another student's /user/{id}", async () => {
    const page = await signedIn('student06');
    const serious = () => axeFindings(page);
    const settled = async (name: string) => {
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText(), { timeout: 10_000 })
        .toBe(name);
      // The counts are loaded (not skeletons) before axe looks…
      await expect
        .poll(() => countOf(page, 'profile:counts.followers'), { timeout: 10_000 })
        .toMatch(/^\d+$/);
      // And the lists beside them, so axe sees the page as a user does.
      await page.waitForLoadState('networkidle');
    };

    await page.goto(`${app.server.url}/mypage`);
    await settled(demoAccount('student06').displayName);
    expect(await serious()).toEqual([]);

    await page.goto(`${app.server.url}/user/student02`);
    await settled(demoAccount('student02').displayName);
    expect(await serious()).toEqual([]);
    await page.context().close();
  });
});
