import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

/** POST /v1/user (moved from catalogue.test.ts): staff create accounts in groups they manage. */
let t: TestApp;
const ids = new Map<string, string>();
const headers = new Map<string, { authorization: string }>();
const G = DEMO_IDS.groups;

beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.db.selectFrom('users').select(['id', 'account']).execute())
    ids.set(r.account, r.id);
  for (const a of ['student01', 'teacher', 'sakura-teacher']) headers.set(a, await t.authHeader(a));
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
