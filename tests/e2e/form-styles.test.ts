import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthTokens } from '../../src/contracts/api/auth';
import { demoAccount } from '../../src/server/seed/accounts';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { useServerAndBrowser } from './support/app';
import { text } from './support/locales';
import { signIn } from './support/login';

// Issue 24, item 1: every form control is styled on every route however it is reached. Each
// screen below is opened in a fresh tab right after signing in (no other page loaded before it
// that could have brought a stylesheet along), at 1280 and 390, in Japanese and English. On
// each, every Mantine class on the page must have a rule in the page's stylesheets (a component
// whose stylesheet did not load has none), checkboxes and radios must be drawn at their size
// (not as a bare browser control or a page-wide check mark), and each select must open a
// dropdown that lists its options.

type Lang = 'ja' | 'en';
const WIDTHS = [1280, 390] as const;
const LIVE = DEMO_IDS.sessions.oceanLive;
const ARCHIVE = DEMO_IDS.sessions.oceanArchive;
const CLASS = DEMO_IDS.groups.class2a;

interface Screen {
  name: string;
  account: string;
  /** Brings a freshly signed-in page to the screen; resolves once its controls are drawn. */
  open: (page: Page, lang: Lang) => Promise<void>;
}

/** Mantine's static class names (`m_` + 8 hex) in the DOM that no stylesheet rule names. */
async function unstyledMantineClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const styled = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) {
          for (const m of rule.selectorText.matchAll(/\.(m_[0-9a-f]{8})/g)) styled.add(m[1]!);
        }
        if ('cssRules' in rule && (rule as CSSGroupingRule).cssRules) {
          collect((rule as CSSGroupingRule).cssRules);
        }
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const used = new Map<string, string>();
    for (const el of Array.from(document.querySelectorAll('[class*="m_"]'))) {
      for (const c of Array.from(el.classList)) {
        if (/^m_[0-9a-f]{8}$/.test(c) && !styled.has(c)) {
          const named = Array.from(el.classList).find((n) => n.startsWith('mantine-')) ?? '';
          used.set(c, named);
        }
      }
    }
    return [...used].map(([c, named]) => `${c} (${named})`).sort();
  });
}

/** Visible checkbox and radio marks larger than Mantine draws them (an unstyled one fills its row). */
async function oversizedMarks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>(
        'input[type="checkbox"], input[type="radio"], [class*="mantine-Checkbox-inner"] svg, [class*="mantine-Radio-inner"] svg, [class*="mantine-Switch-track"]',
      ),
    )
      // A switch's input is transparent over its row by design: only marks a user can see.
      .filter((el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ el, box }) =>
        (el.getAttribute('class') ?? '').includes('Switch-track')
          ? box.width > 64 || box.height > 32
          : box.width > 24 || box.height > 24,
      )
      .map(
        ({ el, box }) =>
          `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').split(' ')[0]} ${Math.round(box.width)}×${Math.round(box.height)}`,
      ),
  );
}

/** Opens each visible select of the page and checks that a dropdown lists options. */
async function selectsOpen(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const selects = page.locator('input[aria-haspopup="listbox"]:visible');
  const count = await selects.count();
  for (let i = 0; i < count; i++) {
    const select = selects.nth(i);
    if (await select.isDisabled()) continue;
    const name = (await select.getAttribute('aria-label')) ?? (await select.inputValue());
    await select.click();
    const listbox = page.locator('[role="listbox"]:visible').last();
    try {
      await listbox.waitFor({ timeout: 5_000 });
      const box = await listbox.boundingBox();
      const position = await listbox.evaluate(
        (el) => getComputedStyle(el.closest('[class*="mantine-Popover-dropdown"]') ?? el).position,
      );
      const options = await listbox.getByRole('option').count();
      if (!box || options === 0 || (position !== 'absolute' && position !== 'fixed')) {
        problems.push(`select ${i} (${name}): ${options} options, dropdown ${position}`);
      }
    } catch {
      problems.push(`select ${i} (${name}): no dropdown`);
    }
    await page.keyboard.press('Escape');
  }
  return problems;
}

