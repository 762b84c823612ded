import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '../../src/contracts/entities';
import { shouldShowConsentBanner } from '../../src/features/consent/consent-rules';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { useServerAndBrowser } from './support/app';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { signIn } from './support/login';

const SHOTS = '/tmp/shots-admin';
const WIDTHS = [1280, 390] as const;

// Issue 24, the staff-side gaps: staff edit and withdraw a news item and a pupil stops seeing it;
// the provider's admin answers and archives a contact message; a teacher makes a class, moves a
// pupil into it (the pupil's class changes) and sees unlock only for a locked-out pupil.
describe('staff: news, contact inbox, classes', { timeout: 300_000 }, () => {
  const app = useServerAndBrowser();

  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });

  async function api(account: string) {
    const login = await fetch(`${app.server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account, password: demoAccount(account).password }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const me = (
      (await (await fetch(`${app.server.url}/v1/me`, { headers })).json()) as { item: Me }
    ).item;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${app.server.url}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(200);
      return res.json() as Promise<Record<string, unknown>>;
    };
    return { me, call };
  }

  async function signedIn(account: string, lang: 'ja' | 'en'): Promise<Page> {
    const { me, call } = await api(account);
    await call('PUT', `/v1/user/${me._id}`, { lang });
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, app.server.url, account, demoAccount(account).password, { lang: 'ja' });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    if (shouldShowConsentBanner(me, new URL(page.url()).pathname, new Date())) {
      const banner = page.getByRole('region', { name: text(lang, 'consent:title') });
      await banner
        .getByRole('button', { name: text(lang, 'consent:approve'), exact: true })
        .click();
      await banner.waitFor({ state: 'detached' });
    }
    return page;
  }

  async function shots(page: Page, name: string) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  /** One screenshot at the current width (a settings pane remounts on a resize, closing its dialog). */
  async function shot(page: Page, name: string) {
    const width = page.viewportSize()?.width ?? 1280;
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }

  const dialogOf = (page: Page): Locator => page.getByRole('dialog');
  /** The open dialog once its entrance transition has finished (screenshots show it whole). */
  async function settledDialog(page: Page): Promise<Locator> {
    const dialog = dialogOf(page);
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    return dialog;
  }

  it('staff edit and withdraw a news item, and the pupil no longer sees it', async () => {
    const teacherApi = await api('teacher');
    const title = 'Library closed on Monday';
    await teacherApi.call('POST', '/v0/articles', {
      title,
      body: 'Return your books by Friday.',
      publish: true,
    });
    await teacherApi.call('POST', '/v0/articles', {
      title: 'Choir practice after school',
      body: 'Music room, 15:30.',
      publish: true,
    });

    const pupil = await signedIn('student01', 'ja');
    const news = pupil.getByRole('region', { name: text('ja', 'home:news.title') });
    await news.getByText(title).waitFor();

    const teacher = await signedIn('teacher', 'ja');
    await teacher.goto(`${app.server.url}/news`);
    const list = teacher.getByRole('region', { name: text('ja', 'news:publish.listTitle') });
    await list.getByText(title).waitFor();

    // Edit: the dialog opens with the text, and the new title replaces the old one.
    const edited = `${title} (updated)`;
    await list.getByRole('button', { name: text('ja', 'news:manage.editOf', { title }) }).click();
    const edit = await settledDialog(teacher);
    const titleBox = edit.getByRole('textbox', { name: text('ja', 'news:publish.titleLabel') });
    expect(await titleBox.inputValue()).toBe(title);
    await titleBox.fill(edited);
    await shots(teacher, 'news-edit-ja');
    await edit.getByRole('button', { name: text('ja', 'news:manage.save') }).click();
    await edit.waitFor({ state: 'detached' });
    await list.getByText(edited).waitFor();

    // Withdraw asks first; cancel keeps it published.
    const withdrawButton = list.getByRole('button', {
      name: text('ja', 'news:manage.withdrawOf', { title: edited }),
    });
    await withdrawButton.click();
    const confirm = await settledDialog(teacher);
    await confirm.getByText(text('ja', 'news:manage.withdrawConfirm', { title: edited })).waitFor();
    expect(await axeFindings(teacher)).toEqual([]);
    await shots(teacher, 'news-withdraw-confirm-ja');
    await teacher.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await withdrawButton.click();
    await dialogOf(teacher)
      .getByRole('button', { name: text('ja', 'news:manage.withdraw') })
      .click();
    await teacher.getByText(text('ja', 'news:manage.withdrawn', { title: edited })).waitFor();
    await list.getByText(text('ja', 'news:manage.withdrawnBadge')).waitFor();
    await list
      .getByRole('button', { name: text('ja', 'news:manage.publishOf', { title: edited }) })
      .waitFor();
    expect(await axeFindings(teacher)).toEqual([]);
    await shots(teacher, 'news-list-ja');

    // The pupil's home reads again: the withdrawn item is gone, the other one stays.
    await pupil.reload();
    await news.getByText('Choir practice after school').waitFor();
    expect(await news.getByText(edited).count()).toBe(0);
    expect(await news.getByText(title, { exact: true }).count()).toBe(0);

    const staffEn = await signedIn('staff', 'en');
    await staffEn.goto(`${app.server.url}/news`);
    const listEn = staffEn.getByRole('region', { name: text('en', 'news:publish.listTitle') });
    await listEn.getByText(text('en', 'news:manage.withdrawnBadge')).waitFor();
    expect(await axeFindings(staffEn)).toEqual([]);
    await shots(staffEn, 'news-list-en');
    await listEn
      .getByRole('button', {
        name: text('en', 'news:manage.withdrawOf', { title: 'Choir practice after school' }),
      })
      .click();
    await (
      await settledDialog(staffEn)
    )
      .getByText(text('en', 'news:manage.withdrawTitle'))
      .waitFor();
    await shots(staffEn, 'news-withdraw-confirm-en');
    await Promise.all([pupil, teacher, staffEn].map((p) => p.context().close()));
  });

  it('the admin answers and archives a contact message', async () => {
    const pupilApi = await api('student02');
    const subject = 'I cannot see my output';
    await pupilApi.call('POST', '/v0/inquiry', {
      subject: 'Video has no sound',
      body: 'The ocean session has no sound on my tablet.',
    });
    await pupilApi.call('POST', '/v0/inquiry', {
      subject,
      body: 'I posted yesterday but it is not on my page.',
      email: 'pupil@example.com',
    });

    const admin = await signedIn('admin', 'ja');
    await admin.goto(`${app.server.url}/moderation`);
    const inbox = admin.getByRole('region', { name: text('ja', 'news:inbox.title') });
    const item = inbox.getByRole('listitem').filter({ hasText: subject });
    await item.getByText(text('ja', 'news:inbox.openBadge')).waitFor();
    await item
      .getByRole('button', { name: text('ja', 'news:inbox.answerOf', { subject }) })
      .click();
    const note = item.getByRole('textbox', { name: text('ja', 'news:inbox.answerLabel') });
    await note.fill('It was waiting for a teacher. It is published now.');
    await shots(admin, 'inbox-answer-ja');
    await item.getByRole('button', { name: text('ja', 'news:inbox.send') }).click();
    await admin.getByText(text('ja', 'news:inbox.answered')).waitFor();
    await item.getByText(text('ja', 'news:inbox.answeredBadge')).waitFor();
    await item.getByText('It was waiting for a teacher. It is published now.').waitFor();
    // Open messages come first: the unanswered one is now above the answered one.
    const order = await inbox.getByRole('listitem').allTextContents();
    expect(order.findIndex((s) => s.includes('Video has no sound'))).toBeLessThan(
      order.findIndex((s) => s.includes(subject)),
    );
    expect(await axeFindings(admin)).toEqual([]);
    await shots(admin, 'inbox-ja');

    // Archive asks first, then the message leaves the inbox for the archived filter.
    await item
      .getByRole('button', { name: text('ja', 'news:inbox.archiveOf', { subject }) })
      .click();
    const confirm = await settledDialog(admin);
    await confirm.getByText(text('ja', 'news:inbox.archiveConfirm', { subject })).waitFor();
    await shots(admin, 'inbox-archive-confirm-ja');
    await confirm.getByRole('button', { name: text('ja', 'news:inbox.archive') }).click();
    await admin.getByText(text('ja', 'news:inbox.archivedDone')).waitFor();
    await item.waitFor({ state: 'detached' });
    await inbox
      .getByRole('radiogroup', { name: text('ja', 'news:inbox.filter') })
      .getByText(text('ja', 'news:inbox.archived'), { exact: true })
      .click();
    await inbox.getByRole('listitem').filter({ hasText: subject }).waitFor();
    expect(await axeFindings(admin)).toEqual([]);
    await shots(admin, 'inbox-archived-ja');
    await admin.context().close();

    const adminEn = await signedIn('admin', 'en');
    await adminEn.goto(`${app.server.url}/moderation`);
    const inboxEn = adminEn.getByRole('region', { name: text('en', 'news:inbox.title') });
    await inboxEn.getByText('Video has no sound').waitFor();
    expect(await axeFindings(adminEn)).toEqual([]);
    await shots(adminEn, 'inbox-en');
    await adminEn.context().close();
  });

  it('a teacher makes a class and moves a pupil into it; unlock shows only for a locked-out pupil', async () => {
    // A pupil types a wrong password too often: only that row offers unlock.
    for (let i = 0; i < 12; i++) {
      await fetch(`${app.server.url}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'student09', password: 'not-my-password' }),
      });
    }
    const locked = demoAccount('student09');
    const pupil = demoAccount('student05');

    const teacher = await signedIn('teacher', 'ja');
    await teacher.goto(`${app.server.url}/setting/group/${DEMO_IDS.groups.class2a}`);
    const table = teacher.getByRole('table', { name: text('ja', 'setting:group.members') });
    await table.getByText(pupil.name).waitFor();
    const unlocks = table.getByRole('button', { name: text('ja', 'setting:group.unlock') });
    expect(await unlocks.count()).toBe(1);
    await table
      .getByRole('button', { name: text('ja', 'setting:group.unlockOf', { name: locked.name }) })
      .waitFor();
    expect(await axeFindings(teacher)).toEqual([]);
    await shots(teacher, 'group-ja');

    // Make a class under the grade; the pane opens on it (empty).
    await teacher.getByRole('button', { name: text('ja', 'setting:group.createClass') }).click();
    const create = await settledDialog(teacher);
    await create
      .getByRole('textbox', { name: text('ja', 'setting:group.className') })
      .fill('Class 2-C');
    await shot(teacher, 'group-create-ja');
    await create.getByRole('button', { name: text('ja', 'setting:group.create') }).click();
    await teacher
      .getByText(text('ja', 'setting:group.classCreated', { name: 'Class 2-C' }))
      .waitFor();
    await teacher.getByText(text('ja', 'setting:group.membersEmpty')).waitFor();
    const newClassUrl = teacher.url();

    // Move the pupil from Class 2-A into it: choose, then confirm.
    await teacher.goto(`${app.server.url}/setting/group/${DEMO_IDS.groups.class2a}`);
    await table
      .getByRole('button', { name: text('ja', 'setting:group.moveOf', { name: pupil.name }) })
      .click();
    const move = await settledDialog(teacher);
    await move.getByRole('combobox', { name: text('ja', 'setting:group.moveTo') }).click();
    await teacher.getByRole('option', { name: 'Class 2-C' }).click();
    await move.getByRole('button', { name: text('ja', 'setting:group.next') }).click();
    await move
      .getByText(
        text('ja', 'setting:group.moveConfirm', {
          name: pupil.name,
          from: 'Class 2-A',
          to: 'Class 2-C',
        }),
      )
      .waitFor();
    expect(await axeFindings(teacher)).toEqual([]);
    await shot(teacher, 'group-move-confirm-ja');
    await move.getByRole('button', { name: text('ja', 'setting:group.moveDo') }).click();
    await teacher
      .getByText(text('ja', 'setting:group.moved', { name: pupil.name, group: 'Class 2-C' }))
      .waitFor();
    await table.getByText(pupil.name).waitFor({ state: 'detached' });

    // Add another pupil of the school to the new class (they stay in Class 2-A too).
    await teacher.goto(newClassUrl);
    await teacher.getByText(pupil.name).waitFor();
    await teacher.getByRole('button', { name: text('ja', 'setting:group.addPupil') }).click();
    const add = await settledDialog(teacher);
    const picker = add.getByRole('combobox', { name: text('ja', 'setting:group.pupil') });
    await picker.fill('Mei');
    await teacher.getByRole('option', { name: /Mei Demo/ }).click();
    await add
      .getByText(text('ja', 'setting:group.addKeepsOther', { groups: 'Class 2-A' }))
      .waitFor();
    await shot(teacher, 'group-add-ja');
    // A window narrowed past the phone breakpoint and back keeps the dialog and the choice.
    await teacher.setViewportSize({ width: 390, height: 844 });
    await add
      .getByText(text('ja', 'setting:group.addKeepsOther', { groups: 'Class 2-A' }))
      .waitFor();
    await teacher.setViewportSize({ width: 1280, height: 800 });
    await add.getByRole('button', { name: text('ja', 'setting:group.add') }).click();
    await teacher
      .getByRole('table', { name: text('ja', 'setting:group.members') })
      .getByText(demoAccount('student06').name)
      .waitFor();
    expect(await axeFindings(teacher)).toEqual([]);
    await shots(teacher, 'group-new-class-ja');
    await teacher.context().close();

    // The pupil's own class is now Class 2-C.
    const moved = await api('student05');
    expect(moved.me.groups.map((g) => g.name)).toEqual(['Class 2-C']);

    const teacherEn = await signedIn('teacher', 'en');
    await teacherEn.goto(`${app.server.url}/setting/group/${DEMO_IDS.groups.class2a}`);
    const tableEn = teacherEn.getByRole('table', { name: text('en', 'setting:group.members') });
    await tableEn.getByText(locked.name).waitFor();
    expect(await axeFindings(teacherEn)).toEqual([]);
    await shots(teacherEn, 'group-en');
    // The move dialog in English, at both widths.
    for (const width of [390, 1280]) {
      await teacherEn.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await tableEn
        .getByRole('button', {
          name: text('en', 'setting:group.moveOf', { name: demoAccount('student07').name }),
        })
        .click();
      const moveEn = await settledDialog(teacherEn);
      await moveEn.getByRole('combobox', { name: text('en', 'setting:group.moveTo') }).click();
      await teacherEn.getByRole('option', { name: 'Class 2-C' }).click();
      await moveEn.getByRole('button', { name: text('en', 'setting:group.next') }).click();
      await moveEn.getByText(text('en', 'setting:group.moveConfirmTitle')).waitFor();
      expect(await axeFindings(teacherEn)).toEqual([]);
      await shot(teacherEn, 'group-move-confirm-en');
      await moveEn.getByRole('button', { name: text('en', 'setting:group.back') }).click();
      await teacherEn.keyboard.press('Escape');
      await moveEn.waitFor({ state: 'detached' });
    }
    await teacherEn.context().close();
  });
});
