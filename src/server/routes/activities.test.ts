import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The caller's own activities (moved from catalogue.test.ts). */
let t: TestApp;
const ids = new Map<string, string>();
const headers = new Map<string, { authorization: string }>();
const S = DEMO_IDS.sessions;

beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.db.selectFrom('users').select(['id', 'account']).execute())
    ids.set(r.account, r.id);
  for (const a of ['student01', 'student02']) headers.set(a, await t.authHeader(a));
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

describe('activities', () => {
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
