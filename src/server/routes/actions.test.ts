import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Reactions; more of their cases run with the feedback they react to (feedbacks.test.ts). */
let t: TestApp;
const ids = new Map<string, string>();
const headers = new Map<string, { authorization: string }>();
const S = DEMO_IDS.sessions;

beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.db.selectFrom('users').select(['id', 'account']).execute())
    ids.set(r.account, r.id);
  for (const a of ['student01', 'sakura01']) headers.set(a, await t.authHeader(a));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const ok = async (method: 'GET' | 'POST', url: string, account: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    headers: headers.get(account)!,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as { items: Array<Record<string, unknown>>; item: Record<string, unknown> };
};

describe('session-wide lists keep to the caller school', () => {
  it('actions of a shared session show no other school', async () => {
    await ok('POST', '/v1/action', 'sakura01', {
      target: 'session',
      targetId: S.oceanArchive,
      type: 'wow',
    });
    const actions = await ok('GET', `/v1/session/${S.oceanArchive}/actions`, 'student01');
    expect(actions.items.some((a) => a.userId === ids.get('sakura01'))).toBe(false);
    const sakuraSees = await ok('GET', `/v1/session/${S.oceanArchive}/actions`, 'sakura01');
    expect(sakuraSees.items.map((a) => a.userId)).toEqual([ids.get('sakura01')]);
  });
});
