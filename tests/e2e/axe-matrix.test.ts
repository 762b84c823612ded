import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthTokens } from '../../src/contracts/api/auth';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { useServerAndBrowser } from './support/app';
import { axeFindings } from './support/axe';
import { text } from './support/locales';
import { signIn } from './support/login';
import { matchesRoute, routerPaths } from './support/routes';

// Issue 9, item 2 and "what must be shown": every route of the router, in the states a user
// meets (lists with content, menus, popovers and dialogs open, form errors shown, the offline
// notice, a live room as host and as pupil with its prompts open), at 1280×800 and 390×844, in
// Japanese and English, passes axe (WCAG 2.0/2.1 A and AA, colour contrast included). A route of
// src/app/router.tsx that no state visits fails the suite.

type Lang = 'ja' | 'en';
const LANGS: readonly Lang[] = ['ja', 'en'];
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const ARCHIVE = DEMO_IDS.sessions.oceanArchive;
const ARCHIVE_WORK = 'work-ocean-archive';
const LIVE = DEMO_IDS.sessions.oceanLive;
const POST_SESSION = DEMO_IDS.sessions.forestLive;
const CLASS = DEMO_IDS.groups.class2a;
const HELD = 'Call me about the beach clean-up: 090-1234-5678';
const HELD_REJECTED = 'My number is 080-2222-3333, text me';
const ABUSE = 'つまらない。へたくそ。死ね';
const REPORTED_COMMENT = 'ふつうのコメント';

/** Transitions and animations off: axe reads colours of the finished state, not a fading one. */
const NO_MOTION = `
  (() => {
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; animation-duration: 0s !important; animation-delay: 0s !important; }';
    const add = () => document.head ? document.head.appendChild(style) : requestAnimationFrame(add);
    add();
  })();
`;

const labelled = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

interface Actor {
  account: string | null;
  context: BrowserContext;
  page: Page;
}

/** One screen in one state: where it is (the router's pattern), who sees it, how to get there. */
interface State {
  route: string;
  /** Another pattern the route may land on at some width (/setting opens its first pane on a desktop). */
  lands?: string;
  what: string;
  actor: () => Actor;
  /** Brings the page into the state (navigates first); `lang` is the language it must show. */
  open: (page: Page, lang: Lang) => Promise<void>;
  /** Undoes what outlives a navigation (e.g. going offline). */
  close?: (actor: Actor) => Promise<void>;
  /**
   * Opened afresh at each width. Without it a state is opened once, at the first width, and the
   * page is then resized: what it shows must survive the resize (`shown` is compared before and
   * after), or the state needs this flag.
   */
  reopen?: boolean;
}

/**
 * What marks a state on screen beyond its route: the visible dialogs, menus, popovers, alerts and
 * invalid fields, each with its accessible name or text (toasts aside). A resize that closed a
 * menu or reset a form's errors changes it.
 */
async function shown(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll(
        '[role="dialog"], [role="alertdialog"], [role="menu"], [role="alert"], [aria-invalid="true"], .mantine-Popover-dropdown',
      ),
    )
      // Toasts hide by themselves after a while, and the staff's concern alert arrives by itself on
      // every screen once its poll answers: neither is part of a state (axe still reads both).
      .filter(
        (el) =>
          el.checkVisibility() &&
          !el.closest('.mantine-Notifications-root, [data-testid="concern-alert"]'),
      )
      .map((el) => {
        const label =
          el.getAttribute('aria-label') ??
          document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent ??
          (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement
            ? (el.labels?.[0]?.textContent ?? el.name)
            : (el.textContent ?? '').slice(0, 60));
        return `${el.getAttribute('role') ?? el.className.split(' ')[0]}: ${label.trim()}`;
      })
      .sort(),
  );
}