describe('form controls are styled on first load (issue 24, item 1)', { timeout: 600_000 }, () => {
  const app = useServerAndBrowser({}, { snapshotClient: true });
  let roomId = '';

  const api = async (account: string, path: string, init: { method?: string; body?: unknown }) => {
    const login = await fetch(`${app.server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account, password: demoAccount(account).password }),
    });
    const { token } = AuthTokens.parse(await login.json());
    const res = await fetch(`${app.server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${path} → ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const setLang = async (account: string, lang: Lang) => {
    const me = (await api(account, '/v1/me', {})) as { item: { _id: string } };
    await api(account, `/v1/user/${me.item._id}`, { method: 'PUT', body: { lang } });
  };

  const SCREENS: Screen[] = [
    {
      name: 'the room dialog from home',
      account: 'teacher',
      open: async (page, lang) => {
        await page.getByRole('button', { name: text(lang, 'rooms:create'), exact: true }).click();
        await page.getByRole('dialog', { name: text(lang, 'rooms:form.createTitle') }).waitFor();
        await page.getByRole('checkbox', { name: 'Class 2-A' }).waitFor();
      },
    },
    {
      name: 'the studio: a new session',
      account: 'teacher',
      open: async (page) => {
        await page.goto(`${app.server.url}/studio/session/new`);
        await page.locator('form input[aria-haspopup="listbox"]').first().waitFor();
      },
    },
    {
      name: 'the studio: an existing session',
      account: 'staff',
      open: async (page) => {
        await page.goto(`${app.server.url}/studio`);
        await page.locator('main table a[href^="/studio/session/"]').first().click();
        await page.waitForURL(/\/studio\/session\/(?!new)[^/]+$/);
        await page.locator('form input[aria-haspopup="listbox"]').first().waitFor();
      },
    },
    {
      name: "the host's controls in a room",
      account: 'teacher',
      open: async (page, lang) => {
        await page.goto(`${app.server.url}/session/${LIVE}/watch/?stream=${roomId}`);
        await page.getByTestId('join').click();
        await page
          .getByRole('switch', { name: text(lang, 'watch:comments.pauseSwitch') })
          .waitFor();
      },
    },
    {
      name: 'settings: language',
      account: 'student04',
      open: async (page, lang) => {
        await page.goto(`${app.server.url}/setting/language`);
        await page.getByRole('radio', { name: text(lang, 'setting:language.en') }).waitFor();
      },
    },
    {
      name: 'settings: privacy',
      account: 'student04',
      open: async (page) => {
        await page.goto(`${app.server.url}/setting/privacy`);
        await page.getByRole('switch').first().waitFor();
      },
    },
    {
      name: 'settings: password',
      account: 'student04',
      open: async (page) => {
        await page.goto(`${app.server.url}/setting/password`);
        await page.getByRole('checkbox').first().waitFor();
      },
    },
    {
      name: 'the output dialog',
      account: 'student04',
      open: async (page, lang) => {
        await page.goto(`${app.server.url}/session/${ARCHIVE}`);
        await page.getByTestId('open-output-dialog').first().click();
        await page.getByRole('dialog').waitFor();
      },
    },
    {
      name: 'the reflection editor',
      account: 'student01',
      open: async (page, lang) => {
        await page.goto(`${app.server.url}/mypage`);
        await page.getByRole('tab', { name: text(lang, 'profile:tabs.reflections') }).click();
        await page
          .getByRole('tabpanel')
          .getByRole('button', { name: text(lang, 'profile:reflection.edit') })
          .first()
          .click();
        await page.getByRole('dialog').locator('textarea').first().waitFor();
      },
    },
  ];

  beforeAll(async () => {
    const room = (await api('teacher', '/v1/stream', {
      method: 'POST',
      body: {
        sessionId: LIVE,
        name: 'Styles check',
        lang: 'ja',
        groupIds: [CLASS],
        settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
      },
    })) as { item: { id: string } };
    roomId = room.item.id;
  });

  for (const lang of ['ja', 'en'] as const) {
    it(`in ${lang}, at 1280 and 390`, async () => {
      const problems: string[] = [];
      const accounts = new Set(SCREENS.map((s) => s.account));
      for (const account of accounts) await setLang(account, lang);
      for (const width of WIDTHS) {
        for (const screen of SCREENS) {
          const context = await app.browser.newContext({
            viewport: { width, height: width === 390 ? 844 : 900 },
            locale: lang === 'en' ? 'en-US' : 'ja-JP',
          });
          const page = await context.newPage();
          try {
            await signIn(
              page,
              app.server.url,
              screen.account,
              demoAccount(screen.account).password,
              { lang },
            );
            await page.waitForURL(`${app.server.url}/`);
            await screen.open(page, lang);
            const where = `${screen.name} (${lang}, ${width})`;
            for (const c of await unstyledMantineClasses(page)) problems.push(`${where}: ${c}`);
            for (const m of await oversizedMarks(page)) problems.push(`${where}: mark ${m}`);
            for (const s of await selectsOpen(page)) problems.push(`${where}: ${s}`);
          } catch (error) {
            problems.push(`${screen.name} (${lang}, ${width}): ${(error as Error).message}`);
          } finally {
            await context.close();
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
