import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AuthTokens } from '../../src/contracts/api/auth';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { useServerAndBrowser } from './support/app';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { signIn } from './support/login';

// Issue 26, "what must be shown": a pupil reports a published feedback; it appears in the
// teacher's queue; the teacher removes it; it is gone from the recipient's home, activity feed
// and notifications. The feedback is the demo's: student04's on student03's output in the ocean
// archive, six days old, so it is in student03's activity and notifications from the start.

const SESSION = DEMO_IDS.sessions.oceanArchive;
const RECIPIENT = 'student03';
const WRITER = 'student04';

describe('a teacher takes down a reported feedback (issue 26)', { timeout: 240_000 }, () => {
  const app = useServerAndBrowser();

  async function signedIn(account: string, viewport = { width: 1280, height: 900 }) {
    const context = await app.browser.newContext({ viewport });
    const page = await context.newPage();
    // The daily notifications popup is answered whenever it shows.
    await page.addLocatorHandler(
      page.getByRole('dialog', { name: text('ja', 'notifications:title') }),
      async (dialog) => {
        await dialog
          .getByRole('button', { name: text('ja', 'notifications:ok'), exact: true })
          .click();
      },
    );
    await signIn(page, app.server.url, account, demoAccount(account).password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return { context, page };
  }

  async function api(account: string, path: string): Promise<string> {
    const login = await fetch(`${app.server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account, password: demoAccount(account).password }),
    });
    const { token } = AuthTokens.parse(await login.json());
    const res = await fetch(`${app.server.url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return res.text();
  }

  /** The session's feedback viewer, stepped to the recipient's own output. */
  async function viewerOnOwnOutput(page: Page) {
    await page.goto(`${app.server.url}/session/${SESSION}`);
    const opener = text('ja', 'feedback:outputs.open', { count: 'COUNT' }).split('COUNT')[0]!;
    await page.getByRole('button', { name: new RegExp(`^${opener}`) }).click();
    const dialog = page.getByRole('dialog');
    const next = dialog.getByRole('button', { name: text('ja', 'feedback:viewer.next') });
    const author = dialog.getByRole('link', {
      name: demoAccount(RECIPIENT).displayName,
      exact: true,
    });
    for (let i = 0; i < 30; i += 1) {
      await dialog.getByTestId('output-description').waitFor();
      if ((await author.count()) > 0) return dialog;
      await next.click();
    }
    throw new Error('no output of the recipient in the viewer');
  }

  interface Notice {
    type: string;
    count: number;
    items: { session?: { id: string } };
    payload?: { id?: string };
  }
  /** The recipient's "new feedback received" notification for the ocean archive. */
  async function feedbackNotice(): Promise<Notice | undefined> {
    const { items } = JSON.parse(await api(RECIPIENT, '/v1/notifications')) as { items: Notice[] };
    return items.find((n) => n.type === 'replyToMyOutput' && n.items.session?.id === SESSION);
  }

  const activity = (page: Page) =>
    page.getByRole('region', { name: text('ja', 'profile:activity.title') });

  it('reaches the queue when a pupil reports it, and once removed leaves every feed', async () => {
    const pupil = await signedIn(RECIPIENT);
    const dialog = await viewerOnOwnOutput(pupil.page);
    const target = dialog
      .locator('[data-feedback-id]', { hasText: demoAccount(WRITER).displayName })
      .first();
    const feedbackId = (await target.getAttribute('data-feedback-id'))!;
    const words = (await target.getByTestId('feedback-content').innerText()).trim();
    expect(words.length).toBeGreaterThan(3);

    // Before: the recipient's home activity and their notifications have it.
    await pupil.page.goto(`${app.server.url}/`);
    await activity(pupil.page).getByText(words).first().waitFor();
    const before = await feedbackNotice();
    expect(before?.payload?.id).toBe(feedbackId);

    // The pupil reports it from the viewer.
    const again = await viewerOnOwnOutput(pupil.page);
    await again
      .locator(`[data-feedback-id="${feedbackId}"]`)
      .getByRole('button', { name: text('ja', 'feedback:list.report') })
      .click();
    const modal = pupil.page.getByRole('dialog', { name: text('ja', 'feedback:report.title') });
    await modal.getByRole('textbox').fill('ひどいことを言われました');
    await modal.getByRole('button', { name: text('ja', 'feedback:report.submit') }).click();
    await pupil.page
      .getByRole('dialog', { name: text('ja', 'feedback:report.successTitle') })
      .waitFor();

    // The teacher's queue lists it with the report; the teacher removes it with a reason.
    const teacher = await signedIn('teacher');
    await teacher.page.goto(`${app.server.url}/moderation`);
    const card = teacher.page
      .locator(
        `[aria-label="${text('ja', 'moderation:type.feedback')}: ${demoAccount(WRITER).displayName}"]`,
      )
      .filter({ hasText: 'ひどいことを言われました' });
    await card.first().waitFor();
    const findings = await axeFindings(teacher.page);
    await card
      .first()
      .getByRole('button', { name: text('ja', 'moderation:reports.remove'), exact: true })
      .click();
    const confirm = teacher.page.getByRole('dialog', {
      name: text('ja', 'moderation:reports.remove'),
    });
    await confirm
      .getByRole('button', { name: text('ja', 'moderation:reports.confirmRemove') })
      .click();
    await confirm.waitFor({ state: 'hidden' });
    await teacher.page.getByText('ひどいことを言われました').waitFor({ state: 'detached' });
    expect(findings).toEqual([]);

    // After: gone from the recipient's home activity, their own page and their notifications.
    await pupil.page.goto(`${app.server.url}/`);
    await activity(pupil.page).waitFor();
    await expect
      .poll(() => activity(pupil.page).getByText(words).count(), { timeout: 10_000 })
      .toBe(0);
    const me = JSON.parse(await api(RECIPIENT, '/v1/me')) as { item: { _id: string } };
    await pupil.page.goto(`${app.server.url}/user/${me.item._id}`);
    await activity(pupil.page).waitFor();
    expect(await activity(pupil.page).getByText(words).count()).toBe(0);
    // The notification for that output now counts one feedback fewer, and is not this one.
    const after = await feedbackNotice();
    expect(after?.payload?.id).not.toBe(feedbackId);
    expect(after?.count ?? 0).toBe(before!.count - 1);
    // And from the output's feedback list.
    const list = await viewerOnOwnOutput(pupil.page);
    expect(await list.locator(`[data-feedback-id="${feedbackId}"]`).count()).toBe(0);
    await Promise.all([pupil.context.close(), teacher.context.close()]);
  });

  /** The removal dialog: a preset reason, then confirm; it closes once the server took it. */
  async function removeWithReason(page: Page, reason: string) {
    const confirm = page.getByRole('dialog', { name: text('ja', 'moderation:reports.remove') });
    await confirm
      .getByRole('combobox', { name: text('ja', 'moderation:reports.reasonLabel'), exact: true })
      .click();
    await page.getByRole('option', { name: text('ja', `moderation:reasons.${reason}`) }).click();
    await confirm
      .getByRole('button', { name: text('ja', 'moderation:reports.confirmRemove') })
      .click();
    await confirm.waitFor({ state: 'hidden' });
  }

  it('lets staff take a post down where they see it, and its author reads why', async () => {
    const teacher = await signedIn('teacher');

    // A feedback, from the session's output viewer (no report needed).
    await teacher.page.goto(`${app.server.url}/session/${SESSION}`);
    const opener = text('ja', 'feedback:outputs.open', { count: 'COUNT' }).split('COUNT')[0]!;
    await teacher.page.getByRole('button', { name: new RegExp(`^${opener}`) }).click();
    const viewer = teacher.page.getByRole('dialog');
    const removable = viewer.locator('[data-feedback-id]', {
      has: teacher.page.getByRole('button', { name: text('ja', 'feedback:list.remove') }),
    });
    await removable.first().waitFor();
    const feedbackId = (await removable.first().getAttribute('data-feedback-id'))!;
    await removable
      .first()
      .getByRole('button', { name: text('ja', 'feedback:list.remove') })
      .click();
    await removeWithReason(teacher.page, 'offTopic');
    // Staff still see it, marked as not shared (its author and staff only).
    await viewer
      .locator(`[data-feedback-id="${feedbackId}"]`)
      .getByTestId('not-published')
      .waitFor();

    // A pupil's reflection, from the pupil's own page.
    const author = JSON.parse(await api('student02', '/v1/me')) as { item: { _id: string } };
    await teacher.page.goto(`${app.server.url}/user/${author.item._id}`);
    await teacher.page.getByRole('tab', { name: text('ja', 'profile:tabs.reflections') }).click();
    const reflection = teacher.page
      .getByRole('listitem')
      .filter({ hasText: 'The ocean is connected to everything we do.' });
    await reflection
      .getByRole('button', { name: text('ja', 'profile:reflection.remove'), exact: true })
      .click();
    await removeWithReason(teacher.page, 'personalInfo');
    await reflection.waitFor({ state: 'detached' });

    // Its author sees it is not shared and why, in words for a 13-year-old, in their language.
    const pupil = await signedIn('student02');
    await pupil.page.goto(`${app.server.url}/user/${author.item._id}`);
    await pupil.page.getByRole('tab', { name: text('ja', 'profile:tabs.reflections') }).click();
    const notice = pupil.page.getByTestId('not-published');
    await notice.getByText(text('ja', 'feedback:notPublished.reason.personalInfo')).waitFor();
    const findings = await axeFindings(pupil.page);
    expect(findings).toEqual([]);

    // A held post rejected in the queue carries the reason the teacher picked.
    await teacher.page.goto(`${app.server.url}/moderation`);
    const held = teacher.page.getByRole('article').filter({
      has: teacher.page.getByRole('button', { name: text('ja', 'moderation:reject') }),
    });
    await held.first().waitFor();
    await held
      .first()
      .getByRole('combobox', { name: text('ja', 'moderation:rejectReason'), exact: true })
      .click();
    await teacher.page
      .getByRole('option', { name: text('ja', 'moderation:reasons.unkind') })
      .click();
    await held
      .first()
      .getByRole('button', { name: text('ja', 'moderation:reject') })
      .click();
    await expect
      .poll(async () => {
        const queue = JSON.parse(await api('teacher', '/v1/moderation/queue')) as {
          decisions: { decision: string; reason?: string | null }[];
        };
        return queue.decisions.some((d) => d.decision === 'reject' && d.reason === 'unkind');
      })
      .toBe(true);
    await Promise.all([teacher.context.close(), pupil.context.close()]);
  });
});
