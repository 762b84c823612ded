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
  it('me/feedbacks equals the profile list of the caller', async () => {
    const me = ids.get('student01')!;
    expect(await ok('GET', '/v1/me/feedbacks', 'student01')).toEqual(
      await ok('GET', `/v1/user/${me}/feedbacks`, 'student01'),
    );
  });

  it('me/postedOutputs adds autosaved drafts only with withAutosaved', async () => {
    await ok('POST', '/v1/output', 'student02', {
      sessionId: S.forestArchive,
      workId: 'work-forest-archive',
      description: 'a draft in progress',
      status: 'autosaved',
    });
    const without = await ok('GET', '/v1/me/postedOutputs', 'student02');
    const withDrafts = await ok('GET', '/v1/me/postedOutputs?withAutosaved=true', 'student02');
    expect(without.items.some((o) => o.status === 'autosaved')).toBe(false);
    expect(withDrafts.items.some((o) => o.status === 'autosaved')).toBe(true);
    expect(withDrafts.items.every((o) => o.userId === ids.get('student02'))).toBe(true);
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

describe('session-wide lists keep to the caller school', () => {
  it('feedbacks, reflections and actions of a shared session show no other school', async () => {
    await ok('POST', '/v1/action', 'sakura01', {
      target: 'session',
      targetId: S.oceanArchive,
      type: 'wow',
    });
    const demoUsers = new Set(
      ['student01', 'student02', 'student03', 'teacher'].map((a) => ids.get(a)),
    );
    const actions = await ok('GET', `/v1/session/${S.oceanArchive}/actions`, 'student01');
    expect(actions.items.some((a) => a.userId === ids.get('sakura01'))).toBe(false);
    const sakuraSees = await ok('GET', `/v1/session/${S.oceanArchive}/actions`, 'sakura01');
    expect(sakuraSees.items.map((a) => a.userId)).toEqual([ids.get('sakura01')]);
    for (const list of ['feedbacks', 'reflections']) {
      const other = await ok('GET', `/v1/session/${S.oceanArchive}/${list}`, 'sakura01');
      expect(other.items.some((i) => demoUsers.has(i.userId as string))).toBe(false);
      const own = await ok('GET', `/v1/session/${S.oceanArchive}/${list}`, 'student02');
      expect(own.items.length).toBeGreaterThan(0);
    }
    // A session the caller may not see is a 404 like a made-up one.
    expect(
      (await call('GET', `/v1/session/${S.cityPrivate}/feedbacks`, 'student01')).statusCode,
    ).toBe(404);
  });

  it("a room's output length counts its participants who posted", async () => {
    const room = await ok('POST', '/v1/stream', 'teacher', {
      sessionId: S.oceanLive,
      name: 'Count room',
      lang: 'ja',
      groupIds: [G.class2a],
      settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
    });
    const roomId = room.item.id as string;
    await ok('POST', `/v1/session/${S.oceanLive}/join`, 'student01', { streamId: roomId });
    await ok('POST', `/v1/session/${S.oceanLive}/join`, 'student02', { streamId: roomId });
    const before = await ok('POST', `/v1/stream/${roomId}/output/length`, 'teacher', {});
    expect(before.item).toEqual({ length: 0, participants: 2 });
    const works = await ok('GET', `/v1/session/${S.oceanLive}/works`, 'student01');
    await ok('POST', '/v1/output', 'student01', {
      sessionId: S.oceanLive,
      workId: works.items[0]!.id,
      description: 'My idea for the ocean',
      status: 'published',
    });
    const after = await ok('POST', `/v1/stream/${roomId}/output/length`, 'student02', {});
    expect(after.item).toEqual({ length: 1, participants: 2 });
    expect(
      (await call('POST', `/v1/stream/${roomId}/output/length`, 'sakura01', {})).statusCode,
    ).toBe(404);
  });
});

describe('works, units', () => {
  it('answers a work in the asked language or as written, and hides works of hidden sessions', async () => {
    const ja = await ok('GET', '/v1/work/work-ocean-archive?lang=ja', 'student01');
    const en = await ok('GET', '/v1/work/work-ocean-archive?lang=en', 'student01');
    const raw = await ok('GET', '/v1/work/work-ocean-archive?raw=true', 'student01');
    expect(ja.item.id).toBe('work-ocean-archive');
    expect([ja.item.title, en.item.title]).toContain(raw.item.title);
    expect((await call('GET', '/v1/work/made-up-work', 'student01')).statusCode).toBe(404);
    expect((await call('GET', '/v1/work/work-ocean-archive?lang=fr', 'student01')).statusCode).toBe(
      400,
    );
  });

  it('a unit with nothing the caller may see is a 404', async () => {
    expect((await call('GET', '/v1/units/made-up-unit', 'student01')).statusCode).toBe(404);
  });
});
