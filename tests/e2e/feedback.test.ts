import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { useServer, useServerAndBrowser } from './support/app';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { signIn } from './support/login';

// Issue 5, "what must be shown" (feedback part): a classmate opens the viewer on another
// student's output from the session page, gives feedback and likes a feedback; an empty comment
// shows the 2-second toast.
describe('feedback viewer', () => {
  const app = useServerAndBrowser();

  async function signedIn(account: string, viewport = { width: 1440, height: 900 }) {
    const context = await app.browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, app.server.url, account, demoAccount(account).password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return { context, page };
  }

  /**
   * Opens the session page's feedback viewer and steps with "next" to the output of `author`
   * (the author link in the viewer names them).
   */
  async function openViewerOn(page: Page, author: string) {
    await page.goto(`${app.server.url}/session/${DEMO_IDS.sessions.oceanArchive}`);
    const name = demoAccount(author).displayName;
    const opener = text('ja', 'feedback:outputs.open', { count: 'COUNT' }).split('COUNT')[0]!;
    await page.getByRole('button', { name: new RegExp(`^${opener}`) }).click();
    const dialog = page.getByRole('dialog');
    const next = dialog.getByRole('button', { name: text('ja', 'feedback:viewer.next') });
    const authorLink = dialog.getByRole('link', { name, exact: true });
    for (let i = 0; i < 30; i += 1) {
      // Each output loads its own detail; wait for one before deciding.
      await dialog.getByTestId('output-description').waitFor();
      if ((await authorLink.count()) > 0) return dialog;
      await next.click();
    }
    throw new Error(`no output of ${author} in the viewer`);
  }

  it('lets a classmate give feedback and like a feedback; an empty comment shows the toast', async () => {
    const { context, page } = await signedIn('student04');
    const dialog = await openViewerOn(page, 'student02');
    const send = dialog.getByRole('button', { name: text('ja', 'feedback:input.submit') });

    // Empty: the toast, and nothing posted.
    await send.click();
    const toast = page.getByText(text('ja', 'feedback:errors.empty'));
    await toast.waitFor();
    // It closes by itself after 2 s.
    await toast.waitFor({ state: 'hidden', timeout: 5000 });

    const comment = `Your bottle idea is great! ${Date.now()}`;
    await dialog.getByLabel(text('ja', 'feedback:input.label')).fill(comment);
    await send.click();
    const mine = dialog.locator('[data-feedback-id]', { hasText: comment });
    await mine.waitFor();
    expect(await mine.getByText(demoAccount('student04').displayName).count()).toBe(1);
    // The same text again is refused with its toast.
    await dialog.getByLabel(text('ja', 'feedback:input.label')).fill(comment);
    await send.click();
    await page.getByText(text('ja', 'feedback:errors.same')).waitFor();

    // The gauge took one step.
    expect(await dialog.locator('[data-gauge-state]').getAttribute('data-gauge-state')).toBe(
      'first',
    );

    // Like a classmate's published feedback (student03's on this output).
    const other = dialog.locator('[data-feedback-id]', {
      hasText: demoAccount('student03').displayName,
    });
    const like = other
      .first()
      .getByRole('button', { name: new RegExp(text('ja', 'feedback:list.like')) });
    const before = Number((await like.innerText()).replace(/\D/g, '') || '0');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(Number((await like.innerText()).replace(/\D/g, ''))).toBe(before + 1);

    // The open viewer passes axe (serious and critical findings).
    const findings = await axeFindings(page, { include: ['[role="dialog"]'] });
    expect(findings).toEqual([]);

    // After a reload the feedback and the like are still there (they were stored).
    await page.reload();
    const again = await openViewerOn(page, 'student02');
    await again.locator('[data-feedback-id]', { hasText: comment }).waitFor();
    const likeAgain = again
      .locator('[data-feedback-id]', { hasText: demoAccount('student03').displayName })
      .first()
      .getByRole('button', { name: new RegExp(text('ja', 'feedback:list.like')) });
    expect(await likeAgain.getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  it('steps to another output in a chosen sequencing mode', async () => {
    const { context, page } = await signedIn('student06');
    const dialog = await openViewerOn(page, 'student01');
    const select = dialog.getByLabel(text('ja', 'feedback:mode.label'));
    // Straight (the list order) is the default.
    expect(await select.inputValue()).toBe('straight');
    await select.selectOption({ label: text('ja', 'feedback:mode.good') });
    await dialog.getByText(text('ja', 'feedback:mode.help.good')).waitFor();
    const description = dialog.getByTestId('output-description');
    const before = await description.innerText();
    await dialog.getByRole('button', { name: text('ja', 'feedback:viewer.next') }).click();
    // The server's pick, or the list's next with the fallback message: another output either way.
    await expect.poll(() => description.innerText(), { timeout: 10_000 }).not.toBe(before);
    await context.close();
  });

  it('reports a feedback from a phone: fullscreen modal, send disabled until a reason, success, then hidden', async () => {
    const { context, page } = await signedIn('student07', { width: 390, height: 844 });
    const dialog = await openViewerOn(page, 'student03');
    const target = dialog
      .locator('[data-feedback-id]', { hasText: demoAccount('student04').displayName })
      .first();
    const feedbackId = await target.getAttribute('data-feedback-id');
    await target.getByRole('button', { name: text('ja', 'feedback:list.report') }).click();

    const modal = page.getByRole('dialog', { name: text('ja', 'feedback:report.title') });
    await modal.waitFor();
    // Full width once its opening transition (a slight scale) has run.
    await expect.poll(async () => (await modal.boundingBox())?.width).toBe(390);
    const submit = modal.getByRole('button', { name: text('ja', 'feedback:report.submit') });
    expect(await submit.isDisabled()).toBe(true);
    const reason = modal.getByRole('textbox');
    await reason.fill('\u3000 ');
    expect(await submit.isDisabled()).toBe(true);
    await reason.fill('It makes fun of a classmate.');
    await submit.click();

    const success = page.getByRole('dialog', { name: text('ja', 'feedback:report.successTitle') });
    await success.getByText(text('ja', 'feedback:report.successMessage')).waitFor();
    await success
      .getByRole('button', { name: text('ja', 'feedback:report.close') })
      .last()
      .click();
    // Reported by another pupil: hidden from pupils other than its author while it is reviewed.
    await dialog.locator(`[data-feedback-id="${feedbackId}"]`).waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows a teacher the awaiting-approval feedback without like or report, the session report button and no gauge', async () => {
    const { context, page } = await signedIn('teacher');
    const dialog = await openViewerOn(page, 'student01');
    const pending = dialog
      .locator('[data-feedback-id]', { hasText: text('ja', 'feedback:list.awaitingApproval') })
      .first();
    await pending.waitFor();
    expect(await pending.getByText(demoAccount('student02').displayName).count()).toBe(1);
    expect(await pending.getByRole('button').count()).toBe(0);
    await dialog.getByRole('link', { name: text('ja', 'feedback:viewer.sessionReport') }).waitFor();
    expect(await dialog.locator('[data-gauge-state]').count()).toBe(0);
    await context.close();

    // A classmate does not see it at all.
    const pupil = await signedIn('student05');
    const other = await openViewerOn(pupil.page, 'student01');
    await other.getByRole('heading', { name: text('ja', 'feedback:list.title') }).waitFor();
    expect(await other.getByText(text('ja', 'feedback:list.awaitingApproval')).count()).toBe(0);
    await pupil.context.close();
  });

  it('disables the input for a guest with the spec placeholder, on a phone-sized screen', async () => {
    const { context, page } = await signedIn('guest', { width: 390, height: 844 });
    const dialog = await openViewerOn(page, 'student01');
    const input = dialog.getByLabel(text('ja', 'feedback:input.label'));
    expect(await input.getAttribute('placeholder')).toBe(text('ja', 'feedback:input.notAllowed'));
    expect(await input.isDisabled()).toBe(true);
    await context.close();
  });

  describe('translate, with DeepL configured (a local server speaking its v2 format)', () => {
    let deepl: Server;
    let fail = false;

    // Registered before the server's hooks: it closes after the server that calls it stopped.
    afterAll(async () => {
      await new Promise((r) => deepl?.close(r));
    });
    const translating = useServer(async () => {
      deepl = createServer((req, res) => {
        let raw = '';
        req.on('data', (c: Buffer) => (raw += c.toString()));
        req.on('end', () => {
          if (fail) {
            res.writeHead(503).end('{"message":"Service unavailable"}');
            return;
          }
          const { text: texts } = JSON.parse(raw) as { text: string[] };
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              translations: texts.map((t) => ({
                detected_source_language: 'EN',
                text: `訳: ${t}`,
              })),
            }),
          );
        });
      });
      await new Promise<void>((r) => deepl.listen(0, '127.0.0.1', r));
      const { port } = deepl.address() as AddressInfo;
      return {
        TRANSLATION_PROVIDER: 'deepl',
        DEEPL_API_KEY: 'e2e-key:fx',
        DEEPL_API_URL: `http://127.0.0.1:${port}`,
      };
    });

    it('toggles the translation, and keeps the original with a message when the provider fails', async () => {
      const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await signIn(page, translating.server.url, 'student05', demoAccount('student05').password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const base = app.server;
      app.server = translating.server;
      try {
        const dialog = await openViewerOn(page, 'student01');
        const description = dialog.getByTestId('output-description');
        const original = await description.innerText();
        // The output's own translate button comes before those of the feedback under it.
        await dialog
          .getByRole('button', { name: text('ja', 'feedback:translate.button') })
          .first()
          .click();
        await expect.poll(() => description.innerText()).toBe(`訳: ${original}`);
        await dialog
          .getByRole('button', { name: text('ja', 'feedback:translate.original') })
          .click();
        await expect.poll(() => description.innerText()).toBe(original);

        fail = true;
        // Another output (student01's is the oldest, so the one before it in the list).
        const next = dialog.getByRole('button', { name: text('ja', 'feedback:viewer.next') });
        const previous = dialog.getByRole('button', {
          name: text('ja', 'feedback:viewer.previous'),
        });
        await ((await next.isEnabled()) ? next : previous).click();
        await description.waitFor();
        const other = await description.innerText();
        // The output's own translate button comes before those of the feedback under it.
        await dialog
          .getByRole('button', { name: text('ja', 'feedback:translate.button') })
          .first()
          .click();
        await dialog.getByText(text('ja', 'feedback:translate.failed')).first().waitFor();
        expect(await description.innerText()).toBe(other);
      } finally {
        app.server = base;
        fail = false;
        await context.close();
      }
    });
  });
});
