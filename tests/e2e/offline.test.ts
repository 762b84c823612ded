import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DOWNLOAD_FAILED_HIDE_MS, STORAGE_KEYS } from '../../src/contracts/constants';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { useServerAndBrowser } from './support/app';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { signIn } from './support/login';

const OCEAN = DEMO_IDS.sessions.oceanArchive;
const FOREST = DEMO_IDS.sessions.forestArchive;

// Issue 13, "what must be shown": a teacher downloads an archive, watches it with no network
// (chapter overlay, Japanese captions), finds it in /setting/download and deletes it; a download
// cut by the network fails with the network error and leaves after 5 s; one that cannot fit fails
// early with the storage error; cancel and close-all ask first; axe on the panel and the pane.
describe('offline downloads', { timeout: 240_000 }, () => {
  const app = useServerAndBrowser();

  async function teacher(prepare?: (context: BrowserContext, page: Page) => Promise<void>) {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await prepare?.(context, page);
    await signIn(page, app.server.url, 'teacher', 'tomoni-teacher');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return { context, page };
  }

  /** The service worker has installed (shell precached) and controls the page. */
  async function workerInControl(page: Page) {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
        timeout: 30_000,
      })
      .toBe(true);
  }

  const panel = (page: Page) => page.getByTestId('download-panel');
  const downloadButton = (page: Page, lang: 'ja' | 'en' = 'ja') =>
    page.getByRole('button', {
      name: text('ja', 'downloads:button.download', {
        lang: text('ja', `downloads:lang.${lang}`),
      }),
    });
  /** What the device holds for the downloads: records, and cached files. */
  const stored = (page: Page) =>
    page.evaluate(async () => {
      const cache = await caches.open('downloaded-movies');
      const files = (await cache.keys()).length;
      const dbs = await indexedDB.databases();
      if (!dbs.some((d) => d.name === 'downloaded-movies')) return { files, records: [] };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('downloaded-movies');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      if (!db.objectStoreNames.contains('downloaded-movies')) return { files, records: [] };
      const records = await new Promise<Array<{ size: number; lang: string }>>((resolve) => {
        const req = db.transaction('downloaded-movies').objectStore('downloaded-movies').getAll();
        req.onsuccess = () => resolve(req.result as Array<{ size: number; lang: string }>);
      });
      db.close();
      return { files, records };
    });

  /** Holds every request for a segment of a rendition until released, then fails it. */
  async function holdSegments(context: BrowserContext) {
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => (release = r));
    let firstHeld: () => void = () => undefined;
    const held = new Promise<void>((r) => (firstHeld = r));
    const routes: Route[] = [];
    await context.route(/\/media\/videos\/[a-z]+\/high\/seg-01\d\.ts$/, async (route) => {
      routes.push(route);
      firstHeld();
      await released;
      await route.abort('internetdisconnected').catch(() => undefined);
    });
    return { held, release };
  }

  it('fails a download cut by the network with the network error, then drops it after 5 s', async () => {
    const { context, page } = await teacher();
    await page.goto(`${app.server.url}/session/${FOREST}/watch/?lang=ja`);
    const hold = await holdSegments(context);
    await downloadButton(page).click();
    const item = panel(page).getByTestId('download-item');
    await item.waitFor();
    expect(await item.getAttribute('data-status')).toBe('inprogress');
    await hold.held;
    // The network goes away in the middle of the download.
    await context.setOffline(true);
    hold.release();
    const failed = item.getByTestId('download-failed-message');
    await failed.waitFor();
    const failedAt = Date.now();
    expect(await failed.innerText()).toBe(text('ja', 'downloads:panel.failed'));
    await failed.click();
    const dialog = page.getByRole('dialog', {
      name: text('ja', 'downloads:error.networkError.title'),
    });
    await dialog.waitFor();
    await dialog.getByText(text('ja', 'downloads:error.networkError.message')).waitFor();
    expect(await axeFindings(page, { include: ['[role=dialog]'] })).toEqual([]);
    await dialog
      .getByTestId('download-error-dialog')
      .getByRole('button', { name: text('ja', 'downloads:error.close') })
      .click();
    // Marked inactive after 5 s, and gone (the panel with it: nothing else is listed).
    await panel(page).waitFor({ state: 'detached', timeout: DOWNLOAD_FAILED_HIDE_MS + 5_000 });
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(DOWNLOAD_FAILED_HIDE_MS - 500);
    // Nothing of the failed download is kept.
    await context.setOffline(false);
    expect(await stored(page)).toEqual({ files: 0, records: [] });
    await context.close();
  });

  it('fails early with the storage error when the download cannot fit', async () => {
    const { context, page } = await teacher();
    const cdp = await context.newCDPSession(page);
    // 1 MB for the whole origin: the 1.6 MB rendition cannot fit.
    await cdp.send('Storage.overrideQuotaForOrigin', {
      origin: app.server.url,
      quotaSize: 1_000_000,
    });
    await page.goto(`${app.server.url}/session/${OCEAN}/watch/?lang=ja`);
    await downloadButton(page).click();
    const item = panel(page).getByTestId('download-item');
    const failed = item.getByTestId('download-failed-message');
    await failed.waitFor();
    // Before a single file was stored: the progress never moved.
    expect(await item.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(await stored(page)).toEqual({ files: 0, records: [] });
    await failed.click();
    const dialog = page.getByRole('dialog', {
      name: text('ja', 'downloads:error.storageError.title'),
    });
    await dialog.getByText(text('ja', 'downloads:error.storageError.message')).waitFor();
    // The storage error leads to the download settings.
    await dialog.getByRole('link', { name: text('ja', 'downloads:error.settings') }).click();
    await page.waitForURL(`${app.server.url}/setting/download`);
    await page.getByText(text('ja', 'setting:download.empty')).waitFor();
    expect(await stored(page)).toEqual({ files: 0, records: [] });
    await context.close();
  });

  it('finishes a download after its tab was closed, and another tab hears it (issue 30)', async () => {
    const { context, page } = await teacher();
    await page.goto(`${app.server.url}/session/${FOREST}`);
    await workerInControl(page);
    // The video's later segments wait until the tab is gone, then arrive.
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => (release = r));
    let firstHeld: () => void = () => undefined;
    const held = new Promise<void>((r) => (firstHeld = r));
    await context.route(/\/media\/videos\/[a-z]+\/high\/seg-01\d\.ts$/, async (route) => {
      firstHeld();
      await released;
      await route.continue().catch(() => undefined);
    });
    await downloadButton(page).click();
    const first = panel(page).getByTestId('download-item');
    const title = (await first.innerText()).split('\n')[0] ?? '';
    expect(title.length).toBeGreaterThan(0);
    await held;
    expect(await stored(page).then((s) => s.records)).toEqual([]);
    await page.close();

    // A new tab, opened while the worker still waits for the segments: once they arrive, its
    // panel shows the download the worker finished, and the device holds it.
    const again = await context.newPage();
    await again.goto(`${app.server.url}/`);
    await workerInControl(again);
    release();
    const item = panel(again).getByTestId('download-item');
    await item.getByText(text('ja', 'downloads:panel.complete')).waitFor({ timeout: 60_000 });
    expect((await item.innerText()).split('\n')[0]).toBe(title);
    await expect
      .poll(async () => (await stored(again)).records.length, { timeout: 30_000 })
      .toBe(1);
    await again.goto(`${app.server.url}/setting/download`);
    await again.getByTestId('downloaded-file').first().waitFor();
    await context.close();
  });

  it('asks before cancelling a download and before closing the panel with one in progress', async () => {
    const { context, page } = await teacher();
    await page.goto(`${app.server.url}/session/${OCEAN}`);
    const hold = await holdSegments(context);
    const box = panel(page);
    // Both languages from the session page.
    await downloadButton(page, 'ja').click();
    await downloadButton(page, 'en').click();
    await expect.poll(() => box.getByTestId('download-item').count()).toBe(2);
    await hold.held;
    // The panel: fixed at the bottom right, 360 wide.
    const rect = await box.boundingBox();
    expect(rect?.width).toBe(360);
    const right = (rect?.x ?? 0) + (rect?.width ?? 0);
    // 16 px in from the right edge of the viewport (less any scroll bar).
    expect(right).toBeLessThanOrEqual(1280 - 16);
    expect(right).toBeGreaterThan(1280 - 16 - 20);
    expect(await axeFindings(page, { include: ['[data-testid=download-panel]'] })).toEqual([]);

    // Collapse and expand.
    await box.getByRole('button', { name: text('ja', 'downloads:panel.collapse') }).click();
    expect(await box.getByTestId('download-item').count()).toBe(0);
    await box.getByRole('button', { name: text('ja', 'downloads:panel.expand') }).click();
    expect(await box.getByTestId('download-item').count()).toBe(2);

    // Cancel asks first; "keep downloading" keeps it.
    const ocean = await page.evaluate(() => document.title);
    expect(ocean).toBeTruthy();
    const cancelButtons = box.getByRole('button', { name: text('ja', 'downloads:panel.cancel') });
    await cancelButtons.first().click();
    const cancelDialog = page.getByRole('dialog', {
      name: text('ja', 'downloads:cancelDialog.title'),
    });
    await cancelDialog.waitFor();
    expect(await axeFindings(page, { include: ['[role=dialog]'] })).toEqual([]);
    await cancelDialog
      .getByRole('button', { name: text('ja', 'downloads:cancelDialog.keep') })
      .click();
    await cancelDialog.waitFor({ state: 'detached' });
    expect(await box.getByTestId('download-item').count()).toBe(2);
    await cancelButtons.first().click();
    await cancelDialog
      .getByRole('button', { name: text('ja', 'downloads:cancelDialog.confirm') })
      .click();
    await expect.poll(() => box.getByTestId('download-item').count()).toBe(1);

    // Close-all asks while one is still running; confirmed, the panel and the download go.
    await box.getByRole('button', { name: text('ja', 'downloads:panel.close') }).click();
    const closeDialog = page.getByRole('dialog', {
      name: text('ja', 'downloads:closeDialog.title'),
    });
    await closeDialog.waitFor();
    await closeDialog
      .getByRole('button', { name: text('ja', 'downloads:closeDialog.confirm') })
      .click();
    await box.waitFor({ state: 'detached' });
    hold.release();
    await expect.poll(async () => (await stored(page)).records.length).toBe(0);
    await expect.poll(async () => (await stored(page)).files).toBe(0);
    await context.close();
  });

  it("drops a pupil's kept reads when the server ends the session, so the next pupil offline never gets them", async () => {
    // A shared school device: student05's session is refused by the server (the logged-out
    // modal), then student06 signs in on the same browser and the network goes.
    const first = 'student05';
    const note = 'student05 の自分だけのふりかえり';
    const login = await fetch(`${app.server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: first, password: demoAccount(first).password }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(`${app.server.url}/v1/session/${OCEAN}/reflection`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ideaNote: note }),
    });
    expect(created.status).toBe(200);

    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, app.server.url, first, demoAccount(first).password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await workerInControl(page);
    // The reflection editor's read: one URL for every pupil, the answer is the caller's own.
    const own = `/v1/me/reflections?sessionId=${OCEAN}&withSession=true`;
    const read = () =>
      page.evaluate(
        async ([path, key]) => {
          try {
            const res = await fetch(path, {
              headers: { authorization: `Bearer ${localStorage.getItem(key)}` },
            });
            return `${res.status} ${await res.text()}`;
          } catch {
            return 'no answer';
          }
        },
        [own, STORAGE_KEYS.token] as const,
      );
    expect(await read()).toContain(note);
    const kept = () =>
      page.evaluate(
        async (path) => (await (await caches.open('api-reads')).match(path)) !== undefined,
        own,
      );
    await expect.poll(kept).toBe(true);

    // The server no longer accepts either token: the next read is refused, one refresh fails,
    // and the page tells the pupil they were signed out.
    await page.evaluate((keys) => {
      localStorage.setItem(keys.token, 'not.a.token');
      localStorage.setItem(keys.refreshToken, 'revoked');
    }, STORAGE_KEYS);
    await page.reload();
    const signedOut = page.getByRole('dialog', { name: text('ja', 'common:loggedOut.title') });
    await signedOut.getByRole('button', { name: text('ja', 'common:loggedOut.ok') }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/login'));
    await expect.poll(() => page.evaluate(() => caches.has('api-reads'))).toBe(false);

    await signIn(page, app.server.url, 'student06', demoAccount('student06').password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await context.setOffline(true);
    // Offline, the worker has nothing of student05's to answer with.
    expect(await read()).toBe('no answer');
    await context.close();
  });

  it('keeps an output written offline on the device, waiting to send, and sends it when back online', async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, app.server.url, 'student07', demoAccount('student07').password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const session = DEMO_IDS.sessions.forestLive;
    await page.goto(`${app.server.url}/session/${session}`);
    const openDialog = () =>
      page.getByRole('button', { name: text('ja', 'outputs:section.post') }).click();
    await openDialog();
    const dialog = page.getByRole('dialog');
    const description = dialog.getByTestId('output-description');
    await description.waitFor();

    // The network goes away while the pupil writes: nothing can be saved, and the dialog says
    // the text waits on this device rather than that saving failed.
    await context.setOffline(true);
    const written = '電車の中で書きました。森を守るために、家で紙を大切に使いたいです。';
    await description.fill(written);
    const label = dialog.getByTestId('save-state');
    await expect.poll(() => label.getAttribute('data-state'), { timeout: 30_000 }).toBe('waiting');
    expect(await label.innerText()).toBe(text('ja', 'outputs:saveState.waiting'));
    expect(await axeFindings(page, { include: ['[role=dialog]'] })).toEqual([]);

    // Closed and opened again (still offline): the text is back, from this device.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await openDialog();
    await expect.poll(() => description.inputValue(), { timeout: 10_000 }).toBe(written);
    await dialog.getByText(text('ja', 'outputs:unsent.restored')).waitFor();

    // Back online: autosave sends it as the draft, and the device's copy is dropped.
    await context.setOffline(false);
    await expect
      .poll(() => label.innerText(), { timeout: 30_000 })
      .toBe(text('ja', 'outputs:saveState.autosaved'));
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.startsWith('tomoni.output.unsent')),
      ),
    ).toEqual([]);
    const token = await page.evaluate(() => localStorage.getItem('ROOT.TOKEN'));
    const { items } = (await (
      await fetch(`${app.server.url}/v1/session/${session}/outputs`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { items: Array<{ status: string; description: string; user: { id: string } }> };
    expect(
      items.filter((o) => o.user.id === 'student07').map((o) => [o.status, o.description]),
    ).toEqual([['autosaved', written]]);
    await context.close();
  });

  it('downloads an archive, plays it with no network (chapter, Japanese captions), lists it and deletes it', async () => {
    const { context, page } = await teacher();
    await page.goto(`${app.server.url}/session/${OCEAN}/watch/?lang=ja`);
    await workerInControl(page);
    // The worker precached what a learner needs offline, and not the staff pages.
    const precached = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith('workbox-precache'));
      const urls: string[] = [];
      for (const name of names)
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls.map((u) => new URL(u).pathname);
    });
    for (const learner of [/^\/index\.html$/, /\/watch-page-/, /\/hls-/, /\/settings-routes-/])
      expect(precached.some((p) => learner.test(p))).toBe(true);
    for (const staff of [
      /report-pages-/,
      /session-editor-page-/,
      /moderation-page-/,
      /index\.esm-/,
    ])
      expect(precached.filter((p) => staff.test(p))).toEqual([]);
    // A comment on the lesson before it is downloaded: the download keeps it.
    const comment = `オフラインでも見えるコメント ${Date.now()}`;
    await page.getByPlaceholder(text('ja', 'watch:comments.placeholder')).fill(comment);
    await page.getByRole('button', { name: text('ja', 'watch:comments.send') }).click();
    await page.getByTestId('live-comment').filter({ hasText: comment }).waitFor();
    await downloadButton(page).click();
    const item = panel(page).getByTestId('download-item');
    // The panel reaches 100 %.
    await item.getByText(text('ja', 'downloads:panel.complete')).waitFor({ timeout: 60_000 });
    expect(await item.getAttribute('data-status')).toBe('complete');
    expect(await item.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    // On a 360 px phone the finished item's 「一覧から消す」 is whole inside the panel (issue 30).
    await page.setViewportSize({ width: 360, height: 740 });
    const remove = item.getByRole('button', { name: text('ja', 'downloads:panel.remove') });
    await expect
      .poll(async () => {
        const [button, box] = [await remove.boundingBox(), await panel(page).boundingBox()];
        return button && box && button.x >= box.x && button.x + button.width <= box.x + box.width;
      })
      .toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    const { records, files } = await stored(page);
    expect(records).toHaveLength(1);
    expect(records[0]?.lang).toBe('ja');
    // Playlists, the session, its works, outputs, comments and vote tally, 30 segments,
    // captions, images.
    expect(files).toBeGreaterThanOrEqual(37);
    const size = records[0]?.size ?? 0;
    expect(size).toBeGreaterThan(1_000_000);

    // No network at all: the browser is offline and the server is gone.
    await context.setOffline(true);
    await app.server.stop();
    await page.reload();
    // The watch page shows its own offline notice, not the layout's banner as well (issue 24).
    await page.getByTestId('offline-notice').waitFor();
    expect(await page.getByTestId('offline-banner').count()).toBe(0);

    // Home with no network leads to the downloads from its offline notice (issue 24), and what
    // it cannot load says so instead of a skeleton that never ends.
    await page.goto(`${app.server.url}/`);
    const toDownloads = page
      .getByTestId('offline-banner')
      .getByRole('link', { name: text('ja', 'common:offlineDownloads') });
    await toDownloads.waitFor();
    await expect
      .poll(() =>
        page.locator('[data-testid="room-skeleton"], [data-testid="sessions-skeleton"]').count(),
      )
      .toBe(0);
    await toDownloads.click();
    await page.waitForURL(`${app.server.url}/setting/download`);

    // /setting/download lists it with its size in MB, floored to one decimal.
    await page.goto(`${app.server.url}/setting/download`);
    const row = page.getByTestId('downloaded-file');
    await row.waitFor();
    const mb = (Math.floor((size / (1024 * 1024)) * 10) / 10).toFixed(1);
    expect(await row.innerText()).toContain(text('ja', 'setting:download.size', { size: mb }));
    expect(await row.innerText()).toContain(text('ja', 'setting:download.lang.ja'));
    expect(await axeFindings(page)).toEqual([]);

    // The watch page plays it: to the chapter boundary at 15 s, with Japanese captions.
    await page.goto(`${app.server.url}/session/${OCEAN}/watch/?lang=ja`);
    await page.getByTestId('join').click();
    const chapter = page.getByTestId('overlay-chapter');
    await expect
      .poll(() => chapter.innerText(), { timeout: 30_000 })
      .toBe(text('ja', 'watch:overlay.chapter', { name: 'はじめに' }));
    const forward = page.getByRole('button', {
      name: text('ja', 'watch:host.forward', { seconds: '10' }),
    });
    await forward.click();
    // Playing from 0:10 (the solo viewer is their own host).
    const toggle = page.getByTestId('host-toggle');
    if ((await toggle.innerText()) === text('ja', 'watch:host.play')) await toggle.click();
    await expect
      .poll(() => chapter.innerText(), { timeout: 30_000 })
      .toBe(text('ja', 'watch:overlay.chapter', { name: '波の下の生き物たち' }));
    const playing = await page.evaluate(() => {
      const video = document.querySelector('video');
      const track = Array.from(video?.textTracks ?? []).find((t) => t.mode === 'showing');
      return {
        time: video?.currentTime ?? 0,
        paused: video?.paused,
        captionLang: track?.language,
        cues: track?.cues?.length ?? 0,
      };
    });
    expect(playing.time).toBeGreaterThanOrEqual(15);
    expect(playing.paused).toBe(false);
    expect(playing.captionLang).toBe('ja');
    expect(playing.cues).toBe(12);
    // The cue on screen (cues run 15.5–20 s, …) is Japanese.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const video = document.querySelector('video');
            const track = Array.from(video?.textTracks ?? []).find((t) => t.mode === 'showing');
            return Array.from(track?.activeCues ?? [])
              .map((c) => (c as VTTCue).text)
              .join('');
          }),
        { timeout: 10_000 },
      )
      .toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);

    // What the lesson shows besides the video came with it: the comment posted before the
    // download, and at the output moment (48–56 s) the work's questions in the output dialog.
    await page.getByTestId('live-comment').filter({ hasText: comment }).waitFor();
    if ((await toggle.innerText()) === text('ja', 'watch:host.pause')) await toggle.click();
    // The seek bar, clicked at 52 s of the video's length (a click seeks, like a drag's end).
    const duration = await page.evaluate(() => document.querySelector('video')?.duration ?? 0);
    expect(duration).toBeGreaterThan(56);
    const track = page
      .getByRole('slider', { name: text('ja', 'watch:host.seek') })
      .locator('xpath=ancestor::*[contains(@class, "mantine-Slider-trackContainer")][1]');
    const box = await track.boundingBox();
    if (!box) throw new Error('no seek bar');
    await page.mouse.click(box.x + (box.width * 52) / duration, box.y + box.height / 2);
    const prompt = page.getByTestId('overlay-output');
    await prompt.waitFor({ timeout: 30_000 });
    await prompt.getByRole('button', { name: text('ja', 'outputs:prompt.write') }).click();
    const dialog = page.getByTestId('output-dialog');
    await dialog.getByText('あなたのアイデア：海の生き物と私たちのくらし').waitFor();
    await dialog.getByText(text('ja', 'outputs:work.questions')).waitFor();
    expect(await dialog.getByText(text('ja', 'outputs:dialog.loadError')).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Deleted from /setting/download: gone from the list, and the storage estimate shrinks.
    const before = await page.evaluate(() =>
      navigator.storage.estimate().then((e) => e.usage ?? 0),
    );
    await page.goto(`${app.server.url}/setting/download`);
    await page
      .getByRole('button', {
        name: text('ja', 'setting:download.deleteLabel', {
          title: '海の生き物と私たちのくらし：海ごみを追った記録',
        }),
      })
      .click();
    await page.getByText(text('ja', 'setting:download.empty')).waitFor();
    expect(await stored(page)).toEqual({ files: 0, records: [] });
    // The quota system counts the freed space once nothing holds the files (a new page).
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.storage.estimate().then((e) => e.usage ?? 0)), {
        timeout: 30_000,
        interval: 1000,
      })
      .toBeLessThan(before - size / 2);
    await context.close();
  });
});
