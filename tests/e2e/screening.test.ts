import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/contracts/constants';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { useServerAndBrowser } from './support/app';
import { text } from './support/locales';
import { signIn } from './support/login';

// Issue 8, "what must be shown" (screening part): abusive feedback is held for a teacher, the
// pupil sees a gentle "waiting for a teacher" state, the gauge does not move, and the classmate
// it was about never sees it.
describe('abusive feedback is held', () => {
  const app = useServerAndBrowser();

  async function signedIn(account: string) {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, app.server.url, account, demoAccount(account).password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return { context, page };
  }

  async function openViewerOn(page: Page, author: string) {
    await page.goto(`${app.server.url}/session/${DEMO_IDS.sessions.oceanArchive}`);
    const name = demoAccount(author).displayName;
    const opener = text('ja', 'feedback:outputs.open', { count: 'COUNT' }).split('COUNT')[0]!;
    await page.getByRole('button', { name: new RegExp(`^${opener}`) }).click();
    const dialog = page.getByRole('dialog');
    const next = dialog.getByRole('button', { name: text('ja', 'feedback:viewer.next') });
    const authorLink = dialog.getByRole('link', { name, exact: true });
    for (let i = 0; i < 30; i += 1) {
      await dialog.getByTestId('output-description').waitFor();
      if ((await authorLink.count()) > 0) return dialog;
      await next.click();
    }
    throw new Error(`no output of ${author} in the viewer`);
  }

  it('holds it: the sender is told it waits for a teacher, the gauge stays, the recipient never sees it', async () => {
    const sender = await signedIn('student08');
    const dialog = await openViewerOn(sender.page, 'student02');
    const gauge = dialog.locator('[data-gauge-state]');
    const gaugeBefore = await gauge.getAttribute('data-gauge-state');
    expect(gaugeBefore).not.toBe('first');

    const abusive = `つまらない。へたくそ。死ね ${Date.now()}`;
    await dialog.getByLabel(text('ja', 'feedback:input.label')).fill(abusive);
    const posted = sender.page.waitForResponse(
      (r) => r.url().endsWith('/v1/feedback') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: text('ja', 'feedback:input.submit') }).click();
    const { item } = (await (await posted).json()) as {
      item: { id: string; outputId: string; awaitingApproval: boolean };
    };
    expect(item.awaitingApproval).toBe(true);

    // The gentle notice, and the sender's own copy marked as awaiting approval.
    const notice = dialog.getByTestId('feedback-held');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(text('ja', 'feedback:screening.held'));
    const mine = dialog.locator(`[data-feedback-id="${item.id}"]`);
    await mine.waitFor();
    await mine.getByText(text('ja', 'feedback:list.awaitingApproval')).waitFor();
    // The gauge did not praise the sender.
    expect(await gauge.getAttribute('data-gauge-state')).toBe(gaugeBefore);
    expect(await dialog.getByText(text('ja', 'feedback:gauge.first')).count()).toBe(0);
    await sender.context.close();

    // The recipient, signed in, asks for the feedback on her output as her page does: not there.
    const recipient = await signedIn('student02');
    const token = await recipient.page.evaluate(
      (key) => localStorage.getItem(key),
      STORAGE_KEYS.token,
    );
    expect(token).toBeTruthy();
    const list = await recipient.page.request.get(
      `${app.server.url}/v1/output/${item.outputId}/feedbacks?withUser=true`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(list.status()).toBe(200);
    const body = (await list.json()) as { items: Array<{ id: string; content: string }> };
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.some((f) => f.id === item.id || f.content.includes('死ね'))).toBe(false);
    await recipient.context.close();
  });
});
