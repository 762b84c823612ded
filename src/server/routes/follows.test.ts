import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FollowResponse, UserListResponse } from '../../contracts/api/profile';
import { ErrorBody } from '../../contracts/errors';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
const ids = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.db.selectFrom('users').select(['id', 'account']).execute())
    ids.set(r.account, r.id);
});
afterAll(async () => {
  await t.close();
});

const idOf = (account: string) => ids.get(account)!;
const codeOf = (res: { body: string }) => ErrorBody.parse(JSON.parse(res.body)).error.code;

async function call(account: string, method: 'GET' | 'POST' | 'DELETE', url: string) {
  return t.app.inject({ method, url, headers: await t.authHeader(account) });
}
async function list(account: string, url: string) {
  const res = await call(account, 'GET', url);
  expect(res.statusCode).toBe(200);
  // Pupils see row ids, not login names (issue 8): map them back to accounts to compare.
  const accountOf = new Map([...ids].map(([account, id]) => [id, account]));
  return UserListResponse.parse(res.json()).items.map((u) => accountOf.get(u._id) ?? u._id);
}

describe('follow and unfollow', () => {
  it('follows a classmate: true, then the classmate lists the follower, and unfollow returns false', async () => {
    const res = await call('student10', 'POST', `/v1/follow/${idOf('student11')}`);
    expect(res.statusCode).toBe(200);
    expect(FollowResponse.parse(res.json())).toEqual({ isFollowing: true });
    // Following twice changes nothing.
    expect((await call('student10', 'POST', `/v1/follow/${idOf('student11')}`)).statusCode).toBe(
      200,
    );
    expect(await list('student12', `/v1/user/${idOf('student11')}/followers`)).toEqual([
      'student10',
    ]);
    expect(await list('student11', '/v1/followers')).toEqual(['student10']);
    expect(await list('student10', '/v1/follows')).toContain('student11');
    expect(await list('student12', `/v1/user/${idOf('student10')}/follows`)).toEqual(['student11']);

    const off = await call('student10', 'DELETE', `/v1/follow/${idOf('student11')}`);
    expect(FollowResponse.parse(off.json())).toEqual({ isFollowing: false });
    expect(await list('student11', '/v1/followers')).toEqual([]);
  });

  it('accepts the account name as well as the row id', async () => {
    const res = await call('student13', 'POST', '/v1/follow/student14');
    expect(res.statusCode).toBe(200);
    expect(await list('student14', '/v1/followers')).toEqual(['student13']);
  });

  it('refuses following yourself with 400', async () => {
    const res = await call('student10', 'POST', `/v1/follow/${idOf('student10')}`);
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe('badRequest');
    expect((await call('student10', 'DELETE', '/v1/follow/student10')).statusCode).toBe(400);
  });

  it('answers 404 for a missing user and for a user of another school', async () => {
    expect((await call('student10', 'POST', '/v1/follow/nobody-here')).statusCode).toBe(404);
    const other = await call('sakura01', 'POST', `/v1/follow/${idOf('student10')}`);
    expect(other.statusCode).toBe(404);
    expect(
      (await call('sakura01', 'GET', `/v1/user/${idOf('student10')}/followers`)).statusCode,
    ).toBe(404);
    expect((await call('student10', 'GET', '/v1/user/sakura01/follows')).statusCode).toBe(404);
  });

  it('refuses a guest account the follow permission (403)', async () => {
    const res = await call('guest', 'POST', `/v1/follow/${idOf('student10')}`);
    expect(res.statusCode).toBe(403);
    expect(codeOf(res)).toBe('forbidden');
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/v1/follow/${idOf('student10')}` });
    expect(res.statusCode).toBe(401);
  });

  it('shows the seeded followers of student01', async () => {
    expect((await list('student05', `/v1/user/${idOf('student01')}/followers`)).sort()).toEqual([
      'student02',
      'student03',
    ]);
  });
});
