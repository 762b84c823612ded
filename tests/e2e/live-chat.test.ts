import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthTokens } from '../../src/contracts/api/auth';
import { StreamResponse } from '../../src/contracts/stream';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { useServerAndBrowser } from './support/app';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { signIn } from './support/login';

// Issue 8, "what must be shown" (live chat): in a class room, a pupil's contact-sharing or
// abusive live comment never reaches the others; the host deletes an earlier comment and it
// disappears from every page without a reload; the host pauses comments and every pupil sees it.
// A classmate reports a comment through the report modal (axe on the page and the modal).

const SESSION_ID = DEMO_IDS.sessions.oceanLive;
const CONTACT = 'LINE交換しよう 090-1111-2222';
/** Caught once the screening branch (abuse and bullying) is merged. */
const ABUSE = 'Haruto死ね';

interface Viewer {
  name: string;
  context: BrowserContext;
  page: Page;
}

describe('live comments in a room', () => {
  const app = useServerAndBrowser({}, { snapshotClient: true });
  let roomId: string;
  let host: Viewer;
  let author: Viewer;
  let classmate: Viewer;
  const pageLog: string[] = [];

  beforeAll(async () => {
    // The teacher's room for Class 2-A (the rooms test drives this form; here it is the setup).
    const login = await fetch(`${app.server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'teacher', password: demoAccount('teacher').password }),
    });
    const { token } = AuthTokens.parse(await login.json());
    const res = await fetch(`${app.server.url}/v1/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        sessionId: SESSION_ID,
        name: 'Chat check',
        lang: 'ja',
        groupIds: [DEMO_IDS.groups.class2a],
        settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
      }),
    });
    expect(res.status).toBe(200);
    roomId = StreamResponse.parse(await res.json()).item.id;
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    console.log(pageLog.slice(-40).join('\n'));
    for (const v of [host, author, classmate]) {
      await v?.page.screenshot({ path: `/tmp/lc/${v.name}-${task.name.slice(0, 12)}.png` });
    }
  });

  /** Signs in through the form, opens the room's watch page and taps join. */
  async function inRoom(account: string): Promise<Viewer> {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') pageLog.push(`[${account}] ${m.text()}`);
    });
    page.on('pageerror', (e) => pageLog.push(`[${account}] pageerror: ${e.message}`));
    await page.addLocatorHandler(
      page.getByRole('dialog', { name: text('ja', 'notifications:title') }),
      async (dialog) => {
        await dialog
          .getByRole('button', { name: text('ja', 'notifications:ok'), exact: true })
          .click();
      },
    );
    await signIn(page, app.server.url, account, demoAccount(account).password);
    await page.waitForURL(`${app.server.url}/`);
    await page.goto(`${app.server.url}/session/${SESSION_ID}/watch/?stream=${roomId}`);
    await page.getByTestId('join').click();
    await page.getByTestId('join').waitFor({ state: 'detached' });
    return { name: account, context, page };
  }

  const panel = (v: Viewer) =>
    v.page.getByRole('region', { name: text('ja', 'watch:comments.title') });
  const box = (v: Viewer) =>
    panel(v).getByLabel(text('ja', 'watch:comments.label'), { exact: true });
  const comment = (v: Viewer, content: string) =>
    panel(v).getByTestId('live-comment').filter({ hasText: content });

  async function send(v: Viewer, content: string) {
    await box(v).fill(content);
    await panel(v)
      .getByRole('button', { name: text('ja', 'watch:comments.send'), exact: true })
      .click();
  }

  /** Opens a comment's ⋯ menu and picks one of its items. */
  async function commentAction(
    v: Viewer,
    content: string,
    authorAccount: string,
    key: 'report' | 'remove',
  ) {
    const name = demoAccount(authorAccount).displayName;
    await comment(v, content)
      .getByRole('button', { name: text('ja', 'watch:comments.actions', { name }) })
      .click();
    await v.page.getByRole('menuitem', { name: text('ja', `watch:comments.${key}`) }).click();
  }

  const EARLIER = 'はじめまして、よろしく';

  /** The host's pause switch (it turns once the server has stored the change). */
  const pauseSwitch = () =>
    panel(host).getByRole('switch', { name: text('ja', 'watch:comments.pauseSwitch') });

  /**
   * axe on the comments panel and any open dialog (the rest of the watch page is the rooms
   * test's; its sync badge's contrast is a known finding outside this part).
   */
  const axe = (page: Page) =>
    axeFindings(page, {
      include: ['section[aria-labelledby="comments-title"]', '[role="dialog"]'],
    });

  it('brings the host and two pupils into the room; a comment reaches everyone live', async () => {
    [host, author, classmate] = await Promise.all([
      inRoom('teacher'),
      inRoom('student01'),
      inRoom('student02'),
    ]);
    await send(author, EARLIER);
    await Promise.all([host, author, classmate].map((v) => comment(v, EARLIER).waitFor()));
  });

  it("never shows a pupil's contact-sharing or abusive comment to the others", async () => {
    for (const bad of [CONTACT, ABUSE]) {
      await send(author, bad);
      // The author is told why, in their language, and keeps what they typed.
      await panel(author).getByText(text('ja', 'watch:comments.refused')).waitFor();
      expect(await box(author).inputValue()).toBe(bad);
      // A later comment reaches every page: the refused one, sent before it, never did.
      const marker = `次の話 ${bad.length}`;
      await send(classmate, marker);
      await Promise.all([host, author, classmate].map((v) => comment(v, marker).waitFor()));
      for (const v of [host, classmate]) {
        expect(await comment(v, bad).count(), `${v.name} sees ${bad}`).toBe(0);
      }
      await box(author).fill('');
      await panel(author).getByText(text('ja', 'watch:comments.refused')).waitFor({
        state: 'detached',
      });
    }
  });

  it('lets a classmate report a comment through the report modal (axe clean)', async () => {
    await commentAction(classmate, EARLIER, 'student01', 'report');
    const dialog = classmate.page.getByRole('dialog', {
      name: text('ja', 'feedback:report.title'),
    });
    await dialog.waitFor();
    const findings = await axe(classmate.page);
    expect(findings).toEqual([]);
    await dialog.getByRole('textbox').fill('いやな言い方です');
    await dialog.getByRole('button', { name: text('ja', 'feedback:report.submit') }).click();
    const done = classmate.page.getByRole('dialog', {
      name: text('ja', 'feedback:report.successTitle'),
    });
    await done.waitFor();
    await done
      .getByRole('button', { name: text('ja', 'feedback:report.close') })
      .last()
      .click();
    await done.waitFor({ state: 'detached' });

    // The teacher finds it in /moderation with the reason (in another tab; the room stays open).
    const staffPage = await host.context.newPage();
    await staffPage.goto(`${app.server.url}/moderation`);
    const card = staffPage.getByRole('article', {
      name: `${text('ja', 'moderation:commentReports.type')}: ${demoAccount('student01').displayName}`,
    });
    await card.filter({ hasText: EARLIER }).waitFor();
    await card
      .filter({
        hasText: text('ja', 'moderation:commentReports.reason', { reason: 'いやな言い方です' }),
      })
      .waitFor();
    await staffPage.close();
  });

  it("lets the host take a pupil's comment down with a reason: it disappears from every page, no reload", async () => {
    await commentAction(host, EARLIER, 'student01', 'remove');
    const confirm = host.page.getByRole('dialog', {
      name: text('ja', 'moderation:reports.remove'),
    });
    await confirm
      .getByRole('combobox', { name: text('ja', 'moderation:reports.reasonLabel'), exact: true })
      .click();
    await host.page
      .getByRole('option', { name: text('ja', 'moderation:reasons.offTopic') })
      .click();
    await confirm
      .getByRole('button', { name: text('ja', 'moderation:reports.confirmRemove') })
      .click();
    await confirm.waitFor({ state: 'hidden' });
    await Promise.all(
      [host, author, classmate].map((v) => comment(v, EARLIER).waitFor({ state: 'detached' })),
    );
  });

  it('lets the host pause comments: every pupil sees it live and cannot send', async () => {
    await pauseSwitch().click();
    await expect.poll(() => pauseSwitch().isChecked()).toBe(true);
    for (const v of [author, classmate]) {
      await panel(v).getByText(text('ja', 'watch:comments.paused')).waitFor();
      expect(await box(v).isDisabled()).toBe(true);
    }
    const findings = await axe(author.page);
    expect(findings).toEqual([]);
    await pauseSwitch().click();
    await expect.poll(() => pauseSwitch().isChecked()).toBe(false);
    for (const v of [author, classmate]) {
      await panel(v).getByText(text('ja', 'watch:comments.paused')).waitFor({ state: 'detached' });
      expect(await box(v).isDisabled()).toBe(false);
    }
    await send(author, 'また話せるね');
    await comment(classmate, 'また話せるね').waitFor();
  });

  it('tells a pupil who goes offline, refuses a comment with a message and keeps it (issue 9, item 20)', async () => {
    await classmate.context.setOffline(true);
    await classmate.page.getByTestId('offline-notice').waitFor();
    const draft = 'オフラインで書いたコメント';
    await send(classmate, draft);
    const error = panel(classmate).getByTestId('comment-error');
    await error.waitFor();
    expect(await error.innerText()).toBe(text('ja', 'watch:comments.offline'));
    expect(await box(classmate).inputValue()).toBe(draft);
    await classmate.context.setOffline(false);
    await classmate.page.getByTestId('offline-notice').waitFor({ state: 'detached' });
    await panel(classmate)
      .getByRole('button', { name: text('ja', 'watch:comments.send'), exact: true })
      .click();
    await comment(author, draft).waitFor();
  });
});
