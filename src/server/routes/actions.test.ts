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

describe("the older service's reaction calls (core-platform §7, issue 30)", () => {
  it('GET /v0/actions takes target and sessionId, POST names the user and the session', async () => {
    const posted = await ok('POST', '/v0/actions', 'student01', {
      target: 'session',
      targetId: S.forestArchive,
      type: 'inspired',
      userId: ids.get('student01'),
      sessionId: S.forestArchive,
    });
    expect(posted.item).toMatchObject({ target: 'session', targetId: S.forestArchive });
    const older = await ok(
      'GET',
      `/v0/actions?target=session&sessionId=${S.forestArchive}`,
      'student01',
    );
    const current = await ok(
      'GET',
      `/v1/action?target=session&targetId=${S.forestArchive}`,
      'student01',
    );
    expect(older.item).toEqual(current.item);
    expect((older.item.counts as Record<string, number>).inspired).toBeGreaterThan(0);
  });

  it("answers 400 without the target's id and 403 for someone else's reaction, changing nothing", async () => {
    const before = await ok(
      'GET',
      `/v1/action?target=session&targetId=${S.forestArchive}`,
      'student01',
    );
    const missing = await t.app.inject({
      method: 'GET',
      url: `/v0/actions?target=session&outputId=${S.forestArchive}`,
      headers: headers.get('student01')!,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields[0].path).toContain('targetId');
    const asOther = await t.app.inject({
      method: 'POST',
      url: '/v0/actions',
      headers: headers.get('student01')!,
      payload: {
        target: 'session',
        sessionId: S.forestArchive,
        type: 'wow',
        userId: ids.get('student02'),
      },
    });
    expect(asOther.statusCode).toBe(403);
    const after = await ok(
      'GET',
      `/v1/action?target=session&targetId=${S.forestArchive}`,
      'student01',
    );
    expect(after.item).toEqual(before.item);
  });
});
