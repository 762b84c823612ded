import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupMembersResponse } from '../../contracts/api/groups';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';
import { LEGACY_ALIASES, LEGACY_PREFIX } from '../http/legacy-aliases';

/**
 * The older service under /v0 (issue 14): every alias answers exactly what its /v1 route
 * answers (one table), and the calls built for it: password reset, surveys, articles, inquiry,
 * app info, paged comments.
 */
let t: TestApp;
const ids = new Map<string, string>();
const headers = new Map<string, { authorization: string }>();
let outputId = '';
let output = { session_id: '', work_id: '' };

beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.db.selectFrom('users').select(['id', 'account']).execute())
    ids.set(r.account, r.id);
  for (const a of ['student01', 'student02', 'teacher', 'staff', 'admin', 'sakura-teacher'])
    headers.set(a, await t.authHeader(a));
  const row = await t.db
    .selectFrom('outputs')
    .select(['id', 'session_id', 'work_id'])
    .where('user_id', '=', ids.get('student01')!)
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
  outputId = row.id;
  output = row;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const S = DEMO_IDS.sessions;
const auth = (a: string) => headers.get(a)!;
const inject = (method: string, url: string, account?: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    ...(account ? { headers: auth(account) } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** Concrete values for the aliases' path parameters and a valid query for the reads. */
function fill(path: string): string {
  return path
    .replace('/session/:id', `/session/${S.oceanArchive}`)
    .replace('/output/:id', `/output/${outputId}`)
    .replace('/work/:id', '/work/work-ocean-archive')
    .replace('/users/:id', `/users/${ids.get('student02')}`)
    .replace('/user/:id', `/user/${ids.get('student02')}`)
    .replace('/permission/:name', '/permission/submitOutput')
    .replace('/follow/:id', `/follow/${ids.get('student02')}`);
}
const READ_QUERIES: Record<string, string> = {
  '/actions': `?target=session&targetId=${S.oceanArchive}`,
};

describe('older-service aliases: the /v1 contract and checks, one table', () => {
  it.each(LEGACY_ALIASES.map((a) => [`${a.method} ${a.path}`, a] as const))(
    '%s',
    async (_label, a) => {
      const older = `${LEGACY_PREFIX}${fill(a.path)}`;
      const v1 = fill(a.v1.url);
      // Signed out: the same refusal (the login alias has no sign-in to refuse).
      if (a.path !== '/auth/login') {
        const [o, n] = await Promise.all([
          inject(a.method, older, undefined, a.method === 'GET' ? undefined : {}),
          inject(a.v1.method, v1, undefined, a.v1.method === 'GET' ? undefined : {}),
        ]);
        // Reads refuse with 401; writes parse their body first (400), exactly as /v1 does.
        expect([400, 401]).toContain(o.statusCode);
        expect(o.statusCode).toBe(n.statusCode);
        expect(o.body).toBe(n.body);
      }
      if (a.method === 'GET' && a.v1.method === 'GET') {
        // A read: the same answer, body for body.
        const q = READ_QUERIES[a.path] ?? '';
        const [o, n] = await Promise.all([
          inject('GET', `${older}${q}`, 'student01'),
          inject('GET', `${v1}${q}`, 'student01'),
        ]);
        expect(o.statusCode, o.body).toBe(200);
        expect(o.json()).toEqual(n.json());
      } else if (a.method !== 'GET' && a.v1.method !== 'GET') {
        // A write: the same contract refuses the same bad body the same way.
        const bad = { unexpected: 'x'.repeat(10), content: 42 };
        const [o, n] = await Promise.all([
          inject(a.method, older, 'student01', bad),
          inject(a.v1.method, v1, 'student01', bad),
        ]);
        expect(o.statusCode).toBe(n.statusCode);
        if (!a.guard && o.statusCode >= 400) expect(o.json()).toEqual(n.json());
      }
    },
  );

  it("checks the older comment path's output id against the body's", async () => {
    const body = {
      outputId,
      sessionId: output.session_id,
      workId: output.work_id,
      userId: ids.get('student02'),
      content: 'Lovely idea from the older path',
    };
    const wrong = await inject(
      'POST',
      `/v0/output/${ids.get('student02')}/comments`,
      'student02',
      body,
    );
    expect(wrong.statusCode).toBe(400);
    const right = await inject('POST', `/v0/output/${outputId}/comments`, 'student02', body);
    expect(right.statusCode, right.body).toBe(200);
  });
});

describe('POST /v0/password-reset: the request reaches the teacher, who sets a new password', () => {
  const members = async (account: string) => {
    const res = await inject('GET', `/v1/group/${DEMO_IDS.groups.class2a}/members`, account);
    expect(res.statusCode).toBe(200);
    return GroupMembersResponse.parse(res.json()).items;
  };

  it('answers true for known and unknown names alike and records only a pupil', async () => {
    for (const username of ['student03', 'nobody-at-all', 'teacher']) {
      const res = await inject('POST', '/v0/password-reset', undefined, { username });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(true);
    }
    const rows = await t.db.selectFrom('password_reset_requests').selectAll().execute();
    expect(rows.map((r) => r.user_id)).toEqual([ids.get('student03')]);
    // Asking again refreshes the one open request.
    await inject('POST', '/v0/password-reset', undefined, { username: 'student03' });
    expect(await t.db.selectFrom('password_reset_requests').selectAll().execute()).toHaveLength(1);
    const bad = await inject('POST', '/v0/password-reset', undefined, { username: '' });
    expect(bad.statusCode).toBe(400);
  });

  it("shows the request in the teacher's group pane and closes it when the teacher sets a password", async () => {
    const before = await members('teacher');
    const pupil = before.find((m) => m.id === ids.get('student03'))!;
    expect(pupil.passwordResetRequestedAt).toEqual(expect.any(Number));
    expect(before.filter((m) => m.passwordResetRequestedAt)).toHaveLength(1);
    // Another school's teacher cannot even list the group.
    const other = await inject(
      'GET',
      `/v1/group/${DEMO_IDS.groups.class2a}/members`,
      'sakura-teacher',
    );
    expect(other.statusCode).toBe(404);

    const set = await inject('PUT', `/v1/user/${pupil.id}`, 'teacher', {
      password: 'blue-harbour-47',
    });
    expect(set.statusCode, set.body).toBe(200);
    const after = await members('teacher');
    expect(after.find((m) => m.id === pupil.id)!.passwordResetRequestedAt).toBeNull();
    const login = await t.app.inject({
      method: 'POST',
      url: '/v0/auth/login',
      payload: { username: 'student03', password: 'blue-harbour-47' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('hole 5: a whole school behind one address can ask; one account name is limited, the address only against floods', async () => {
    const app = await t.withEnv({});
    const ask = (username: string, remoteAddress = '10.9.8.7') =>
      app.inject({
        method: 'POST',
        url: '/v0/password-reset',
        payload: { username },
        remoteAddress,
      });
    // Forty pupils of one school, one request each, from the school's one address.
    for (let i = 0; i < 40; i += 1) expect((await ask(`pupil-${i}`)).statusCode).toBe(200);
    // One account name asked for again and again: the sixth in the window waits.
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) codes.push((await ask('Student03-typo')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await ask('student03-TYPO', '10.1.1.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('tooManyRequests');
    // The address ceiling (a flood of made-up names) is far above a school's needs.
    let flood = 200;
    for (let i = 0; i < 300 && flood === 200; i += 1)
      flood = (await ask(`flood-${i}`, '10.7.7.7')).statusCode;
    expect(flood).toBe(200);
    expect((await ask('flood-last', '10.7.7.7')).statusCode).toBe(429);
  });
});

describe('surveys, articles, inquiry, paged comments', () => {
  it("answers the survey identification number and keeps the caller's answers", async () => {
    const first = await inject('GET', '/v0/surveys?id=term-1', 'student01');
    expect(first.statusCode).toBe(200);
    const groupName = (await t.db
      .selectFrom('groups')
      .select('name')
      .where('id', '=', DEMO_IDS.groups.class2a)
      .executeTakeFirstOrThrow())!.name;
    expect(first.json().item).toMatchObject({
      identification: `${groupName.split('_')[0]}_student01`,
      answered: false,
      answers: null,
    });
    const put = await inject('PUT', '/v0/surveys/term-1', 'student01', {
      answers: { q1: 'yes', q2: 4 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().item).toMatchObject({ answered: true, answers: { q1: 'yes', q2: 4 } });
    // Someone else's answers stay theirs.
    const other = await inject('GET', '/v0/surveys?id=term-1', 'student02');
    expect(other.json().item.answered).toBe(false);
  });

  it('lets staff publish articles for their school only, and pupils read them', async () => {
    const denied = await inject('POST', '/v0/articles', 'student01', {
      title: 'News',
      publish: true,
    });
    expect(denied.statusCode).toBe(403);
    const made = await inject('POST', '/v0/articles', 'teacher', {
      title: 'Sports day on Friday',
      body: 'Bring water.',
      publish: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const everywhere = await inject('POST', '/v0/articles', 'teacher', {
      title: 'For every school',
      publish: true,
      allSchools: true,
    });
    expect(everywhere.statusCode).toBe(403);
    const mine = await inject('GET', '/v0/articles', 'student01');
    expect(mine.json().items.map((a: { title: string }) => a.title)).toContain(
      'Sports day on Friday',
    );
    const sakura = await inject('GET', '/v0/articles', 'sakura-teacher');
    expect(sakura.json().items).toEqual([]);
  });

  it("keeps a draft (the /news screen's second button) to its school's staff", async () => {
    // The body the staff screen sends: empty text, no link.
    const draft = await inject('POST', '/v0/articles', 'teacher', {
      title: 'Draft: open day',
      body: '',
      url: null,
      publish: false,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().item.publishedAt).toBeNull();
    const titles = async (account: string) =>
      (await inject('GET', '/v0/articles?drafts=true', account))
        .json()
        .items.map((a: { title: string }) => a.title);
    expect(await titles('teacher')).toContain('Draft: open day');
    // A pupil asking for drafts gets the published ones only; another school's staff see nothing.
    expect(await titles('student01')).not.toContain('Draft: open day');
    expect(await titles('sakura-teacher')).not.toContain('Draft: open day');
    const badLink = await inject('POST', '/v0/articles', 'teacher', {
      title: 'Link',
      url: 'javascript:alert(1)',
      publish: true,
    });
    expect(badLink.statusCode).toBe(400);
  });

  it("stores an inquiry for the provider's admins alone", async () => {
    const sent = await inject('POST', '/v0/inquiry', 'student01', {
      subject: 'Video does not play',
      body: 'The forest video stops at 0:30.',
    });
    expect(sent.statusCode).toBe(200);
    expect((await inject('GET', '/v0/inquiry', 'teacher')).statusCode).toBe(403);
    const inbox = await inject('GET', '/v0/inquiry', 'admin');
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().items[0]).toMatchObject({
      subject: 'Video does not play',
      user: { id: ids.get('student01') },
    });
    const blank = await inject('POST', '/v0/inquiry', 'student01', { subject: ' ', body: 'x' });
    expect(blank.statusCode).toBe(400);
  });

  it('pages session comments newest first without repeats', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await inject('POST', `/v1/session/${S.oceanArchive}/comment`, 'student01', {
        type: 'SESSION',
        content: `paged comment ${i}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const seen: string[] = [];
    let lastKey: string | null = null;
    let pages = 0;
    do {
      const q: string = lastKey ? `&lastKey=${lastKey}` : '';
      const res = await inject(
        'GET',
        `/v0/session/${S.oceanArchive}/comments/page?pageSize=2${q}`,
        'student02',
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: { id: string }[]; lastKey: string | null };
      seen.push(...body.items.map((c) => c.id));
      lastKey = body.lastKey;
      pages += 1;
    } while (lastKey && pages < 50);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await inject('GET', `/v1/session/${S.oceanArchive}/comments`, 'student02');
    expect(seen.length).toBe((all.json() as { items: unknown[] }).items.length);
    expect(pages).toBeGreaterThanOrEqual(3);
  });
});

describe('hole 4: the contact form has a budget per account and the admin inbox pages', () => {
  it('answers 429 with Retry-After past five messages in 15 minutes, for that account only', async () => {
    const app = await t.withEnv({});
    const send = (account: string, i: number) =>
      app.inject({
        method: 'POST',
        url: '/v0/inquiry',
        headers: auth(account),
        payload: { subject: `flood ${i}`, body: 'x'.repeat(50) },
      });
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) codes.push((await send('student02', i)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const last = await send('student02', 7);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send('teacher', 1)).statusCode).toBe(200);
    // A message is bounded: 100 characters of subject, 2,000 of text.
    const big = await app.inject({
      method: 'POST',
      url: '/v0/inquiry',
      headers: auth('staff'),
      payload: { subject: 'big', body: 'x'.repeat(2001) },
    });
    expect(big.statusCode).toBe(400);
  });

  it('pages the inbox without repeats or gaps (page and pageSize, with the total)', async () => {
    const all = await inject('GET', '/v0/inquiry?pageSize=50', 'admin');
    const ids = all.json().items.map((i: { id: string }) => i.id);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(all.json().total).toBe(ids.length);
    const seen: string[] = [];
    for (let page = 1; seen.length < ids.length; page++) {
      const res = await inject('GET', `/v0/inquiry?pageSize=2&page=${page}`, 'admin');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: { id: string }[] };
      expect(body.items.length).toBeGreaterThan(0);
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((i) => i.id));
    }
    expect(seen).toEqual(ids);
    expect((await inject('GET', '/v0/inquiry?page=nonsense', 'admin')).statusCode).toBe(400);
  });
});

describe('hole 7: surveys take known-shaped ids and bounded answers', () => {
  const headerOf = async (account: string) => {
    if (!headers.has(account)) headers.set(account, await t.authHeader(account));
    return headers.get(account)!;
  };
  const put = async (app: typeof t.app, id: string, answers: unknown, account = 'student05') =>
    app.inject({
      method: 'PUT',
      url: `/v0/surveys/${encodeURIComponent(id)}`,
      headers: await headerOf(account),
      payload: { answers } as Record<string, unknown>,
    });

  it('refuses free-text ids, odd keys, too many keys and oversize answers, storing nothing', async () => {
    const rows = async () =>
      (await t.db.selectFrom('survey_answers').select('survey_id').execute()).length;
    const before = await rows();
    for (const [id, answers] of [
      ['x'.repeat(90), { q1: 'a' }],
      ['Term 1', { q1: 'a' }],
      ['term-2', { 'q 1 with spaces and more': 'a' }],
      ['term-2', Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`q${i}`, 1]))],
      [
        'term-2',
        Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`q${i}`, 'あ'.repeat(999)])),
      ],
    ] as const) {
      const res = await put(t.app, id, answers);
      expect(res.statusCode, id).toBe(400);
    }
    expect(await rows()).toBe(before);
    expect((await put(t.app, 'term-2', { q1: 'yes', q2: 3, q3: true })).statusCode).toBe(200);
  });

  it('limits saves per account and how many surveys one account answers', async () => {
    const app = await t.withEnv({});
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1)
      codes.push((await put(app, `s-${i % 25}`, { q: i }, 'student06')).statusCode);
    // Surveys 0..19 are stored; the 21st different survey is refused; the 31st save waits.
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(409);
    expect(codes[30]).toBe(429);
    expect(
      (
        await t.db
          .selectFrom('survey_answers')
          .innerJoin('users', 'users.id', 'survey_answers.user_id')
          .select('survey_id')
          .where('users.account', '=', 'student06')
          .execute()
      ).length,
    ).toBe(20);
  });
});
