import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The spec's calls that answered 404 before issue 14: contracts, permissions and walls. */
let t: TestApp;
const ids = new Map<string, string>();
const headers = new Map<string, { authorization: string }>();
const S = DEMO_IDS.sessions;
const G = DEMO_IDS.groups;

beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.db.selectFrom('users').select(['id', 'account']).execute())
    ids.set(r.account, r.id);
  for (const a of ['student01', 'student02', 'teacher', 'staff', 'sakura01', 'sakura-teacher'])
    headers.set(a, await t.authHeader(a));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: string, url: string, account: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: headers.get(account)!,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const ok = async (method: string, url: string, account: string, payload?: unknown) => {
  const res = await call(method, url, account, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as { items: Array<Record<string, unknown>>; item: Record<string, unknown> };
};

describe("the caller's own lists", () => {
  it('me/joinedSessions equals the profile list of the caller', async () => {
    const me = ids.get('student01')!;
    expect(await ok('GET', '/v1/me/joinedSessions', 'student01')).toEqual(
      await ok('GET', `/v1/user/${me}/sessions`, 'student01'),
    );
  });

  it('me/unitOutputs?isViolated=true lists only flagged slides of the caller', async () => {
    const all = await ok('GET', '/v1/me/unitOutputs', 'student01');
    const flagged = await ok('GET', '/v1/me/unitOutputs?isViolated=true', 'student01');
    expect(flagged.items.every((u) => (u.violationStatuses as string[]).length > 0)).toBe(true);
    expect(flagged.items.length).toBeLessThanOrEqual(all.items.length);
  });

  it('bare /v1/notifications is the "all" list, and me/sessions the sessions list', async () => {
    expect(await ok('GET', '/v1/notifications', 'student01')).toEqual(
      await ok('GET', '/v1/notifications/all', 'student01'),
    );
    expect(await ok('GET', '/v1/me/sessions?pageSize=2', 'student01')).toEqual(
      await ok('GET', '/v1/sessions?pageSize=2', 'student01'),
    );
  });
});

describe('works, units, tags, activities', () => {
  it('a unit with nothing the caller may see is a 404', async () => {
    expect((await call('GET', '/v1/units/made-up-unit', 'student01')).statusCode).toBe(404);
  });

  it('lets staff roles write tags and everyone read them', async () => {
    const body = {
      type: 'word',
      name: 'Ocean plastic',
      labels: { ja: '海洋プラスチック', en: 'Ocean plastic' },
    };
    expect((await call('POST', '/v1/tag', 'student01', body)).statusCode).toBe(403);
    const made = await ok('POST', '/v1/tag', 'teacher', body);
    const id = made.item.id as string;
    const read = await ok('GET', '/v1/tag?type=word', 'student01');
    expect(read.items.some((x) => x.id === id)).toBe(true);
    expect((await call('PUT', '/v1/tag', 'student01', { id, name: 'x' })).statusCode).toBe(403);
    const changed = await ok('PUT', '/v1/tag', 'staff', { id, color: '#112233' });
    expect(changed.item.color).toBe('#112233');
    expect((await call('POST', '/v1/tag', 'teacher', { type: 'word', name: ' ' })).statusCode).toBe(
      400,
    );
    expect((await call('DELETE', `/v1/tag?id=${id}`, 'student01')).statusCode).toBe(403);
    await ok('DELETE', `/v1/tag?id=${id}`, 'teacher');
    expect((await call('DELETE', `/v1/tag?id=${id}`, 'teacher')).statusCode).toBe(404);
  });

  it("records and lists the caller's own activity on a session", async () => {
    const made = await ok('POST', '/v1/activity', 'student01', {
      type: 'openWork',
      sessionId: S.oceanArchive,
      workId: 'work-ocean-archive',
      timestamp: 42_000,
    });
    expect(made.item.payload).toEqual({
      sessionId: S.oceanArchive,
      workId: 'work-ocean-archive',
      timestamp: 42_000,
    });
    const mine = await ok('GET', `/v1/activities/${S.oceanArchive}`, 'student01');
    expect(mine.items[0]!.id).toBe(made.item.id);
    const theirs = await ok('GET', `/v1/activities/${S.oceanArchive}`, 'student02');
    expect(theirs.items.some((a) => a.id === made.item.id)).toBe(false);
    const wrongWork = await call('POST', '/v1/activity', 'student01', {
      type: 'openWork',
      sessionId: S.oceanArchive,
      workId: 'work-forest-archive',
    });
    expect(wrongWork.statusCode).toBe(400);
    expect(
      (
        await call('POST', '/v1/activity', 'student01', {
          type: 'joinSession',
          sessionId: S.oceanArchive,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('POST /v1/user: staff create accounts in groups they manage', () => {
  const body = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    name: 'New Pupil',
    displayName: 'Newbie',
    password: 'green-kettle-93',
    role: 'member',
    groupIds: [G.class2a],
    ...extra,
  });

  it('creates a pupil who can sign in, and refuses pupils, other schools and duplicates', async () => {
    expect((await call('POST', '/v1/user', 'student01', body('pupil-made-1'))).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', '/v1/user', 'sakura-teacher', body('pupil-made-2'))).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/v1/user', 'teacher', body('teacher-made', { role: 'teacher' })))
        .statusCode,
    ).toBe(403);
    const made = await ok('POST', '/v1/user', 'teacher', body('pupil-made-3'));
    expect(made.item).toMatchObject({
      account: 'pupil-made-3',
      role: 'member',
      groupIds: [G.class2a],
    });
    expect((await call('POST', '/v1/user', 'teacher', body('PUPIL-made-3'))).statusCode).toBe(409);
    expect(
      (await call('POST', '/v1/user', 'teacher', body('pupil-made-4', { password: 'aaaaaaaa' })))
        .statusCode,
    ).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'pupil-made-3', password: 'green-kettle-93' },
    });
    expect(login.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select(['is_password_unconfirmed', 'school_id'])
      .where('account', '=', 'pupil-made-3')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_password_unconfirmed: true, school_id: DEMO_IDS.school });
  });
});
