import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MyActivitiesResponse,
  UserFeedbacksResponse,
  UserMemosResponse,
  UserOutputsResponse,
  UserSessionsResponse,
  UserTagsResponse,
} from '../../contracts/api/profile';
import { ErrorBody } from '../../contracts/errors';
import { DEMO_IDS } from '../seed/demo';
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
const S = DEMO_IDS.sessions;

async function get(account: string, url: string) {
  return t.app.inject({ url, headers: await t.authHeader(account) });
}

describe('profile lists', () => {
  it("lists a user's published outputs newest first, with the session when asked", async () => {
    const res = await get('student02', `/v1/user/${idOf('student01')}/outputs?withSession=true`);
    expect(res.statusCode).toBe(200);
    const items = UserOutputsResponse.parse(res.json()).items;
    expect(items.map((o) => o.sessionId)).toEqual([S.oceanArchive, S.forestArchive]);
    expect(items[0]!.session?.id).toBe(S.oceanArchive);
    expect(items[0]!.images).toHaveLength(1);
    // The forest output has one published feedback.
    expect(items[1]!.outputComments).toBe(1);
  });

  it('hides drafts, pending, rejected and hidden outputs from others but shows the author theirs (not drafts)', async () => {
    const base = {
      session_id: S.oceanArchive,
      work_id: 'work-ocean-archive',
      user_id: idOf('student04'),
    };
    await t.db
      .insertInto('outputs')
      .values([
        { ...base, description: 'draft', status: 'autosaved' },
        { ...base, description: 'pending', status: 'pending' },
        { ...base, description: 'rejected', status: 'rejected' },
        { ...base, description: 'hidden', status: 'published', is_hidden: true },
      ])
      .execute();
    const byOther = UserOutputsResponse.parse(
      (await get('student05', '/v1/user/student04/outputs')).json(),
    ).items.map((o) => o.description);
    expect(byOther).toHaveLength(1);
    expect(byOther.some((d) => ['draft', 'pending', 'rejected', 'hidden'].includes(d))).toBe(false);
    const byOwner = UserOutputsResponse.parse(
      (await get('student04', '/v1/user/student04/outputs')).json(),
    ).items.map((o) => o.description);
    expect(byOwner).toEqual(expect.arrayContaining(['pending', 'rejected', 'hidden']));
    expect(byOwner).not.toContain('draft');
  });

  it('filters outputs by after and before', async () => {
    const all = UserOutputsResponse.parse(
      (await get('student01', '/v1/user/student01/outputs')).json(),
    ).items;
    const newest = all[0]!.createdAt;
    const before = UserOutputsResponse.parse(
      (await get('student01', `/v1/user/student01/outputs?before=${newest}`)).json(),
    ).items;
    expect(before.map((o) => o.id)).toEqual(all.slice(1).map((o) => o.id));
    const after = UserOutputsResponse.parse(
      (await get('student01', `/v1/user/student01/outputs?after=${newest - 1}`)).json(),
    ).items;
    expect(after.map((o) => o.id)).toEqual([all[0]!.id]);
  });

  it('shows feedback the user wrote; pending feedback only to its author', async () => {
    // student02 wrote the pending feedback on student01's ocean output.
    const own = UserFeedbacksResponse.parse(
      (await get('student02', '/v1/user/student02/feedbacks')).json(),
    ).items;
    const other = UserFeedbacksResponse.parse(
      (await get('student03', '/v1/user/student02/feedbacks')).json(),
    ).items;
    expect(own.map((f) => f.status)).toContain('pending');
    expect(other.every((f) => f.status === 'published')).toBe(true);
    expect(other.length).toBe(own.length - 1);
    expect(own[0]!.session.id).toBe(S.oceanArchive);
  });

  it('lists joined sessions latest first, and their word, job and lifestyle tags', async () => {
    const sessions = UserSessionsResponse.parse(
      (await get('student02', '/v1/user/student01/sessions')).json(),
    ).items;
    expect(sessions.map((s) => s.id)).toEqual([S.oceanArchive, S.forestArchive]);
    expect(sessions[0]!.joinedAt).toBeGreaterThan(sessions[1]!.joinedAt);

    const tags = UserTagsResponse.parse(
      (await get('student02', '/v1/user/student01/tags')).json(),
    ).items;
    expect(tags.map((x) => x.id).sort()).toEqual([
      'job-forest-ranger',
      'job-marine-biologist',
      'lifestyle-sustainable',
    ]);
    expect(tags.every((x) => x.type !== 'tag')).toBe(true);
  });

  it('keeps memos private: the owner reads them, a classmate or teacher gets 403, another school 404', async () => {
    const own = await get('student01', '/v1/user/student01/memos');
    expect(own.statusCode).toBe(200);
    const memos = UserMemosResponse.parse(own.json()).items;
    expect(memos).toHaveLength(2);
    expect(memos[0]!.session?.id).toBe(S.oceanArchive);
    const classmate = await get('student02', '/v1/user/student01/memos');
    expect(classmate.statusCode).toBe(403);
    expect(codeOf(classmate)).toBe('forbidden');
    expect((await get('teacher', '/v1/user/student01/memos')).statusCode).toBe(403);
    expect((await get('sakura01', '/v1/user/student01/memos')).statusCode).toBe(404);
  });

  it("answers 404 for every list of another school's user and of a missing user", async () => {
    for (const list of ['outputs', 'feedbacks', 'sessions', 'tags', 'memos', 'reflections']) {
      const res = await get('sakura01', `/v1/user/${idOf('student01')}/${list}`);
      expect(res.statusCode, list).toBe(404);
      expect((await get('student01', `/v1/user/no-such-user/${list}`)).statusCode, list).toBe(404);
    }
  });

  it("fills 'to me' with published feedback on my outputs and my followers", async () => {
    const res = await get('student01', '/v1/me/activities?tab=toMe');
    expect(res.statusCode).toBe(200);
    const items = MyActivitiesResponse.parse(res.json()).items;
    // A pupil sees row ids, not login names (issue 8): map them back to accounts.
    const accountOf = new Map([...ids].map(([account, id]) => [id, account]));
    const kinds = items.map((i) => `${i.type}:${accountOf.get(i.user._id)}`);
    expect(kinds).toEqual(
      expect.arrayContaining(['feedback:student03', 'follow:student02', 'follow:student03']),
    );
    // The pending feedback from student02 is not shown yet.
    expect(kinds).not.toContain('feedback:student02');
    const sorted = [...items].sort((a, b) => b.createdAt - a.createdAt);
    expect(items).toEqual(sorted);
  });

  it("fills 'nationwide' with the school's recent outputs and reflections, never another school's", async () => {
    const mine = MyActivitiesResponse.parse(
      (await get('student01', '/v1/me/activities?tab=nationwide')).json(),
    ).items;
    expect(mine.some((i) => i.type === 'output')).toBe(true);
    expect(mine.some((i) => i.type === 'reflection')).toBe(true);
    expect(mine.every((i) => i.user.school?.id === DEMO_IDS.school)).toBe(true);
    const sakura = MyActivitiesResponse.parse(
      (await get('sakura01', '/v1/me/activities?tab=nationwide')).json(),
    ).items;
    expect(sakura).toEqual([]);
    expect((await get('student01', '/v1/me/activities?tab=everyone')).statusCode).toBe(400);
  });
});
