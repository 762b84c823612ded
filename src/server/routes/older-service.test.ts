import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupMembersResponse } from '../../contracts/api/groups';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';
import { LEGACY_ALIASES, LEGACY_PREFIX } from './legacy';

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

  it('limits one address to ten requests in 15 minutes (429, which the client reads as false)', async () => {
    const app = await t.withEnv({ RATE_LIMIT_PER_MINUTE: '1200' });
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/v0/password-reset',
        payload: { username: `made-up-${i}` },
        remoteAddress: '10.9.8.7',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
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
