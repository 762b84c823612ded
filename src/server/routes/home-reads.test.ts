import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeResponse } from '../../contracts/api/auth';
import { UserListResponse } from '../../contracts/api/profile';
import { GetUserResponse, PermissionResponse } from '../../contracts/api/users';
import { USER_PERMISSION_NAMES } from '../../contracts/entities';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * What the home page reads in fewer calls (issue 10): the session-free permissions with the own
 * record, and the follow counts with the profile.
 */
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
async function get(account: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: await t.authHeader(account) });
  expect(res.statusCode).toBe(200);
  return res.json() as unknown;
}
async function post(account: string, method: 'POST' | 'DELETE', url: string) {
  const res = await t.app.inject({ method, url, headers: await t.authHeader(account) });
  expect(res.statusCode).toBe(200);
}
const profileCounts = async (viewer: string, target: string) =>
  GetUserResponse.parse(await get(viewer, `/v1/user/${idOf(target)}`)).item.counts;
const listLength = async (viewer: string, url: string) =>
  UserListResponse.parse(await get(viewer, url)).items.length;

describe('GET /v1/me carries the permissions that need no session', () => {
  it.each(['student01', 'teacher', 'staff', 'guest', 'graduate'])(
    'answers for %s exactly what GET /v1/permission/{name} answers',
    async (account) => {
      const me = MeResponse.parse(await get(account, '/v1/me')).item;
      expect(me.permissions).toBeDefined();
      for (const name of USER_PERMISSION_NAMES) {
        const byName = PermissionResponse.parse(await get(account, `/v1/permission/${name}`));
        expect({ name, isPermitted: me.permissions?.[name] }).toEqual({
          name,
          isPermitted: byName.isPermitted,
        });
      }
    },
  );

  it('tells a guest no output and a teacher the report, as the rules say', async () => {
    const guest = MeResponse.parse(await get('guest', '/v1/me')).item.permissions!;
    expect(guest.submitOutput).toBe(false);
    expect(guest.changeProfile).toBe(false);
    const teacher = MeResponse.parse(await get('teacher', '/v1/me')).item.permissions!;
    expect(teacher.seeReport).toBe(true);
    expect(teacher.seeFeedbackZero).toBe(true);
    const pupil = MeResponse.parse(await get('student02', '/v1/me')).item.permissions!;
    expect(pupil.seeReport).toBe(false);
    expect(pupil.submitOutput).toBe(true);
  });
});

describe('GET /v1/user/{id} counts followers and follows', () => {
  it('counts what the follow lists show, and follows a follow at once', async () => {
    const before = await profileCounts('student21', 'student21');
    expect(before.followers).toBe(await listLength('student21', '/v1/followers'));
    expect(before.follows).toBe(await listLength('student21', '/v1/follows'));

    await post('student22', 'POST', `/v1/follow/${idOf('student21')}`);
    await post('student21', 'POST', `/v1/follow/${idOf('student23')}`);
    const after = await profileCounts('student21', 'student21');
    expect(after.followers).toBe(before.followers! + 1);
    expect(after.follows).toBe(before.follows! + 1);
    // A classmate sees the same numbers as the lists it would get.
    const seen = await profileCounts('student24', 'student21');
    expect(seen.followers).toBe(
      await listLength('student24', `/v1/user/${idOf('student21')}/followers`),
    );
    expect(seen.follows).toBe(
      await listLength('student24', `/v1/user/${idOf('student21')}/follows`),
    );

    await post('student22', 'DELETE', `/v1/follow/${idOf('student21')}`);
    expect((await profileCounts('student21', 'student21')).followers).toBe(before.followers);
  });

  it('leaves out followers a pupil may not see (a provider admin of no school), as the list does', async () => {
    const pupilBefore = await profileCounts('student26', 'student25');
    const staffBefore = await profileCounts('admin', 'student25');
    await post('admin', 'POST', `/v1/follow/${idOf('student25')}`);
    const pupilAfter = await profileCounts('student26', 'student25');
    expect(pupilAfter.followers).toBe(pupilBefore.followers);
    expect(pupilAfter.followers).toBe(
      await listLength('student26', `/v1/user/${idOf('student25')}/followers`),
    );
    const staffAfter = await profileCounts('admin', 'student25');
    expect(staffAfter.followers).toBe(staffBefore.followers! + 1);
    expect(staffAfter.followers).toBe(
      await listLength('admin', `/v1/user/${idOf('student25')}/followers`),
    );
  });
});
