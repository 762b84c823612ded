/**
 * Issue 24, the staff-side gaps: editing and withdrawing news, answering and archiving contact
 * messages, and making classes and placing pupils in them. Each call is tried from another school
 * (404), as a pupil (403) and with bad input (400, nothing changed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupMembersResponse } from '../../contracts/api/groups';
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
async function inject(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  account: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: await t.authHeader(account),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}
const userId = async (account: string) =>
  (
    await t.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
  ).id;
const groupsOf = async (account: string) =>
  (
    await t.db
      .selectFrom('group_members')
      .innerJoin('users', 'users.id', 'group_members.user_id')
      .select('group_members.group_id')
      .where('users.account', '=', account)
      .execute()
  )
    .map((r) => r.group_id)
    .sort();

describe('news: edit and withdraw (PUT /v0/articles/{id})', () => {
  it('edits a published item, withdraws it so pupils stop seeing it, and guards the school wall', async () => {
    const made = await inject('POST', '/v0/articles', 'teacher', {
      title: 'Sports day',
      body: 'Friday',
      publish: true,
    });
    expect(made.statusCode).toBe(200);
    const id = made.json().item.id as string;
    const titles = async (account: string) =>
      ((await inject('GET', '/v0/articles', account)).json().items as { title: string }[]).map(
        (a) => a.title,
      );
    expect(await titles('student01')).toContain('Sports day');

    // Pupils 403, another school 404, bad input 400: the item is unchanged each time.
    expect(
      (await inject('PUT', `/v0/articles/${id}`, 'student01', { publish: false })).statusCode,
    ).toBe(403);
    const other = await inject('PUT', `/v0/articles/${id}`, 'sakura-teacher', { publish: false });
    expect(other.statusCode).toBe(404);
    expect(codeOf(other)).toBe('notFound');
    for (const bad of [
      { title: ' ' },
      {},
      { url: 'javascript:alert(1)' },
      { title: 'x', extra: 1 },
    ]) {
      expect((await inject('PUT', `/v0/articles/${id}`, 'teacher', bad)).statusCode).toBe(400);
    }
    expect(await titles('student01')).toContain('Sports day');

    const edited = await inject('PUT', `/v0/articles/${id}`, 'teacher', {
      title: 'Sports day (rain)',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().item).toMatchObject({ title: 'Sports day (rain)', body: 'Friday' });
    expect(await titles('student01')).toContain('Sports day (rain)');

    const withdrawn = await inject('PUT', `/v0/articles/${id}`, 'teacher', { publish: false });
    expect(withdrawn.json().item).toMatchObject({
      publishedAt: null,
      withdrawnAt: expect.any(Number),
    });
    expect(await titles('student01')).not.toContain('Sports day (rain)');
    expect((await inject('GET', `/v0/articles?id=${id}`, 'student01')).statusCode).toBe(404);
    // Staff still see it among their drafts, and may publish it again.
    const staffList = (await inject('GET', '/v0/articles?drafts=true', 'teacher')).json().items;
    expect(staffList.find((a: { id: string }) => a.id === id)).toMatchObject({ publishedAt: null });
    await inject('PUT', `/v0/articles/${id}`, 'teacher', { publish: true });
    expect(await titles('student01')).toContain('Sports day (rain)');
  });
});

describe('contact inbox: answer, archive, paging (/v0/inquiry)', () => {
  it('answers and archives a message, open ones first, paged, and admins only', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await inject('POST', '/v0/inquiry', 'student01', {
        subject: `Q${i}`,
        body: 'help',
      });
      ids.push(res.json().item.id);
    }
    const answer = await inject('POST', `/v0/inquiry/${ids[4]}/answer`, 'admin', {
      answer: 'We fixed it.',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().item).toMatchObject({ status: 'answered', answer: 'We fixed it.' });

    // Open messages first (Q3 … Q0), the answered Q4 after them; two to a page.
    const page1 = (await inject('GET', '/v0/inquiry?pageSize=2', 'admin')).json();
    expect(page1.total).toBe(5);
    expect(page1.items.map((q: { subject: string }) => q.subject)).toEqual(['Q3', 'Q2']);
    const page3 = (await inject('GET', '/v0/inquiry?pageSize=2&page=3', 'admin')).json();
    expect(page3.items.map((q: { subject: string }) => q.subject)).toEqual(['Q4']);

    expect(
      (await inject('POST', `/v0/inquiry/${ids[0]}/archive`, 'admin', { archived: true }))
        .statusCode,
    ).toBe(200);
    const open = (await inject('GET', '/v0/inquiry', 'admin')).json();
    expect(open.items.map((q: { id: string }) => q.id)).not.toContain(ids[0]);
    const archived = (await inject('GET', '/v0/inquiry?archived=true', 'admin')).json();
    expect(archived.items.map((q: { id: string }) => q.id)).toEqual([ids[0]]);

    // Pupils and teachers 403; unknown ids 404; bad input 400 and nothing changes.
    for (const account of ['student01', 'teacher']) {
      expect(
        (await inject('POST', `/v0/inquiry/${ids[1]}/answer`, account, { answer: 'x' })).statusCode,
      ).toBe(403);
      expect(
        (await inject('POST', `/v0/inquiry/${ids[1]}/archive`, account, { archived: true }))
          .statusCode,
      ).toBe(403);
    }
    expect(
      (await inject('POST', '/v0/inquiry/nope/answer', 'admin', { answer: 'x' })).statusCode,
    ).toBe(404);
    for (const bad of [
      { answer: '  ' },
      { answer: 'x'.repeat(1001) },
      {},
      { answer: 'x', more: 1 },
    ]) {
      expect((await inject('POST', `/v0/inquiry/${ids[1]}/answer`, 'admin', bad)).statusCode).toBe(
        400,
      );
    }
    expect(
      (await inject('POST', `/v0/inquiry/${ids[1]}/archive`, 'admin', { archived: 'yes' }))
        .statusCode,
    ).toBe(400);
    expect((await inject('GET', '/v0/inquiry?page=0', 'admin')).statusCode).toBe(400);
    const untouched = await t.db
      .selectFrom('inquiries')
      .select(['status', 'answer', 'archived_at'])
      .where('id', '=', ids[1]!)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({ status: 'open', answer: null, archived_at: null });
  });
});

describe('classes: create, add, move (/v1/group, /v1/group/{id}/members)', () => {
  it('makes a class under the grade and moves a pupil into it', async () => {
    const made = await inject('POST', '/v1/group', 'teacher', {
      name: 'Class 2-C',
      parentId: DEMO_IDS.groups.grade2,
    });
    expect(made.statusCode).toBe(200);
    const cls = made.json().item;
    expect(cls).toMatchObject({
      name: 'Class 2-C',
      parentId: DEMO_IDS.groups.grade2,
      schoolId: DEMO_IDS.school,
    });
    // The same name twice under one grade is refused.
    expect(
      (
        await inject('POST', '/v1/group', 'teacher', {
          name: 'class 2-c',
          parentId: DEMO_IDS.groups.grade2,
        })
      ).statusCode,
    ).toBe(409);

    const candidates = (await inject('GET', `/v1/group/${cls.id}/candidates`, 'teacher')).json()
      .items;
    const student05 = await userId('student05');
    expect(candidates.find((c: { id: string }) => c.id === student05)).toMatchObject({
      groups: [{ id: DEMO_IDS.groups.class2a, name: 'Class 2-A' }],
    });
    // Another school's pupils are never candidates.
    const sakura01 = await userId('sakura01');
    expect(candidates.some((c: { id: string }) => c.id === sakura01)).toBe(false);

    const moved = await inject('POST', `/v1/group/${cls.id}/members`, 'teacher', {
      userId: student05,
      fromGroupId: DEMO_IDS.groups.class2a,
    });
    expect(moved.statusCode).toBe(200);
    expect(await groupsOf('student05')).toEqual([cls.id]);
    const student06 = await userId('student06');
    expect(
      (await inject('POST', `/v1/group/${cls.id}/members`, 'teacher', { userId: student06 }))
        .statusCode,
    ).toBe(200);
    expect((await groupsOf('student06')).sort()).toEqual([DEMO_IDS.groups.class2a, cls.id].sort());
  });

  it('answers 404 for another school, 403 for pupils, 400 for bad input, and changes nothing', async () => {
    const sakuraPupil = await userId('sakura01');
    const student07 = await userId('student07');
    const before = await groupsOf('student07');
    const sakuraBefore = await groupsOf('sakura01');
    const groupCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('groups')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const groups = await groupCount();

    // Another school's group as parent, target or source, or its pupil: 404.
    for (const [url, account, body] of [
      ['/v1/group', 'teacher', { name: 'X', parentId: DEMO_IDS.groups.sakura1a }],
      ['/v1/group', 'sakura-teacher', { name: 'X', parentId: DEMO_IDS.groups.grade2 }],
      [`/v1/group/${DEMO_IDS.groups.sakura1a}/members`, 'teacher', { userId: student07 }],
      [`/v1/group/${DEMO_IDS.groups.class2b}/members`, 'teacher', { userId: sakuraPupil }],
      [
        `/v1/group/${DEMO_IDS.groups.class2b}/members`,
        'teacher',
        { userId: student07, fromGroupId: DEMO_IDS.groups.sakura1a },
      ],
      [`/v1/group/${DEMO_IDS.groups.class2a}/members`, 'sakura-teacher', { userId: student07 }],
    ] as const) {
      const res = await inject('POST', url, account, body);
      expect(res.statusCode, `${account} ${url}`).toBe(404);
    }
    expect(
      (await inject('GET', `/v1/group/${DEMO_IDS.groups.class2a}/candidates`, 'sakura-teacher'))
        .statusCode,
    ).toBe(404);

    // Pupils: 403.
    expect(
      (
        await inject('POST', '/v1/group', 'student01', {
          name: 'X',
          parentId: DEMO_IDS.groups.grade2,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await inject('POST', `/v1/group/${DEMO_IDS.groups.class2b}/members`, 'student01', {
          userId: student07,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await inject('GET', `/v1/group/${DEMO_IDS.groups.class2a}/candidates`, 'student01'))
        .statusCode,
    ).toBe(403);

    // Bad input: 400.
    for (const body of [
      { name: ' ', parentId: DEMO_IDS.groups.grade2 },
      { name: 'x'.repeat(51), parentId: DEMO_IDS.groups.grade2 },
      { name: 'X' },
      { name: 'X', parentId: DEMO_IDS.groups.grade2, extra: true },
    ]) {
      expect((await inject('POST', '/v1/group', 'teacher', body)).statusCode).toBe(400);
    }
    for (const body of [
      {},
      { userId: '' },
      { userId: student07, fromGroupId: DEMO_IDS.groups.class2b },
    ]) {
      expect(
        (await inject('POST', `/v1/group/${DEMO_IDS.groups.class2b}/members`, 'teacher', body))
          .statusCode,
      ).toBe(400);
    }
    // Moving from a class the pupil is not in: 404, and the pupil stays where they were.
    expect(
      (
        await inject('POST', `/v1/group/${DEMO_IDS.groups.grade2}/members`, 'teacher', {
          userId: student07,
          fromGroupId: DEMO_IDS.groups.class2b,
        })
      ).statusCode,
    ).toBe(404);

    expect(await groupsOf('student07')).toEqual(before);
    expect(await groupsOf('sakura01')).toEqual(sakuraBefore);
    expect(await groupCount()).toBe(groups);
  });

  it('marks only accounts whose sign-in is delayed by wrong passwords', async () => {
    for (let i = 0; i < 12; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { username: 'student09', password: 'wrong-password' },
      });
    }
    const items = GroupMembersResponse.parse(
      (await inject('GET', `/v1/group/${DEMO_IDS.groups.class2a}/members`, 'teacher')).json(),
    ).items;
    const delayed = items.filter((m) => m.signInDelayed).map((m) => m.displayName);
    expect(delayed).toEqual(['Kaito']);
    expect(
      (await inject('POST', `/v1/user/${await userId('student09')}/unlock`, 'teacher')).statusCode,
    ).toBe(200);
    const after = GroupMembersResponse.parse(
      (await inject('GET', `/v1/group/${DEMO_IDS.groups.class2a}/members`, 'teacher')).json(),
    ).items;
    expect(after.some((m) => m.signInDelayed)).toBe(false);
  });
});
