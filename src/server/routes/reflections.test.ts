import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReflectionResponse, ReflectionsResponse } from '../../contracts/api/profile';
import { ErrorBody } from '../../contracts/errors';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const codeOf = (res: { body: string }) => ErrorBody.parse(JSON.parse(res.body)).error.code;
const S = DEMO_IDS.sessions;

async function call(
  account: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: await t.authHeader(account),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function create(account: string, sessionId: string, payload: unknown) {
  const res = await call(account, 'POST', `/v1/session/${sessionId}/reflection`, payload);
  expect(res.statusCode, res.body).toBe(200);
  return ReflectionResponse.parse(res.json()).item;
}

describe('reflections', () => {
  it('creates a draft, lets the author read and update it, and hides it from classmates (404)', async () => {
    const r = await create('student20', S.forestArchive, { ideaNote: 'Trees drink rain.' });
    expect(r).toMatchObject({
      status: 'draft',
      ideaNote: 'Trees drink rain.',
      thinkNote: '',
      actionNote: '',
    });
    expect(r.session?.id).toBe(S.forestArchive);

    expect((await call('student20', 'GET', `/v1/reflection/${r.id}`)).statusCode).toBe(200);
    const peek = await call('student21', 'GET', `/v1/reflection/${r.id}`);
    expect(peek.statusCode).toBe(404);
    // The teacher does not read a pupil's draft either.
    expect((await call('teacher', 'GET', `/v1/reflection/${r.id}`)).statusCode).toBe(404);

    const put = await call('student20', 'PUT', `/v1/reflection/${r.id}`, {
      thinkNote: 'Why do forests make rain?',
      status: 'published',
    });
    expect(put.statusCode).toBe(200);
    expect(ReflectionResponse.parse(put.json()).item).toMatchObject({
      status: 'published',
      ideaNote: 'Trees drink rain.',
      thinkNote: 'Why do forests make rain?',
    });
    // Published: classmates read it, with the session's tags.
    const read = await call('student21', 'GET', `/v1/reflection/${r.id}`);
    expect(read.statusCode).toBe(200);
    expect(ReflectionResponse.parse(read.json()).item.tags?.map((x) => x.id)).toContain(
      'tag-environment',
    );
    // Another school never sees it.
    expect((await call('sakura01', 'GET', `/v1/reflection/${r.id}`)).statusCode).toBe(404);
  });

  it('lets only the author change or delete (403 for a classmate who can read it)', async () => {
    const r = await create('student22', S.forestArchive, { ideaNote: 'mine', status: 'published' });
    const put = await call('student23', 'PUT', `/v1/reflection/${r.id}`, { ideaNote: 'hacked' });
    expect(put.statusCode).toBe(403);
    expect(codeOf(put)).toBe('forbidden');
    expect((await call('student23', 'DELETE', `/v1/reflection/${r.id}`)).statusCode).toBe(403);
    expect((await call('sakura01', 'DELETE', `/v1/reflection/${r.id}`)).statusCode).toBe(404);

    expect((await call('student22', 'DELETE', `/v1/reflection/${r.id}`)).statusCode).toBe(200);
    expect((await call('student22', 'GET', `/v1/reflection/${r.id}`)).statusCode).toBe(404);
  });

  it('keeps one reflection per session (409) and validates notes (400)', async () => {
    await create('student24', S.oceanArchive, {});
    const again = await call('student24', 'POST', `/v1/session/${S.oceanArchive}/reflection`, {});
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('conflict');

    const long = await call('student25', 'POST', `/v1/session/${S.oceanArchive}/reflection`, {
      ideaNote: 'x'.repeat(4001),
    });
    expect(long.statusCode).toBe(400);
    expect(codeOf(long)).toBe('badRequest');
    const extra = await call('student25', 'POST', `/v1/session/${S.oceanArchive}/reflection`, {
      mood: 3,
    });
    expect(extra.statusCode).toBe(400);
  });

  it('keeps a score from 0 to 10 (spec: reflection score max 10) and refuses any other', async () => {
    for (const score of [11, -1, 2.5, '7']) {
      const bad = await call('student27', 'POST', `/v1/session/${S.oceanArchive}/reflection`, {
        score,
      });
      expect(bad.statusCode, String(score)).toBe(400);
    }
    const created = await call('student27', 'POST', `/v1/session/${S.oceanArchive}/reflection`, {
      ideaNote: 'Tides follow the moon',
      score: 10,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { item } = created.json<{ item: { id: string; score: number | null } }>();
    expect(item.score).toBe(10);
    const tooHigh = await call('student27', 'PUT', `/v1/reflection/${item.id}`, { score: 11 });
    expect(tooHigh.statusCode).toBe(400);
    const read = async () =>
      (await call('student27', 'GET', `/v1/reflection/${item.id}`)).json<{
        item: { score: number | null };
      }>().item.score;
    expect(await read()).toBe(10);
    expect(
      (await call('student27', 'PUT', `/v1/reflection/${item.id}`, { score: 0 })).statusCode,
    ).toBe(200);
    expect(await read()).toBe(0);
    expect(
      (await call('student27', 'PUT', `/v1/reflection/${item.id}`, { score: null })).statusCode,
    ).toBe(200);
    expect(await read()).toBeNull();
  });

  it('answers 404 for a session the user may not see', async () => {
    const res = await call('student26', 'POST', `/v1/session/${S.cityPrivate}/reflection`, {});
    expect(res.statusCode).toBe(404);
    expect(
      (await call('sakura01', 'POST', `/v1/session/${S.forestArchive}/reflection`, {})).statusCode,
    ).toBe(404);
  });

  it('lists my reflections with session and tags, narrowed by session', async () => {
    const res = await call('student01', 'GET', '/v1/me/reflections?withSession=true&withTag=true');
    expect(res.statusCode).toBe(200);
    const items = ReflectionsResponse.parse(res.json()).items;
    expect(items.map((r) => [r.sessionId, r.status]).sort()).toEqual([
      [S.forestArchive, 'draft'],
      [S.oceanArchive, 'published'],
    ]);
    expect(items.every((r) => r.session && r.tags)).toBe(true);
    const one = await call('student01', 'GET', `/v1/me/reflections?sessionId=${S.forestArchive}`);
    const only = ReflectionsResponse.parse(one.json()).items;
    expect(only).toHaveLength(1);
    expect(only[0]!.session).toBeUndefined();
  });

  it("shows others only a user's published reflections on the profile list", async () => {
    const own = ReflectionsResponse.parse(
      (await call('student01', 'GET', '/v1/user/student01/reflections')).json(),
    ).items;
    const seen = ReflectionsResponse.parse(
      (await call('student02', 'GET', '/v1/user/student01/reflections')).json(),
    ).items;
    expect(own).toHaveLength(2);
    expect(seen.map((r) => r.status)).toEqual(['published']);
    expect((await call('sakura01', 'GET', '/v1/user/student01/reflections')).statusCode).toBe(404);
  });
});

// Issue 24: pupils write reflections at a lesson's end and from マイページ (POST …/reflection).
describe('writing a reflection', () => {
  it('is for accounts that may post: a guest gets guestRestricted, a graduate 403', async () => {
    const guest = await call('guest', 'POST', `/v1/session/${S.oceanArchive}/reflection`, {
      ideaNote: 'Shared account',
    });
    expect(guest.statusCode).toBe(403);
    expect(codeOf(guest)).toBe('guestRestricted');
    const graduate = await call('graduate', 'POST', `/v1/session/${S.oceanArchive}/reflection`, {
      ideaNote: 'Read only',
    });
    expect(graduate.statusCode).toBe(403);
  });

  it('refuses a published reflection with three blank notes (full-width spaces too); a blank draft is kept', async () => {
    const blank = await call('student15', 'POST', `/v1/session/${S.oceanArchive}/reflection`, {
      ideaNote: ' \u3000 ',
      status: 'published',
    });
    expect(blank.statusCode).toBe(400);
    expect(codeOf(blank)).toBe('badRequest');
    const draft = await create('student15', S.oceanArchive, { ideaNote: '', score: 7 });
    expect(draft.status).toBe('draft');
    // Publishing it still needs words.
    const publish = await call('student15', 'PUT', `/v1/reflection/${draft.id}`, {
      status: 'published',
    });
    expect(publish.statusCode).toBe(400);
    const written = await call('student15', 'PUT', `/v1/reflection/${draft.id}`, {
      actionNote: 'Pick up litter at the beach',
      status: 'published',
    });
    expect(written.statusCode, written.body).toBe(200);
    expect(ReflectionResponse.parse(written.json()).item.status).toBe('published');
  });

  it('screens a published reflection like today: a phone number waits as pending for a teacher', async () => {
    const held = await create('student16', S.oceanArchive, {
      thinkNote: 'Call me on 090-1234-5678 about the clean-up',
      status: 'published',
    });
    expect(held.status).toBe('pending');
    const queue = await call('teacher', 'GET', '/v1/moderation/queue');
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain(held.id);
  });

  it('is scoped to the pupil: the reflection is their own, on a session of their school', async () => {
    const mine = await create('student17', S.oceanArchive, {
      ideaNote: 'Mine',
      status: 'published',
    });
    const me = await call('student17', 'GET', '/v1/me');
    expect(mine.userId).toBe(me.json<{ item: { _id: string } }>().item._id);
    // Another school's pupil cannot write on this school's session (404, like a made-up id).
    expect(
      (
        await call('sakura01', 'POST', `/v1/session/${S.forestArchive}/reflection`, {
          ideaNote: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('student17', 'POST', '/v1/session/no-such-session/reflection', { ideaNote: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});

// ---- moved from routes/catalogue.test.ts with its route -----------------------------------

describe('session-wide lists keep to the caller school', () => {
  it('reflections of a shared session show no other school', async () => {
    const ok = async (account: string, url: string) => {
      const res = await call(account, 'GET', url);
      expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
      return res.json() as { items: Array<Record<string, unknown>> };
    };
    const demo = await t.db
      .selectFrom('users')
      .select('id')
      .where('account', 'in', ['student01', 'student02', 'student03', 'teacher'])
      .execute();
    const demoUsers = new Set(demo.map((u) => u.id));
    const other = await ok('sakura01', `/v1/session/${S.oceanArchive}/reflections`);
    expect(other.items.some((i) => demoUsers.has(i.userId as string))).toBe(false);
    const own = await ok('student02', `/v1/session/${S.oceanArchive}/reflections`);
    expect(own.items.length).toBeGreaterThan(0);
  });
});
