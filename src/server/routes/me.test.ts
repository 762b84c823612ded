import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The caller's own lists under /v1/me (moved from catalogue.test.ts). */
let t: TestApp;
const ids = new Map<string, string>();
const headers = new Map<string, { authorization: string }>();

beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.db.selectFrom('users').select(['id', 'account']).execute())
    ids.set(r.account, r.id);
  for (const a of ['student01']) headers.set(a, await t.authHeader(a));
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
});
