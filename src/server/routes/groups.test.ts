import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupMembersResponse } from '../../contracts/api/groups';
import { ErrorBody } from '../../contracts/errors';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
const OTHER_CLASS = 'group-demo-class3c';

beforeAll(async () => {
  t = await createTestApp({
    fixtures: async (db) => {
      // A class of the demo school outside Grade 2: the demo teacher does not belong to it.
      await db
        .insertInto('groups')
        .values({ id: OTHER_CLASS, school_id: DEMO_IDS.school, parent_id: null, name: 'Class 3-C' })
        .execute();
      const pupil = await db
        .selectFrom('users')
        .select('id')
        .where('account', '=', 'student20')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('group_members')
        .values({ group_id: OTHER_CLASS, user_id: pupil.id })
        .execute();
    },
  });
});
afterAll(async () => {
  await t.close();
});

const codeOf = (res: { body: string }) => ErrorBody.parse(JSON.parse(res.body)).error.code;

async function members(account: string, groupId: string, query = '') {
  return t.app.inject({
    url: `/v1/group/${groupId}/members${query}`,
    headers: await t.authHeader(account),
  });
}

describe('GET /v1/group/{id}/members', () => {
  it('lists the members of the teacher’s own class by student number with name and display name', async () => {
    const res = await members('teacher', DEMO_IDS.groups.class2a);
    expect(res.statusCode).toBe(200);
    const { items } = GroupMembersResponse.parse(res.json());
    const accounts = items.map((m) => m.displayName);
    expect(accounts).toContain('Haruto');
    expect(accounts).toContain('Sato Sensei');
    const numbered = items.filter((m) => m.studentNumber !== null).map((m) => m.studentNumber);
    expect(numbered).toEqual([...numbered].sort());
    // Members without a student number (teacher, supporter, guest) come last.
    const firstUnnumbered = items.findIndex((m) => m.studentNumber === null);
    expect(items.slice(firstUnnumbered).every((m) => m.studentNumber === null)).toBe(true);
    expect(items[0]).toEqual({
      id: expect.any(String),
      name: 'Haruto Demo',
      displayName: 'Haruto',
      // A name the screening holds would be marked (issue 14's last small items).
      displayNameHidden: false,
      studentNumber: expect.any(String),
      role: 'member',
      // No open password-reset request (POST /v0/password-reset, issue 14).
      passwordResetRequestedAt: null,
      // No wrong passwords: the pane offers no unlock (issue 24).
      signInDelayed: false,
    });
  });

  it('memberOnly keeps pupils, userId narrows to one, withChildGroup reaches child classes', async () => {
    const pupils = GroupMembersResponse.parse(
      (await members('teacher', DEMO_IDS.groups.class2a, '?memberOnly=true')).json(),
    ).items;
    expect(pupils.every((m) => m.role === 'member' || m.role === 'supporter')).toBe(true);
    expect(pupils.some((m) => m.displayName === 'Supporter Ito')).toBe(true);

    const one = GroupMembersResponse.parse(
      (await members('teacher', DEMO_IDS.groups.class2a, '?userId=student02')).json(),
    ).items;
    expect(one.map((m) => m.displayName)).toEqual(['Yui']);

    const direct = GroupMembersResponse.parse(
      (await members('staff', DEMO_IDS.groups.grade2)).json(),
    ).items;
    expect(direct.some((m) => m.displayName === 'Haruto')).toBe(false);
    const withChildren = GroupMembersResponse.parse(
      (await members('staff', DEMO_IDS.groups.grade2, '?withChildGroup=true')).json(),
    ).items;
    expect(withChildren.some((m) => m.displayName === 'Haruto')).toBe(true);
    // Someone in two of the groups is listed once.
    const teacherRows = withChildren.filter((m) => m.displayName === 'Sato Sensei');
    expect(teacherRows).toHaveLength(1);
  });

  it('lets staff of the parent group list a child class', async () => {
    expect((await members('staff', DEMO_IDS.groups.class2a)).statusCode).toBe(200);
  });

  it('answers 404 for another school’s group and a missing group, 403 for a class of the school they do not belong to', async () => {
    const other = await members('teacher', DEMO_IDS.groups.sakura1a);
    expect(other.statusCode).toBe(404);
    expect(codeOf(other)).toBe('notFound');
    expect((await members('teacher', 'group-missing')).statusCode).toBe(404);
    const notMine = await members('teacher', OTHER_CLASS);
    expect(notMine.statusCode).toBe(403);
    expect(codeOf(notMine)).toBe('forbidden');
  });

  it('answers 403 to a member, even for their own class', async () => {
    for (const group of [DEMO_IDS.groups.class2a, DEMO_IDS.groups.sakura1a]) {
      const res = await members('student01', group);
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('forbidden');
    }
    expect((await members('supporter', DEMO_IDS.groups.class2a)).statusCode).toBe(403);
  });

  it('lets an admin of the same school list any of its groups, not another school’s', async () => {
    // The demo admin belongs to no school; give it the demo school for this case.
    await t.db
      .updateTable('users')
      .set({ school_id: DEMO_IDS.school })
      .where('account', '=', 'admin')
      .execute();
    expect((await members('admin', OTHER_CLASS)).statusCode).toBe(200);
    expect((await members('admin', DEMO_IDS.groups.sakura1a)).statusCode).toBe(403);
    await t.db
      .updateTable('users')
      .set({ school_id: null })
      .where('account', '=', 'admin')
      .execute();
  });

  it('answers 400 for a non-boolean flag and 401 without a token', async () => {
    const bad = await members('teacher', DEMO_IDS.groups.class2a, '?memberOnly=maybe');
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe('badRequest');
    const anon = await t.app.inject({ url: `/v1/group/${DEMO_IDS.groups.class2a}/members` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('PUT /v1/user/{id}: staff and groups', () => {
  it('refuses a teacher setting the password of a pupil in a class they do not belong to', async () => {
    const outsider = await t.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', 'student20')
      .executeTakeFirstOrThrow();
    // student20 is in Class 2-A too; take them out so only Class 3-C remains.
    await t.db
      .deleteFrom('group_members')
      .where('user_id', '=', outsider.id)
      .where('group_id', '=', DEMO_IDS.groups.class2a)
      .execute();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v1/user/${outsider.id}`,
      headers: await t.authHeader('teacher'),
      payload: { password: 'maple-lantern-31' },
    });
    expect(res.statusCode).toBe(403);
    expect(codeOf(res)).toBe('forbidden');
  });
});
