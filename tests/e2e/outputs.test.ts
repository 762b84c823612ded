import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { useServerAndBrowser } from './support/app';
import { text } from './support/locales';
import { signIn } from './support/login';

const HEIC = resolve(import.meta.dirname, 'fixtures/photo.heic');

// Issue 5's outputs: a student posts an output with a photo taken from a HEIC file, the autosave
// label walks through its states, and the posted output appears in the session's outputs.
describe('outputs', () => {
  const app = useServerAndBrowser();

  async function signedIn(account: string): Promise<Page> {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const user = demoAccount(account);
    await signIn(page, app.server.url, user.account, user.password);
    await page.waitForURL(`${app.server.url}/`);
    return page;
  }

  /** Records every value the save-state label takes, however briefly. */
  async function recordSaveStates(page: Page): Promise<void> {
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __saveStates: string[] }).__saveStates = seen;
      const note = (el: Element) => {
        const state = el.getAttribute('data-state');
        if (state && seen[seen.length - 1] !== state) seen.push(state);
      };
      new MutationObserver((records) => {
        for (const r of records) {
          const targets =
            r.type === 'attributes'
              ? [r.target as Element]
              : Array.from(r.addedNodes).flatMap((n) =>
                  n instanceof Element
                    ? [n, ...Array.from(n.querySelectorAll('[data-testid="save-state"]'))]
                    : [],
                );
          for (const el of targets) {
            if (el instanceof Element && el.getAttribute('data-testid') === 'save-state') note(el);
          }
        }
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-state'],
      });
    });
  }
  const saveStates = (page: Page) =>
    page.evaluate(() => (window as unknown as { __saveStates: string[] }).__saveStates);

  it('posts an output with a HEIC photo, autosaving on the way, and lists it', async () => {
    const page = await signedIn('student10');
    // The page must not throw (a CSP refusal of the HEIC decoder would show here).
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${app.server.url}/session/${DEMO_IDS.sessions.forestLive}`);
    await recordSaveStates(page);
    await page.getByRole('button', { name: text('ja', 'outputs:section.post') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('output-description').waitFor();
    // The work's examples are there to read.
    await dialog.getByTestId('examples-carousel').waitFor();

    // The photo: HEIC, converted to JPEG in the browser, uploaded, re-encoded by the server.
    await dialog.locator('input[type="file"]').setInputFiles(HEIC);
    const preview = dialog.getByTestId('output-image-preview');
    await expect
      .poll(() => preview.getAttribute('src'), { timeout: 30_000 })
      .toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg\?exp=\d+&sig=[\w-]{43}$/);
    // Uploads are handed out signed (issue 8): compare the stored path, not the expiring query.
    const imageUrl = (await preview.getAttribute('src'))!;
    const imagePath = imageUrl.split('?')[0]!;
    const pathOf = (url: string | null) => url?.split('?')[0];
    expect(pageErrors).toEqual([]);

    const description =
      '森は町の水をきれいにしてくれると分かりました。春の植樹の日に家族で参加したいです。';
    await dialog.getByTestId('output-description').fill(description);
    expect(await dialog.getByTestId('output-counter').innerText()).toBe(
      String(4000 - description.length),
    );

    // Autosave: within 4 s it saves, shows "autosaved", and is back to none 4 s later.
    const label = dialog.getByTestId('save-state');
    await expect
      .poll(() => label.innerText(), { timeout: 10_000 })
      .toBe(text('ja', 'outputs:saveState.autosaved'));
    await expect.poll(() => label.getAttribute('data-state'), { timeout: 10_000 }).toBe('none');
    const states = await saveStates(page);
    const from = states.indexOf('none');
    expect(states.slice(from, from + 4)).toEqual(['none', 'autosaving', 'autosaved', 'none']);

    // The draft is the author's alone, on the server.
    const token = await page.evaluate(() => localStorage.getItem('ROOT.TOKEN'));
    const list = async () =>
      (
        (await (
          await fetch(`${app.server.url}/v1/session/${DEMO_IDS.sessions.forestLive}/outputs`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as {
          items: Array<{
            status: string;
            description: string;
            images: string[];
            user: { id: string };
          }>;
        }
      ).items.filter((o) => o.user.id === 'student10');
    const [draft] = await list();
    expect(draft).toMatchObject({ status: 'autosaved', description });
    expect(draft!.images.map(pathOf)).toEqual([imagePath]);

    await dialog.getByTestId('output-submit').click();
    await page.getByText(text('ja', 'outputs:success.posted'), { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // It is listed on the session page with the uploaded picture; the draft is gone.
    const card = page.getByTestId('output-card').filter({ hasText: description });
    await card.waitFor();
    const cardImage = card.locator('img');
    expect(pathOf(await cardImage.getAttribute('src'))).toBe(imagePath);
    // The signed URL loads in the page; the bare path is refused to anyone.
    await expect
      .poll(() => cardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect((await fetch(`${app.server.url}${imagePath}`)).status).toBe(403);
    // Published once its picture is screened (issue 26: off the request path, a moment later).
    await expect
      .poll(async () => (await list()).map((o) => o.status), { timeout: 30_000 })
      .toEqual(['published']);
    expect(await list()).toMatchObject([{ status: 'published', description }]);

    // The stored picture is a JPEG fitting 900×700 with no metadata.
    const stored = Buffer.from(await (await fetch(`${app.server.url}${imageUrl}`)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(900);
    expect(meta.height).toBe(675);
    expect(meta.exif).toBeUndefined();

    // Opening again edits it: the button says so, and an unchanged text cannot be re-submitted.
    await page.getByRole('button', { name: text('ja', 'outputs:section.edit') }).click();
    const submit = page.getByRole('dialog').getByTestId('output-submit');
    await submit.waitFor();
    expect(await submit.innerText()).toBe(text('ja', 'outputs:submit.update'));
    expect(await submit.isDisabled()).toBe(true);
    await page.context().close();
  });

  it('refuses a picture over 6 MB and keeps the text when the post fails', async () => {
    const page = await signedIn('student19');
    await page.goto(`${app.server.url}/session/${DEMO_IDS.sessions.oceanArchive}`);
    await page.getByRole('button', { name: text('ja', 'outputs:section.post') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('output-description').waitFor();

    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(6 * 1024 * 1024 + 1, 0xff),
    });
    expect(await dialog.getByTestId('image-issue').innerText()).toBe(
      text('ja', 'outputs:image.overQuota'),
    );

    const description = '海のごみを減らすために、マイボトルを使います。';
    await dialog.getByTestId('output-description').fill(description);
    // The server fails the post once: the error shows, the text stays, and a retry posts it.
    let failed = false;
    await page.route('**/v1/output', async (route) => {
      const body = route.request().postDataJSON() as { status?: string } | null;
      if (!failed && body?.status === 'published') {
        failed = true;
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal', message: 'boom' } }),
        });
        return;
      }
      await route.continue();
    });
    await dialog.getByTestId('output-submit').click();
    await dialog.getByTestId('submit-error').waitFor();
    expect(await dialog.getByTestId('output-description').inputValue()).toBe(description);
    await dialog.getByTestId('output-submit').click();
    await page.getByText(text('ja', 'outputs:success.posted'), { exact: true }).waitFor();
    await page.getByTestId('output-card').filter({ hasText: description }).waitFor();
    await page.context().close();
  });

  it('tells a guest and a graduate each their own reason, with no post button (issue 9, item 16)', async () => {
    for (const [account, reason] of [
      ['guest', 'guest'],
      ['graduate', 'graduated'],
    ] as const) {
      const page = await signedIn(account);
      await page.goto(`${app.server.url}/session/${DEMO_IDS.sessions.oceanArchive}`);
      const refused = page.getByTestId('post-refused');
      await refused.waitFor();
      expect(await refused.innerText()).toBe(text('ja', `outputs:refusal.${reason}`));
      expect(await page.getByTestId('open-output-dialog').count()).toBe(0);
      await page.context().close();
    }
  });
});
