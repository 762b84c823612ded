import { beforeAll, describe, expect, it } from 'vitest';
import { AuthTokens } from '../../src/contracts/api/auth';
import { ReportFeedbacksResponse, ReportSessionsResponse } from '../../src/contracts/api/reports';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { demoAccount } from '../../src/server/seed/accounts';
import { axeFindings } from './support/axe';
import { useServerAndBrowser } from './support/app';
import { text } from './support/locales';
import { signIn } from './support/login';

/** The server's default report zone (REPORT_TIMEZONE), which is also the browsers' here. */
const REPORT_ZONE = 'Asia/Tokyo';
/** Today as YYYY-MM-DD in the report zone, whatever the zone of the machine running the test. */
const zoneToday = (now: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_ZONE }).format(now);

// Issue 5, "what must be shown" for moderation and class reports: a member cannot open /report;
// a post held for a phone number is published by a teacher from the queue and a classmate then
// sees it; the teacher's group report shows the new output and feedback counts.
const SESSION = DEMO_IDS.sessions.oceanArchive;
const WORK = 'work-ocean-archive';
const GRADE = DEMO_IDS.groups.grade2;
const HELD_TEXT = 'Ask me about the beach clean-up, my phone is 090-1234-5678';

describe('moderation and class reports', () => {
  const app = useServerAndBrowser({ REPORT_REFRESH_ON_DEMAND: 'true' }, { snapshotClient: true });
  let baseline: ReportSessionsResponse['items'][number];

  const api = async (
    account: string,
    path: string,
    init: { method?: string; body?: unknown } = {},
  ) => {
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
    return { status: res.status, json: (await res.json()) as unknown };
  };

  beforeAll(async () => {
    // The aggregates are built once at start-up; this is the report before anything below.
    const before = ReportSessionsResponse.parse(
      (await api('teacher', `/v1/report/group/${GRADE}/sessions`)).json,
    );
    baseline = before.items.find((r) => r.sessionId === SESSION)!;
    expect(baseline).toBeDefined();
  });

  async function signedIn(account: string) {
    // A Japanese school's browsers run in the report zone; the date filter is a calendar day there.
    const context = await app.browser.newContext({
      viewport: { width: 1440, height: 900 },
      timezoneId: REPORT_ZONE,
    });
    const page = await context.newPage();
    await signIn(page, app.server.url, account, demoAccount(account).password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return { context, page };
  }

  it('a member cannot open /report: page-not-found, and no report item in the menu', async () => {
    const { context, page } = await signedIn('student01');
    await page.goto(`${app.server.url}/report`);
    await page.waitForURL(/\/report\/group$/);
    await page.getByRole('heading', { name: text('ja', 'common:error.notFound') }).waitFor();
    await page.goto(`${app.server.url}/report/group/${DEMO_IDS.groups.class2a}/sessions`);
    await page.getByRole('heading', { name: text('ja', 'common:error.notFound') }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await page.getByRole('button', { name: text('ja', 'common:header.userMenu') }).click();
    expect(
      await page.getByRole('menuitem', { name: text('ja', 'common:header.report') }).count(),
    ).toBe(0);
    await context.close();
  });

  let heldId = '';

  it('a post with a phone number is held; the teacher publishes it from the queue; a classmate sees it', async () => {
    const posted = await api('student12', '/v1/output', {
      method: 'POST',
      body: { sessionId: SESSION, workId: WORK, description: HELD_TEXT, status: 'published' },
    });
    expect(posted.status).toBe(200);
    const item = (posted.json as { item: { id: string; status: string } }).item;
    expect(item.status).toBe('pending');
    heldId = item.id;
    const outputsOf = async (account: string) =>
      (
        (await api(account, `/v1/session/${SESSION}/outputs`)).json as {
          items: Array<{ id: string }>;
        }
      ).items.map((o) => o.id);
    expect(await outputsOf('student02')).not.toContain(heldId);

    const { context, page } = await signedIn('teacher');
    await page.getByRole('button', { name: text('ja', 'common:header.userMenu') }).click();
    await page.getByRole('menuitem', { name: text('ja', 'common:header.moderation') }).click();
    await page.waitForURL(/\/moderation$/);
    const card = page.locator('li').filter({ hasText: HELD_TEXT });
    await card.waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await card.getByLabel(text('ja', 'moderation:note')).fill('School office number');
    await card.getByRole('button', { name: text('ja', 'moderation:publish') }).click();
    await page.getByText(text('ja', 'moderation:decided.publish')).first().waitFor();
    await expect.poll(() => card.count()).toBe(0);
    // The decision is on record with who took it.
    const history = page.getByRole('table', { name: text('ja', 'moderation:history') });
    await history
      .getByRole('row')
      .filter({ hasText: 'School office number' })
      .filter({ hasText: 'Sato Sensei' })
      .waitFor();
    await context.close();

    expect(await outputsOf('student02')).toContain(heldId);
  });

  it("the teacher's group report shows the new output and feedback counts after a refresh", async () => {
    expect(heldId).not.toBe('');
    const me = (await api('student02', '/v1/me')).json as { item: { _id: string } };
    const feedback = await api('student02', '/v1/feedback', {
      method: 'POST',
      body: {
        outputId: heldId,
        sessionId: SESSION,
        workId: WORK,
        userId: me.item._id,
        content: 'Great idea, I will join the clean-up too!',
      },
    });
    expect(feedback.status).toBe(200);

    const { context, page } = await signedIn('teacher');
    await page.goto(`${app.server.url}/report`);
    await page.waitForURL(new RegExp(`/report/group/${GRADE}/sessions$`));
    const table = page.getByRole('table', { name: text('ja', 'reports:tabs.sessions') });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: baseline.title }) });
    const cells = async () => (await row.getByRole('cell').allInnerTexts()).map((c) => c.trim());
    // Columns: session, start, members, joined, outputs, given, received, reflections.
    await expect.poll(async () => (await cells())[4]).toBe(String(baseline.outputs));
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('button', { name: text('ja', 'reports:refreshNow') }).click();
    await expect.poll(async () => (await cells())[4]).toBe(String(baseline.outputs + 1));
    const after = await cells();
    expect(after[5]).toBe(String(baseline.feedbackGiven + 1));
    expect(after[6]).toBe(String(baseline.feedbackReceived + 1));

    // The session detail lists the author with the output, and the posting-status popover
    // shows their latest one.
    // Another school's group is page-not-found for the teacher, without the report frame.
    await page.goto(`${app.server.url}/report/group/${DEMO_IDS.groups.sakura1a}/sessions`);
    await page.getByRole('heading', { name: text('ja', 'common:error.notFound') }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    await page.goto(`${app.server.url}/report/group/${GRADE}/sessions`);
    await row.getByRole('link', { name: baseline.title }).click();
    await page.waitForURL(new RegExp(`/report/group/${GRADE}/session/${SESSION}$`));
    await page.getByRole('button', { name: text('ja', 'reports:postingStatus.button') }).click();
    const popover = page.getByRole('dialog');
    await popover.getByText(HELD_TEXT).waitFor();
    // Check contrast only once the popover has faded in: half-transparent text mid-transition
    // reads as low contrast.
    await expect.poll(() => popover.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await axeFindings(page)).toEqual([]);
    await context.close();
  });
  it('/feedbackzero: members go home; staff see the count, the date rules and the viewer', async () => {
    const member = await signedIn('student01');
    await member.page.goto(`${app.server.url}/feedbackzero`);
    await member.page.waitForURL((url) => url.pathname === '/');
    await member.context.close();

    // A fresh output nobody has commented on yet.
    const fresh = await api('student13', '/v1/output', {
      method: 'POST',
      body: {
        sessionId: SESSION,
        workId: WORK,
        description: 'I will pick up three pieces of litter on my way home every day.',
        status: 'published',
      },
    });
    expect(fresh.status).toBe(200);
    const all = ReportFeedbacksResponse.parse(
      (await api('teacher', '/v1/report/feedbacks?zero=true')).json,
    );
    expect(all.count).toBeGreaterThan(0);
    const { context, page } = await signedIn('teacher');
    await page.getByRole('button', { name: text('ja', 'common:header.userMenu') }).click();
    await page.getByRole('menuitem', { name: text('ja', 'common:header.feedbackZero') }).click();
    await page.waitForURL(/\/feedbackzero$/);
    await page
      .getByText(text('ja', 'reports:feedbackZero.count', { count: String(all.count) }))
      .waitFor();

    await page.getByText(text('ja', 'reports:feedbackZero.range'), { exact: true }).click();
    const today = zoneToday();
    const tomorrow = zoneToday(new Date(Date.now() + 24 * 60 * 60 * 1000));
    const start = page.getByLabel(text('ja', 'reports:feedbackZero.start'));
    const end = page.getByLabel(text('ja', 'reports:feedbackZero.end'));
    await start.fill('2026-01-01');
    await end.fill(tomorrow);
    await page.getByRole('button', { name: text('ja', 'reports:feedbackZero.apply') }).click();
    await page.getByText(text('ja', 'reports:feedbackZero.error.future')).waitFor();
    // An end before the start is refused too.
    await start.fill(today);
    await end.fill('2026-01-01');
    await page.getByRole('button', { name: text('ja', 'reports:feedbackZero.apply') }).click();
    await page.getByText(text('ja', 'reports:feedbackZero.error.afterEnd')).waitFor();
    // Full-width digits typed through an IME become half-width.
    await start.fill('２０２６－０１－０１');
    expect(await start.inputValue()).toBe('2026-01-01');
    await end.fill(today);
    await page.getByRole('button', { name: text('ja', 'reports:feedbackZero.apply') }).click();
    const ranged = ReportFeedbacksResponse.parse(
      (await api('teacher', `/v1/report/feedbacks?zero=true&start=2026-01-01&end=${today}`)).json,
    );
    await page
      .getByText(text('ja', 'reports:feedbackZero.count', { count: String(ranged.count) }))
      .waitFor();

    // Each output opens in the feedback viewer, with its date filter (feedback-zero mode).
    await page
      .getByRole('button', { name: new RegExp(`^${text('ja', 'reports:feedbackZero.open')}`) })
      .first()
      .click();
    const viewer = page.getByRole('dialog');
    await viewer.getByLabel(text('ja', 'feedback:feedbackZero.start')).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await context.close();
  });
});