/** Resizes the page and waits until it has laid out at the new width. */
async function resize(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.waitForFunction((w) => window.innerWidth === w, viewport.width);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

// Each test walks many screens: more time than the suite's 2 minutes when the machine is busy.
describe(
  'axe on every route, in the states a user meets (issue 9, item 2)',
  { timeout: 300_000 },
  () => {
    const app = useServerAndBrowser({}, { snapshotClient: true });
    let anon: Actor;
    let student: Actor;
    let teacher: Actor;
    /** Router patterns a state (or a redirect) was checked on. */
    const visited = new Set<string>();
    /** "route · state · lang · width" of every axe run. */
    const checked: string[] = [];
    const stateNames = new Set<string>();
    /** Time spent inside axe, to tell it from the time spent reaching the states. */
    let axeMs = 0;
    let homeRoomId = '';

    const token = async (account: string) => {
      const login = await fetch(`${app.server.url}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: account, password: demoAccount(account).password }),
      });
      return AuthTokens.parse(await login.json()).token;
    };
    const api = async (
      account: string,
      path: string,
      init: { method?: string; body?: unknown } = {},
    ) => {
      const res = await fetch(`${app.server.url}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${await token(account)}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok)
        throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const idOf = async (account: string) =>
      ((await api(account, '/v1/me')) as { item: { _id: string } }).item._id;
    const setLang = async (account: string, lang: Lang) =>
      api(account, `/v1/user/${await idOf(account)}`, { method: 'PUT', body: { lang } });

    async function newActor(
      account: string | null,
      lang: Lang = 'ja',
      popup = false,
    ): Promise<Actor> {
      const context = await app.browser.newContext({
        viewport: WIDTHS[0],
        locale: lang === 'en' ? 'en-US' : 'ja-JP',
      });
      await context.addInitScript(NO_MOTION);
      const page = await context.newPage();
      if (account) {
        await setLang(account, lang);
        await signIn(page, app.server.url, account, demoAccount(account).password, {
          lang,
          notificationPopup: popup,
        });
        await page.waitForURL(`${app.server.url}/`);
      }
      return { account, context, page };
    }

    async function createRoom(name: string, sessionId: string) {
      const res = (await api('teacher', '/v1/stream', {
        method: 'POST',
        body: {
          sessionId,
          name,
          lang: 'ja',
          groupIds: [CLASS],
          settings: {
            startTime: Date.now(),
            participantVideoVisiblity: true,
            videoQuality: 'high',
          },
        },
      })) as { item: { id: string } };
      return res.item.id;
    }

    beforeAll(async () => {
      // Content for the lists: a live room on home, posts held for a teacher (an output, a feedback
      // and a reported comment), and a decision in the moderation history.
      homeRoomId = await createRoom('Axe check', LIVE);
      const held = (await api('student12', '/v1/output', {
        method: 'POST',
        body: { sessionId: ARCHIVE, workId: ARCHIVE_WORK, description: HELD, status: 'published' },
      })) as { item: { status: string } };
      expect(held.item.status).toBe('pending');
      // A safeguarding concern for /concerns (issue 26): the post answers 422 and is kept.
      const kept = await api('student13', `/v1/session/${ARCHIVE}/comment`, {
        method: 'POST',
        body: { type: 'SESSION', content: 'もう死にたい' },
      }).catch((e: Error) => e.message);
      expect(String(kept)).toContain('422');
      const rejected = (await api('student13', '/v1/output', {
        method: 'POST',
        body: {
          sessionId: ARCHIVE,
          workId: ARCHIVE_WORK,
          description: HELD_REJECTED,
          status: 'published',
        },
      })) as { item: { id: string } };
      await api('teacher', `/v1/moderation/outputs/${rejected.item.id}/decision`, {
        method: 'POST',
        body: { decision: 'reject', note: 'Keep numbers private.' },
      });
      const outputs = (await api('student08', `/v1/session/${ARCHIVE}/outputs`)) as {
        items: Array<{ id: string; userId: string; status: string }>;
      };
      const target = outputs.items.find((o) => o.status === 'published')!;
      await api('student08', '/v1/feedback', {
        method: 'POST',
        body: {
          outputId: target.id,
          sessionId: ARCHIVE,
          workId: ARCHIVE_WORK,
          userId: await idOf('student08'),
          content: ABUSE,
        },
      });
      const comment = (await api('student01', `/v1/session/${LIVE}/comment`, {
        method: 'POST',
        body: { type: 'LIVE-JA', content: REPORTED_COMMENT, streamId: homeRoomId },
      })) as { item: { id: string } };
      const now = Date.now();
      await api('student02', '/v1/violation', {
        method: 'POST',
        body: {
          content: 'I do not like this',
          id: comment.item.id,
          type: 'comment',
          userId: await idOf('student02'),
          createdAt: now,
          updatedAt: now,
        },
      });
    });

    afterAll(() => {
      const routes = new Set(checked.map((c) => c.split(' · ')[0]));
      console.log(
        `axe matrix: ${checked.length} screens × states checked (${routes.size} routes, ${stateNames.size} states, ja+en, 1280+390)`,
      );
      console.log(`axe matrix: ${(axeMs / 1000).toFixed(1)} s inside axe`);
    });

    /** Waits for the page's data: no loader, no skeleton, the language in place. */
    async function settle(page: Page, lang: Lang) {
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
      await expect
        .poll(
          () =>
            page
              .locator(
                '.mantine-Skeleton-root[data-visible], [aria-busy="true"], .mantine-LoadingOverlay-root',
              )
              .count(),
          { timeout: 15_000 },
        )
        .toBe(0);
    }

    /** Runs every state at both widths in `lang`; returns the findings (empty when all pass). */
    async function check(states: readonly State[], lang: Lang) {
      const findings: string[] = [];
      for (const state of states) {
        stateNames.add(`${state.route} · ${state.what}`);
        const actor = state.actor();
        try {
          let before: string[] = [];
          for (const [i, viewport] of WIDTHS.entries()) {
            if (i === 0 || state.reopen) {
              await resize(actor.page, viewport);
              await state.open(actor.page, lang);
              await settle(actor.page, lang);
              before = await shown(actor.page);
            } else {
              // The same page at the next width: the state it was brought into must still show.
              await resize(actor.page, viewport);
              await settle(actor.page, lang);
              expect([state.what, viewport.width, await shown(actor.page)]).toEqual([
                state.what,
                viewport.width,
                before,
              ]);
            }
            const pathname = new URL(actor.page.url()).pathname;
            const where =
              matchesRoute(state.route, pathname) ||
              (state.lands !== undefined && matchesRoute(state.lands, pathname));
            expect([state.what, pathname, where]).toEqual([state.what, pathname, true]);
            const label = `${state.route} · ${state.what} · ${lang} · ${viewport.width}`;
            const t0 = performance.now();
            const found = await axeFindings(actor.page);
            axeMs += performance.now() - t0;
            checked.push(label);
            visited.add(state.route);
            if (found.length) findings.push(`${label}\n    ${found.join('\n    ')}`);
          }
        } finally {
          await state.close?.(actor);
        }
      }
      return findings;
    }

    const goto = (page: Page, path: string) => page.goto(`${app.server.url}${path}`);
    const userMenu = (page: Page, lang: Lang) =>
      page.getByRole('banner').getByRole('button', { name: text(lang, 'common:header.userMenu') });

    // ---------------------------------------------------------------------------------------------
    // Signed out

    const anonStates: State[] = [
      {
        route: '/login',
        what: 'login form',
        actor: () => anon,
        open: async (page, lang) => {
          await goto(page, `/login?lang=${lang}`);
          await page
            .getByRole('button', { name: text(lang, 'login:submit'), exact: true })
            .waitFor();
        },
      },
      {
        route: '/login',
        what: 'login, wrong password error shown',
        actor: () => anon,
        open: async (page, lang) => {
          await goto(page, `/login?lang=${lang}`);
          await page.getByLabel(text(lang, 'login:accountName.label')).fill(`nobody-${Date.now()}`);
          await page
            .getByLabel(text(lang, 'login:password.label'), { exact: true })
            .fill('not-the-password');
          await page.getByRole('button', { name: text(lang, 'login:submit'), exact: true }).click();
          await page.getByText(text(lang, 'login:error.invalidAccountOrPassword')).waitFor();
        },
      },
      {
        route: '/login/v2',
        what: 'login form (v2)',
        actor: () => anon,
        open: async (page, lang) => {
          await goto(page, `/login/v2?lang=${lang}`);
          await page
            .getByRole('button', { name: text(lang, 'login:submit'), exact: true })
            .waitFor();
        },
      },
      {
        route: '/check',
        what: 'system check, every result in',
        actor: () => anon,
        open: async (page, lang) => {
          await goto(page, `/check?lang=${lang}`);
          await page.getByRole('heading', { name: text(lang, 'check:title') }).waitFor();
          // Every check has its verdict (and its fix, when it did not pass).
          await page.waitForFunction(
            () => !document.querySelector('[data-verdict="running"]'),
            null,
            {
              timeout: 60_000,
            },
          );
        },
      },
      {
        route: '/network',
        what: 'network requirements, signed out',
        actor: () => anon,
        open: async (page, lang) => {
          await goto(page, `/network?lang=${lang}`);
          await page
            .getByRole('heading', { level: 1, name: text(lang, 'check:networkPage.title') })
            .waitFor();
        },
      },
      ...(['policy', 'terms', 'privacy'] as const).map((doc): State => ({
        route: `/${doc}`,
        what: 'signed out',
        actor: () => anon,
        open: async (page, lang) => {
          await goto(page, `/${doc}?lang=${lang}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
        },
      })),
    ];

    // ---------------------------------------------------------------------------------------------
    // A student

    const studentStates: State[] = [
      {
        route: '/',
        what: 'home with sessions and a live room, user menu open',
        actor: () => student,
        open: async (page, lang) => {
          await goto(page, '/');
          await page
            .getByRole('region', { name: text(lang, 'home:sessions.title'), exact: true })
            .getByRole('link')
            .first()
            .waitFor();
          await page.getByRole('article', { name: 'Axe check' }).waitFor();
          await userMenu(page, lang).click();
          await page.getByRole('menuitem', { name: text(lang, 'common:header.logout') }).waitFor();
        },
      },
      {
        route: '/session/:sessionId',
        what: 'archive session page with outputs',
        actor: () => student,
        open: async (page, lang) => {
          await goto(page, `/session/${ARCHIVE}`);
          const opener = text(lang, 'feedback:outputs.open', { count: 'N' }).split('N')[0]!;
          await page.getByRole('button', { name: new RegExp(`^${escape(opener)}`) }).waitFor();
        },
      },
      {
        route: '/session/:sessionId',
        what: 'output viewer open, empty feedback refused',
        actor: () => student,
        open: async (page, lang) => {
          await goto(page, `/session/${ARCHIVE}`);
          const opener = text(lang, 'feedback:outputs.open', { count: 'N' }).split('N')[0]!;
          await page.getByRole('button', { name: new RegExp(`^${escape(opener)}`) }).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByTestId('output-description').waitFor();
          await dialog.getByRole('button', { name: text(lang, 'feedback:input.submit') }).click();
          await page.getByText(text(lang, 'feedback:errors.empty')).waitFor();
        },
      },
      {
        route: '/session/:sessionId',
        what: 'live session page, output dialog open',
        actor: () => student,
        open: async (page, lang) => {
          await goto(page, `/session/${POST_SESSION}`);
          await page.getByRole('button', { name: text(lang, 'outputs:section.post') }).click();
          await page.getByRole('dialog').getByTestId('output-description').waitFor();
        },
      },
      {
        route: '/session/:sessionId/watch',
        what: 'solo archive, playing',
        actor: () => student,
        open: async (page) => {
          await goto(page, `/session/${ARCHIVE}/watch`);
          await page.getByTestId('join').click();
          await page.getByTestId('join').waitFor({ state: 'detached' });
        },
      },
      {
        route: '/session/:sessionId/watch',
        what: 'solo archive, offline notice',
        actor: () => student,
        open: async (page) => {
          await page.context().setOffline(false);
          await goto(page, `/session/${ARCHIVE}/watch`);
          await page.getByTestId('join').click();
          await page.getByTestId('join').waitFor({ state: 'detached' });
          await page.context().setOffline(true);
          await page.getByTestId('offline-notice').waitFor();
        },
        close: async (actor) => actor.context.setOffline(false),
      },
      {
        route: '/sessions/:sessionId/watch',
        what: 'solo archive (plural path), join gate',
        actor: () => student,
        open: async (page) => {
          await goto(page, `/sessions/${ARCHIVE}/watch`);
          await page.getByTestId('join').waitFor();
        },
      },
      {
        route: '/mypage',
        what: 'my page with outputs, edit dialog with an error',
        actor: () => student,
        open: async (page, lang) => {
          await goto(page, '/mypage');
          await page.getByRole('tab', { name: text(lang, 'profile:tabs.outputs') }).waitFor();
          await page.getByRole('button', { name: text(lang, 'profile:edit') }).click();
          await page.getByLabel(text(lang, 'profile:editModal.displayName')).fill('');
          await page.getByText(`＊${text(lang, 'profile:editModal.required')}`).waitFor();
        },
      },
      {
        route: '/user/:userId',
        what: "a classmate's page",
        actor: () => student,
        open: async (page) => {
          await goto(page, '/user/student04');
          await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Hina');
        },
      },
      {
        route: '/*',
        what: 'page not found',
        actor: () => student,
        open: async (page, lang) => {
          await goto(page, '/no-such-page');
          await page.getByRole('heading', { name: text(lang, 'common:error.notFound') }).waitFor();
        },
      },
    ];

    // ---------------------------------------------------------------------------------------------
    // A teacher

    /** A session the teacher authored in the studio, with a video and one chapter (issue 15). */
    let studioSessionId: string | null = null;
    const studioSession = async (): Promise<string> => {
      if (studioSessionId) return studioSessionId;
      const created = (await api('teacher', '/v1/studio/session', {
        method: 'POST',
        body: {
          title: 'スタジオのセッション',
          image: '/media/images/sessions/ocean.jpg',
          status: 'PRIVATE',
          startTime: Date.now(),
          endTime: Date.now() + 3_600_000,
          isWatchable: true,
          target: { type: 'GROUP', targets: [CLASS] },
        },
      })) as { item: { id: string } };
      await api('teacher', `/v1/studio/session/${created.item.id}/video`, {
        method: 'POST',
        body: {
          title: 'Ocean',
          type: 'DIGEST',
          hlsUrl: '/media/videos/ocean/master.m3u8',
          actions: [{ start: 2, end: 6, action: 'chapter', params: { name: 'はじめに' } }],
        },
      });
      studioSessionId = created.item.id;
      return studioSessionId;
    };
    const teacherStates: State[] = [
      {
        route: '/',
        what: 'room form with a too-long name',
        actor: () => teacher,
        open: async (page, lang) => {
          await goto(page, '/');
          await page.getByRole('button', { name: text(lang, 'rooms:create'), exact: true }).click();
          const dialog = page.getByRole('dialog', { name: text(lang, 'rooms:form.createTitle') });
          await dialog.getByLabel(labelled(text(lang, 'rooms:form.name'))).fill('x'.repeat(16));
          await dialog
            .getByText(text(lang, 'rooms:form.errors.tooLong', { max: '15' }))
            .first()
            .waitFor();
        },
      },
      {
        route: '/policy',
        what: 'signed in',
        actor: () => teacher,
        open: async (page) => {
          await goto(page, '/policy');
          await page.getByRole('heading', { level: 1 }).first().waitFor();
        },
      },
      {
        route: '/report/group/:groupId/sessions',
        what: 'sessions with counts',
        actor: () => teacher,
        open: async (page) => {
          await goto(page, `/report/group/${CLASS}/sessions`);
          await page.getByRole('table').getByRole('row').nth(1).waitFor();
        },
      },
      {
        route: '/report/group/:groupId/session/:sessionId',
        what: 'posting-status popover open',
        actor: () => teacher,
        open: async (page, lang) => {
          await goto(page, `/report/group/${CLASS}/session/${ARCHIVE}`);
          await page
            .getByRole('button', { name: text(lang, 'reports:postingStatus.button') })
            .click();
          await page
            .getByRole('dialog')
            .getByText(text(lang, 'reports:postingStatus.title'))
            .first()
            .waitFor();
        },
      },
      {
        route: '/report/group/:groupId/members',
        what: 'members with counts',
        actor: () => teacher,
        open: async (page) => {
          await goto(page, `/report/group/${CLASS}/members`);
          await page.getByRole('table').getByRole('row').nth(1).waitFor();
        },
      },
      {
        route: '/moderation',
        what: 'queue with a held output, feedback and a reported comment; history',
        actor: () => teacher,
        open: async (page, lang) => {
          await goto(page, '/moderation');
          await page.locator('li').filter({ hasText: HELD }).waitFor();
          await page.getByText(REPORTED_COMMENT).first().waitFor();
          await page.getByRole('table', { name: text(lang, 'moderation:history') }).waitFor();
        },
      },
      {
        route: '/concerns',
        what: "a pupil's concern, unread",
        actor: () => teacher,
        open: async (page) => {
          await goto(page, '/concerns');
          await page.getByTestId('concern').first().waitFor();
        },
      },
      {
        route: '/studio',
        what: "the teacher's own sessions",
        actor: () => teacher,
        open: async (page, lang) => {
          await studioSession();
          await goto(page, '/studio');
          await page.getByRole('table', { name: text(lang, 'lazy/studio:title') }).waitFor();
        },
      },
      {
        route: '/studio/session/:sessionId',
        what: 'details, video with a chapter on the timeline, captions',
        actor: () => teacher,
        open: async (page) => {
          await goto(page, `/studio/session/${await studioSession()}`);
          await page.getByTestId('studio-timeline').getByRole('button').first().waitFor();
        },
      },
      {
        route: '/feedbackzero',
        what: 'outputs without feedback',
        actor: () => teacher,
        open: async (page) => {
          await goto(page, '/feedbackzero');
          await page.getByRole('heading', { level: 1 }).first().waitFor();
        },
      },
      {
        route: '/news',
        what: 'the staff form to publish news, with its field errors shown, and the list',
        actor: () => teacher,
        open: async (page, lang) => {
          await goto(page, '/news');
          await page.getByRole('button', { name: text(lang, 'news:publish.submit') }).click();
          await page.getByText(text(lang, 'news:publish.titleRequired')).waitFor();
          await page.getByRole('heading', { name: text(lang, 'news:publish.listTitle') }).waitFor();
        },
      },
      {
        route: '/contact',
        what: 'the contact form with its field errors shown',
        actor: () => student,
        open: async (page, lang) => {
          await goto(page, '/contact');
          await page.getByRole('button', { name: text(lang, 'news:contact.submit') }).click();
          await page.getByText(text(lang, 'news:contact.bodyRequired')).waitFor();
        },
      },
      {
        route: '/setting',
        lands: '/setting/download',
        what: 'settings menu (a phone) or its first pane (a desktop)',
        actor: () => teacher,
        open: async (page, lang) => {
          await goto(page, '/setting');
          await page.getByRole('navigation', { name: text(lang, 'setting:menuLabel') }).waitFor();
        },
      },
      ...(['download', 'language', 'notification', 'group', 'privacy'] as const).map(
        (pane): State => ({
          route: `/setting/${pane}`,
          // A teacher's group pane opens the class it manages.
          ...(pane === 'group' ? { lands: '/setting/group/:groupId' } : {}),
          what: 'pane',
          actor: () => teacher,
          open: async (page) => {
            await goto(page, `/setting/${pane}`);
            await page.getByRole('heading', { level: 2 }).first().waitFor();
          },
        }),
      ),
      {
        route: '/setting/password',
        what: 'errors shown',
        // The settings pane is laid out anew at a phone width, and its form with it.
        reopen: true,
        actor: () => teacher,
        open: async (page, lang) => {
          await goto(page, '/setting/password');
          // Update stays disabled until every field is filled; the errors show as the user types.
          await page
            .getByLabel(labelled(text(lang, 'setting:password.current')))
            .fill(demoAccount('teacher').password);
          await page.getByLabel(labelled(text(lang, 'setting:password.new'))).fill('abc');
          await page.getByLabel(labelled(text(lang, 'setting:password.confirm'))).fill('abd');
          await page.getByText(text(lang, 'setting:notMatchPassword')).first().waitFor();
        },
      },
      {
        route: '/setting/group/:groupId',
        what: 'members, change-password dialog with an error',
        reopen: true,
        actor: () => teacher,
        open: async (page, lang) => {
          await goto(page, `/setting/group/${CLASS}`);
          const opener = text(lang, 'setting:group.changePasswordOf', { name: 'N' }).split('N')[0]!;
          await page
            .getByRole('button', { name: new RegExp(`^${escape(opener)}`) })
            .first()
            .click();
          const dialog = page.getByRole('dialog');
          await dialog.getByLabel(labelled(text(lang, 'setting:password.new'))).fill('abc');
          await dialog
            .getByText(text(lang, 'setting:minLengthPassword', { count: '8' }))
            .first()
            .waitFor();
        },
      },
    ];

    function escape(s: string) {
      return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }

    beforeAll(async () => {
      [anon, student, teacher] = await Promise.all([
        newActor(null),
        newActor('student01'),
        newActor('teacher'),
      ]);
    });

    for (const lang of LANGS) {
      it(`signed-out screens, ${lang}`, async () => {
        expect(await check(anonStates, lang)).toEqual([]);
      });

      it(`a student's screens, ${lang}`, async () => {
        await setLang('student01', lang);
        expect(await check(studentStates, lang)).toEqual([]);
      });

      it(`a student's home with the daily notification popup, ${lang}`, async () => {
        const account = lang === 'ja' ? 'student05' : 'student06';
        const popupStudent = await newActor(account, lang, true);
        const state: State = {
          route: '/',
          what: 'notification popup open',
          actor: () => popupStudent,
          open: async (page) => {
            await page
              .getByRole('dialog', { name: text(lang, 'notifications:title') })
              .getByRole('listitem')
              .first()
              .waitFor();
          },
        };
        try {
          expect(await check([state], lang)).toEqual([]);
        } finally {
          await popupStudent.context.close();
        }
      });

      it(`a teacher's home, reports and moderation, ${lang}`, async () => {
        await setLang('teacher', lang);
        expect(
          await check(
            teacherStates.filter((st) => !st.route.startsWith('/setting')),
            lang,
          ),
        ).toEqual([]);
      });

      it(`a teacher's settings, ${lang}`, async () => {
        await setLang('teacher', lang);
        expect(
          await check(
            teacherStates.filter((st) => st.route.startsWith('/setting')),
            lang,
          ),
        ).toEqual([]);
      });

      it(`redirects land on a checked screen, ${lang}`, async () => {
        const page = teacher.page;
        const lands = async (from: string, to: RegExp) => {
          await goto(page, from);
          await page.waitForURL(to);
          visited.add(from.replace(CLASS, ':groupId'));
        };
        await lands('/report', new RegExp(`/report/group/[^/]+/sessions$`));
        await lands('/report/group', new RegExp(`/report/group/[^/]+/sessions$`));
        await lands(`/report/group/${CLASS}`, new RegExp(`/report/group/${CLASS}/sessions$`));
        await lands('/user/create', new RegExp(`${app.server.url}/$`));
        await page.getByRole('banner').waitFor();
      });

      it(`a live room as host and as pupil, prompts open, ${lang}`, async () => {
        await Promise.all([setLang('teacher', lang), setLang('student03', lang)]);
        const roomId = await createRoom(`Axe ${lang}`, LIVE);
        const pupil = await newActor('student03', lang);
        const host = teacher;
        const url = `/session/${LIVE}/watch/?stream=${roomId}`;
        const findings: string[] = [];
        try {
          for (const actor of [host, pupil]) {
            await goto(actor.page, url);
            await actor.page.getByTestId('join').click();
            await actor.page.getByTestId('join').waitFor({ state: 'detached' });
          }
          const hostControls = host.page.getByRole('region', {
            name: text(lang, 'watch:host.label'),
          });
          let roomAt = 0;
          // Each skip until the host's seek bar shows it: a skip sent while the previous one is
          // still on its way (a busy machine) counts from the old position (see lesson.test.ts).
          const forward = async () => {
            roomAt += 10;
            await hostControls
              .getByRole('button', { name: text(lang, 'watch:host.forward', { seconds: '10' }) })
              .click();
            await hostControls
              .getByRole('slider', { name: text(lang, 'watch:host.seek') })
              .and(host.page.locator(`[aria-valuenow="${roomAt}"]`))
              .waitFor();
          };
          /**
           * Brings the room into a state with both pages at the desktop width (`act`, once), then
           * checks each page at both widths without leaving the room (resized, as every state).
           */
          const room = async (
            what: string,
            actors: Actor[],
            act: () => Promise<void>,
            /**
             * Brings a dialog back if a resize closed it (the watch page lays itself out anew at
             * a phone width): opens it unless it shows, then waits for it.
             */
            again?: () => Promise<void>,
          ) => {
            await Promise.all([host, pupil].map((a) => a.page.setViewportSize(WIDTHS[0])));
            await act();
            const states = actors.map((actor): State => ({
              route: '/session/:sessionId/watch',
              what: `live room, ${actor === host ? 'host' : 'pupil'}, ${what}`,
              actor: () => actor,
              reopen: again !== undefined,
              open: again ?? (async () => {}),
            }));
            findings.push(...(await check(states, lang)));
          };
          const overlay = (actor: Actor, kind: string) => actor.page.getByTestId(`overlay-${kind}`);
          await room('joined', [host, pupil], async () => {
            await hostControls.waitFor();
          });
          // Paused, the host skips to 0:30: the discussion (0:24–0:38) is open.
          await room('discussion open', [host, pupil], async () => {
            for (let i = 0; i < 3; i++) await forward();
            await overlay(pupil, 'discuss').waitFor();
            await overlay(host, 'discuss').waitFor();
          });
          // 0:40: the vote (0:34–0:48).
          await room('vote open', [host, pupil], async () => {
            await forward();
            await overlay(pupil, 'vote').waitFor();
            await overlay(host, 'vote').waitFor();
          });
          await room('vote result shown', [host, pupil], async () => {
            await overlay(pupil, 'vote').getByRole('button').first().click();
            await overlay(host, 'vote')
              .getByRole('button', { name: text(lang, 'watch:vote.reveal') })
              .click();
            await overlay(pupil, 'vote')
              .getByText(text(lang, 'watch:vote.total', { n: '1' }))
              .waitFor();
          });
          // 0:50: the output prompt (0:48–0:56).
          await room('output prompt open', [host, pupil], async () => {
            await forward();
            await overlay(pupil, 'output').waitFor();
          });
          const outputDialog = async () => {
            const field = pupil.page.getByRole('dialog').getByTestId('output-description');
            if (!(await field.isVisible())) {
              await overlay(pupil, 'output').getByRole('button').first().click();
            }
            await field.waitFor();
          };
          await room('output dialog open', [pupil], outputDialog, outputDialog);
          const endRoomConfirmation = async () => {
            const confirm = host.page
              .getByRole('dialog')
              .getByRole('button', { name: text(lang, 'watch:host.terminateConfirm') });
            if (!(await confirm.isVisible())) {
              await hostControls
                .getByRole('button', { name: text(lang, 'watch:host.terminate') })
                .click();
            }
            await confirm.waitFor();
          };
          await room(
            'end-room confirmation open',
            [host],
            endRoomConfirmation,
            endRoomConfirmation,
          );
          await room('room ended', [host, pupil], async () => {
            await endRoomConfirmation(); // the resize back to the desktop width may have closed it
            const confirm = host.page
              .getByRole('dialog')
              .getByRole('button', { name: text(lang, 'watch:host.terminateConfirm') });
            await confirm.click();
            // The dialog closes once the server has ended the room: the host's state is after that.
            await confirm.waitFor({ state: 'detached' });
            await pupil.page.keyboard.press('Escape');
            await pupil.page.getByText(text(lang, 'watch:terminated')).waitFor();
          });
        } finally {
          await pupil.context.close();
        }
        expect(findings).toEqual([]);
      });
    }

    it('visited every route of the router', () => {
      const missing = routerPaths().filter((p) => !visited.has(p));
      expect(missing).toEqual([]);
    });
  },
);
