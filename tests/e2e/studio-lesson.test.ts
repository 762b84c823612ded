import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { demoAccount } from '../../src/server/seed/accounts';
import { useServerAndBrowser } from './support/app';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { signIn } from './support/login';

// Issue 24: a teacher's own lesson — its own uploaded picture and its own question, never
// another lesson's — previewed before it is published, and read in English by a pupil who reads
// in English. The studio's screens are shot in ja and en at 1280 and 390, axe-clean.

const SHOTS = '/tmp/shots-studio';
const WIDTHS = [1280, 390] as const;
const TITLE = 'わたしたちの川';
const TITLE_EN = 'Our river';
const WORK = '川を守るには？';
const WORK_EN = 'How can we protect the river?';
const PROMPT = '今日からできることを書こう';
const PROMPT_EN = 'Write what you can do from today';
const CHAPTER = 'はじめに';
const CHAPTER_EN = 'Introduction';
const VOTE = 'どちらに行きたい？';
const VOTE_EN = 'Where would you like to go?';

describe('a teacher’s own lesson in the studio', { timeout: 300_000 }, () => {
  const app = useServerAndBrowser();
  const work = mkdtempSync(join(tmpdir(), 'tomoni-studio-lesson-'));
  const pageLog: string[] = [];
  const axeChecked: string[] = [];
  let sessionId = '';
  mkdirSync(SHOTS, { recursive: true });

  afterEach(({ task }) => {
    if (task.result?.state === 'fail') console.log(pageLog.slice(-40).join('\n'));
  });
  afterAll(() => {
    console.log(`axe: ${axeChecked.length} checks: ${axeChecked.join('; ')}`);
  });

  async function signedIn(account: string, width = 1280): Promise<Page> {
    const context = await app.browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => pageLog.push(`[${account}] pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') pageLog.push(`[${account}] ${m.text()}`);
    });
    const { password } = demoAccount(account);
    await signIn(page, app.server.url, account, password);
    await page.waitForURL(`${app.server.url}/`);
    // The cookie question (once per account) would cover the screens: answered as a person would.
    await page.addLocatorHandler(
      page.getByRole('region', { name: text('ja', 'consent:title') }),
      async (banner) => {
        await banner.getByRole('button', { name: text('ja', 'consent:refuse') }).click();
      },
    );
    return page;
  }

  /** Saves the account's language through the API, as the settings page would, and reloads. */
  async function setLang(page: Page, lang: 'ja' | 'en') {
    await page.evaluate(async (to) => {
      const auth = { authorization: `Bearer ${localStorage.getItem('ROOT.TOKEN')}` };
      const me = (await (await fetch('/v1/me', { headers: auth })).json()) as {
        item: { _id: string };
      };
      const res = await fetch(`/v1/user/${me.item._id}`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ lang: to }),
      });
      if (!res.ok) throw new Error(`PUT /v1/user: ${res.status}`);
    }, lang);
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
  }

  const t = (key: string, vars: Record<string, string> = {}) =>
    text('ja', `lazy/studio:${key}`, vars);
  const local = (ms: number) => {
    const d = new Date(ms);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  };

  it('makes a lesson with its own picture and question, previews it unpublished, and an English reader sees English', async () => {
    const page = await signedIn('teacher');
    // The studio is reached by its name (not a magnifying glass), from the header.
    await page.getByTestId('header-studio').getByText(text('ja', 'common:header.studio')).click();
    await page.waitForURL(`${app.server.url}/studio`);
    await page.getByRole('link', { name: t('list.new') }).click();

    // Nothing is red before anything was typed.
    await page.getByRole('textbox', { name: t('form.titleJa'), exact: true }).waitFor();
    expect(await page.getByText(t('form.error.required')).count()).toBe(0);
    // A new lesson shows the neutral picture, not another lesson's art.
    await expect
      .poll(() => page.getByTestId('studio-image-preview').getAttribute('src'))
      .toBe('/media/images/sessions/default.jpg');

    await page.getByRole('textbox', { name: t('form.titleJa'), exact: true }).fill(TITLE);
    await page.getByRole('textbox', { name: t('form.titleEn'), exact: true }).fill(TITLE_EN);
    // The lesson's own picture, uploaded (the pupils' pipeline strips what the camera wrote).
    const picture = join(work, 'river.jpg');
    await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#2f7fb8' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="1200" height="675"><path d="M0 420 C300 360 500 520 1200 430 L1200 675 L0 675 Z" fill="#d8ecf7"/><circle cx="980" cy="150" r="80" fill="#ffd25a"/></svg>',
          ),
        },
      ])
      .jpeg()
      .withExif({ IFD0: { Make: 'TestCam' } })
      .toFile(picture);
    await page.getByTestId('studio-image-input').setInputFiles(picture);
    await expect
      .poll(() => page.getByTestId('studio-image-preview').getAttribute('src'), { timeout: 20_000 })
      .toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg\?exp=/);

    await page.getByRole('combobox', { name: t('form.groups'), exact: true }).click();
    await page.getByRole('option', { name: 'Class 2-A' }).click();
    await page.keyboard.press('Escape');

    // The lesson's own question, in Japanese and English.
    await page.getByTestId('studio-work-new').click();
    const form = page.getByTestId('studio-work-form');
    await form.getByRole('textbox', { name: t('works.titleJa'), exact: true }).fill(WORK);
    await form.getByRole('textbox', { name: t('works.titleEn'), exact: true }).fill(WORK_EN);
    await form
      .getByRole('textbox', { name: t('works.questionJa', { n: '1' }), exact: true })
      .fill(PROMPT);
    await form
      .getByRole('textbox', { name: t('works.questionEn', { n: '1' }), exact: true })
      .fill(PROMPT_EN);
    await form.getByRole('button', { name: t('works.save') }).click();
    await page.getByTestId('studio-work-0').getByText(WORK).waitFor();

    await page.getByRole('button', { name: t('form.save'), exact: true }).click();
    await page.waitForURL(/\/studio\/session\/(?!new)[^/]+$/);
    sessionId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

    // A video (a hosted playlist), then a chapter and a vote in both languages.
    await page
      .getByRole('textbox', { name: t('video.hlsUrl') })
      .fill('/media/videos/ocean/master.m3u8');
    await page.getByRole('button', { name: t('video.create') }).click();
    await page.getByTestId('studio-video').waitFor();
    await page.getByRole('button', { name: t('moment.addAt', { at: '0:00.0' }) }).click();
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await field(t('moment.nameJa')).fill(CHAPTER);
    await field(t('moment.nameEn')).fill(CHAPTER_EN);
    await page.getByRole('textbox', { name: t('moment.end'), exact: true }).fill('60');
    await page.getByRole('button', { name: t('moment.done') }).click();
    await page.getByRole('combobox', { name: t('moment.kind'), exact: true }).click();
    await page.getByRole('option', { name: t('kind.vote') }).click();
    await page.getByRole('button', { name: t('moment.addAt', { at: '0:00.0' }) }).click();
    // A fresh vote is incomplete, yet not red until the teacher leaves it or saves.
    expect(await page.getByText(t('moment.error.name')).count()).toBe(0);
    await field(t('moment.questionJa')).fill(VOTE);
    await field(t('moment.questionEn')).fill(VOTE_EN);
    await field(t('moment.choicesJa')).fill('海\n山');
    await field(t('moment.choicesEn')).fill('The sea\nThe mountains');
    await page.getByRole('textbox', { name: t('moment.end'), exact: true }).fill('60');
    await page.getByRole('button', { name: t('moment.done') }).click();
    await page.getByRole('button', { name: t('moment.save') }).click();
    await page.getByText(t('moment.saved')).first().waitFor();

    // Preview before publishing: the lesson is still private, yet its author opens it.
    const preview = await page
      .getByRole('link', { name: t('editor.preview') })
      .getAttribute('href');
    const previewPage = await page.context().newPage();
    await previewPage.goto(`${app.server.url}${preview!}`);
    await previewPage.getByTestId('join').click();
    await previewPage.getByTestId('overlay-chapter').getByText(CHAPTER).waitFor();
    await previewPage.close();

    // A pupil does not see it before it is published.
    const pupil = await signedIn('student01');
    const before = await pupil.evaluate(async (id) => {
      const res = await fetch(`/v1/session/${id}`, {
        headers: { authorization: `Bearer ${localStorage.getItem('ROOT.TOKEN')}` },
      });
      return res.status;
    }, sessionId);
    expect(before).toBe(404);

    // Published as a finished lesson, so its archive plays alone.
    await page.getByRole('combobox', { name: t('form.status'), exact: true }).click();
    await page.getByRole('option', { name: t('status.COMPLETE') }).click();
    await page.getByLabel(t('form.start'), { exact: true }).fill(local(Date.now() - 2 * 3_600_000));
    await page.getByLabel(t('form.end'), { exact: true }).fill(local(Date.now() - 3_600_000));
    await page.getByRole('button', { name: t('form.save'), exact: true }).click();
    await page.getByText(t('editor.saved')).first().waitFor();

    // The pupil reads in English: the moments, the question and the title in English.
    await setLang(pupil, 'en');
    await pupil.goto(`${app.server.url}/session/${sessionId}/watch/`);
    await pupil.getByTestId('join').click();
    await pupil.getByTestId('host-toggle').click();
    await pupil.getByTestId('overlay-chapter').getByText(CHAPTER_EN).waitFor({ timeout: 60_000 });
    await pupil.getByTestId('overlay-vote').getByText(VOTE_EN).waitFor();
    await pupil.getByTestId('overlay-vote').getByRole('button', { name: 'The sea' }).waitFor();
    const read = await pupil.evaluate(async (id) => {
      const auth = { authorization: `Bearer ${localStorage.getItem('ROOT.TOKEN')}` };
      const works = (await (await fetch(`/v1/session/${id}/works`, { headers: auth })).json()) as {
        items: Array<{ title: string; questions: string[] }>;
      };
      const session = (await (await fetch(`/v1/session/${id}`, { headers: auth })).json()) as {
        item: { title: string; image: string };
      };
      return { works: works.items, session: session.item };
    }, sessionId);
    expect(read.works.map((w) => [w.title, w.questions])).toEqual([[WORK_EN, [PROMPT_EN]]]);
    expect(read.session.title).toBe(TITLE_EN);
    expect(read.session.image).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg\?exp=/);
    await pupil.context().close();
    await page.context().close();
  });

  it('shows the studio’s screens with real content, axe-clean, in ja and en at 1280 and 390', async () => {
    expect(sessionId).not.toBe('');
    const page = await signedIn('teacher');
    const shot = async (what: string, lang: string, width: number, focus?: Locator) => {
      if (focus) await focus.scrollIntoViewIfNeeded();
      else await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: join(SHOTS, `${what}-${lang}-${width}.png`),
        fullPage: !focus,
      });
    };
    const axe = async (what: string) => {
      await expect.poll(() => axeFindings(page), { timeout: 10_000 }).toEqual([]);
      axeChecked.push(what);
    };
    for (const lang of ['ja', 'en'] as const) {
      await setLang(page, lang);
      const tl = (key: string, vars: Record<string, string> = {}) =>
        text(lang, `lazy/studio:${key}`, vars);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${app.server.url}/studio`);
        await page.getByRole('link', { name: TITLE }).waitFor();
        await shot('list', lang, width);
        await axe(`list ${lang} ${width}`);
        await page.getByRole('link', { name: TITLE }).click();
        await page.getByTestId('studio-work-0').waitFor();
        await page.getByRole('heading', { name: tl('moment.title') }).waitFor();
        await shot('editor', lang, width);
        await axe(`editor ${lang} ${width}`);
        // The question open for editing, both languages side by side.
        await page
          .getByTestId('studio-work-0')
          .getByRole('button', { name: tl('works.edit') })
          .click();
        const form = page.getByTestId('studio-work-form');
        await form.waitFor();
        await shot('work', lang, width, form);
        await axe(`work form ${lang} ${width}`);
        await form.getByRole('button', { name: tl('works.cancel') }).click();
        // The vote open: its Japanese and English words.
        await page.getByTestId('moment-vote-1').click();
        const vote = page.getByRole('region', {
          name: tl('moment.edit', { kind: tl('kind.vote') }),
        });
        await vote.waitFor();
        await shot('vote', lang, width, vote);
        await axe(`vote ${lang} ${width}`);
      }
    }
    // Another school's teacher opening this lesson's editor is told it is not there.
    const sakura = await signedIn('sakura-teacher');
    await sakura.goto(`${app.server.url}/studio/session/${sessionId}`);
    await sakura.getByText(text('ja', 'common:error.notFound')).waitFor();
    await sakura.screenshot({ path: join(SHOTS, 'foreign-ja-1280.png') });
    await sakura.context().close();
    await setLang(page, 'ja');
    await page.context().close();
  });
});
