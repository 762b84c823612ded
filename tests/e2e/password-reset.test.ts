import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/contracts/constants';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { demoAccount } from '../../src/server/seed/accounts';
import { useServerAndBrowser } from './support/app';
import { text } from './support/locales';
import { signIn } from './support/login';

const SHOTS = resolve(import.meta.dirname, '../../.tmp/shots');

// Issue 14, "What must be shown": a pupil's password-reset request reaches the teacher, who sets
// a new one; the pupil signs in with it.
describe('password reset through the teacher', () => {
  const app = useServerAndBrowser();

  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });

  it('the request reaches the group pane, the teacher sets a password, the pupil signs in with it', async () => {
    const pupil = 'student05';
    const newPassword = 'harbour-lantern-58';

    // The pupil, on the login page, asks for a new password.
    const pupilContext = await app.browser.newContext();
    const page = await pupilContext.newPage();
    await page.goto(`${app.server.url}/login`);
    await page.getByLabel(text('ja', 'login:accountName.label')).fill(pupil);
    await page.getByRole('button', { name: text('ja', 'login:passwordReset.open') }).click();
    const dialog = page.getByRole('dialog', { name: text('ja', 'login:passwordReset.title') });
    await dialog.waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/calls-reset-dialog-390.png` });
    // The account name typed on the page is carried over.
    expect(await dialog.getByLabel(text('ja', 'login:accountName.label')).inputValue()).toBe(pupil);
    await dialog.getByRole('button', { name: text('ja', 'login:passwordReset.submit') }).click();
    await dialog.getByText(text('ja', 'login:passwordReset.sent')).waitFor();
    await page.screenshot({ path: `${SHOTS}/calls-reset-sent-390.png` });
    await dialog.getByRole('button', { name: text('ja', 'login:passwordReset.done') }).click();
    await dialog.waitFor({ state: 'detached' });

    // The teacher sees it in the group pane and sets a new password.
    const teacherContext = await app.browser.newContext();
    const teacherPage = await teacherContext.newPage();
    await signIn(teacherPage, app.server.url, 'teacher', demoAccount('teacher').password);
    await teacherPage.waitForURL((url) => !url.pathname.startsWith('/login'));
    await teacherPage.goto(`${app.server.url}/setting/group/${DEMO_IDS.groups.class2a}`);
    await teacherPage.getByText(text('ja', 'setting:group.resetRequestsTitle')).waitFor();
    await teacherPage.setViewportSize({ width: 1280, height: 800 });
    await teacherPage.screenshot({ path: `${SHOTS}/calls-group-pane-request-1280.png` });
    const displayName = demoAccount(pupil).name;
    await teacherPage
      .getByRole('button', { name: text('ja', 'setting:group.resetFor', { name: displayName }) })
      .click();
    const modal = teacherPage.getByRole('dialog');
    await modal.waitFor();
    // Required fields carry Mantine's " *" in their accessible name.
    const labelled = (key: `${string}:${string}`) =>
      new RegExp(`^${text('ja', key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
    await modal.getByLabel(labelled('setting:password.new')).fill(newPassword);
    await modal.getByLabel(labelled('setting:password.confirm')).fill(newPassword);
    await modal.getByRole('button', { name: text('ja', 'setting:group.save') }).click();
    await teacherPage
      .getByText(text('ja', 'setting:group.changed', { name: displayName }))
      .waitFor();
    // Answered: the request is gone from the pane.
    await teacherPage
      .getByText(text('ja', 'setting:group.resetRequestsTitle'))
      .waitFor({ state: 'detached' });

    // The pupil signs in with the new password.
    await signIn(page, app.server.url, pupil, newPassword);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    expect(
      await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token),
    ).toBeTruthy();
    await pupilContext.close();
    await teacherContext.close();
  });
});
