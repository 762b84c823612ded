import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeResponse } from '../../contracts/api/auth';
import { GetUserResponse, MyGroupsResponse, UpdateUserResponse } from '../../contracts/api/users';
import { ErrorBody } from '../../contracts/errors';
import { json } from '../db/json';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function me(account: string, password?: string) {
  const res = await t.app.inject({ url: '/v1/me', headers: await t.authHeader(account, password) });
  expect(res.statusCode).toBe(200);
  return MeResponse.parse(res.json()).item;
}

async function put(account: string, targetId: string, payload: unknown, password?: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/v1/user/${targetId}`,
    headers: await t.authHeader(account, password),
    payload: payload as Record<string, unknown>,
  });
}

const codeOf = (res: { body: string }) => ErrorBody.parse(JSON.parse(res.body)).error.code;

describe('GET /v1/me', () => {
  it('returns the own record with school, groups and flags', async () => {
    const item = await me('student01');
    expect(item).toMatchObject({
      id: 'student01',
      role: 'member',
      displayName: 'Haruto',
      isGuest: false,
      termsAgreementVersion: 1,
      isPasswordUnconfirmed: false,
      lang: 'ja',
      location: { country: { code: 'JP' } },
      school: { id: DEMO_IDS.school },
    });
    expect(item.groups.map((g) => g.id)).toEqual([DEMO_IDS.groups.class2a]);
  });

  it('shows student30 has not agreed to the terms and the guest flag of the guest', async () => {
    expect((await me('student30')).termsAgreementVersion).toBe(0);
    expect((await me('guest')).isGuest).toBe(true);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/v1/me' })).statusCode).toBe(401);
  });
});

describe('GET /v1/me/groups', () => {
  it('lists own groups, and with withChildren their child groups in parent-then-children order', async () => {
    const headers = await t.authHeader('staff');
    const own = MyGroupsResponse.parse(
      (await t.app.inject({ url: '/v1/me/groups', headers })).json(),
    );
    expect(own.items.map((g) => g.id)).toEqual([DEMO_IDS.groups.grade2]);
    const all = MyGroupsResponse.parse(
      (await t.app.inject({ url: '/v1/me/groups?withChildren=true', headers })).json(),
    );
    expect(all.items.map((g) => g.id)).toEqual([
      DEMO_IDS.groups.grade2,
      DEMO_IDS.groups.class2a,
      DEMO_IDS.groups.class2b,
    ]);
    expect(all.items.find((g) => g.id === DEMO_IDS.groups.class2b)?.confirmType).toBe('suspended');
  });
});

describe('DELETE /v1/me/violation/{keyName}', () => {
  it('removes one violation flag and keeps the other', async () => {
    await t.db
      .updateTable('users')
      .set({ violation_statuses: json(['profile', 'image']) })
      .where('account', '=', 'student20')
      .execute();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/v1/me/violation/profile',
      headers: await t.authHeader('student20'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().item.violationStatuses).toEqual(['image']);
  });

  it('answers 400 for an unknown key', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/v1/me/violation/everything',
      headers: await t.authHeader('student20'),
    });
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe('badRequest');
  });
});

describe('GET /v1/user/{id}', () => {
  it('shows a classmate with counts, by row id or account name', async () => {
    const target = await me('student01');
    const headers = await t.authHeader('student02');
    for (const id of [target._id, 'student01']) {
      const res = await t.app.inject({ url: `/v1/user/${id}?withEmotion=true`, headers });
      expect(res.statusCode).toBe(200);
      const item = GetUserResponse.parse(res.json()).item;
      // A classmate gets the row id in `id`, not the login name (issue 8, login names).
      expect(item).toMatchObject({
        _id: target._id,
        id: target._id,
        displayName: target.displayName,
      });
      // Counted as the database says (other seeds may add to student01's history).
      const count = async (table: 'outputs' | 'feedbacks' | 'reflections') =>
        Number(
          (
            await t.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('user_id', '=', target._id)
              .where('status', '=', 'published')
              // Hidden outputs are not counted.
              .$if(table === 'outputs', (q) => q.where(sql<boolean>`is_hidden`, '=', false))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(item.counts.outputs).toBe(await count('outputs'));
      expect(item.counts.outputs).toBeGreaterThan(0);
      expect(item.counts.reflections).toBe(await count('reflections'));
      expect(item.counts.feedbacks).toBe(await count('feedbacks'));
      expect(item.emotions).toBeDefined();
    }
  });

  it('answers 404 for another school’s user, a missing one and a withdrawn one; admin may read across schools', async () => {
    const other = await me('sakura01');
    const headers = await t.authHeader('student02');
    expect((await t.app.inject({ url: `/v1/user/${other._id}`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/v1/user/no-such-user', headers })).statusCode).toBe(404);
    const teacher = await t.authHeader('teacher');
    expect(
      (await t.app.inject({ url: `/v1/user/${other._id}`, headers: teacher })).statusCode,
    ).toBe(404);
    const admin = await t.authHeader('admin');
    expect((await t.app.inject({ url: `/v1/user/${other._id}`, headers: admin })).statusCode).toBe(
      200,
    );

    await t.db
      .updateTable('users')
      .set({ status: 'withdrawn' })
      .where('account', '=', 'student28')
      .execute();
    const res = await t.app.inject({ url: '/v1/user/student28', headers: admin });
    expect(res.statusCode).toBe(404);
    expect(codeOf(res)).toBe('notFound');
  });

  it('answers 400 for an over-long id', async () => {
    const res = await t.app.inject({
      url: `/v1/user/${'x'.repeat(100)}`,
      headers: await t.authHeader('student02'),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('PUT /v1/user/{id}: own record', () => {
  it('changes the display name once, then refuses a member within 31 days', async () => {
    const self = await me('student03');
    const first = await put('student03', self._id, { displayName: '  New Name ' });
    expect(first.statusCode).toBe(200);
    const item = UpdateUserResponse.parse(first.json()).item;
    expect(item.displayName).toBe('New Name');
    expect(item.profileUpdatedAt).toBeGreaterThan(Date.now() - 60_000);

    const second = await put('student03', self._id, { displayName: 'Another' });
    expect(second.statusCode).toBe(400);
    expect(codeOf(second)).toBe('profileChangeRestricted');

    // 32 days later it is allowed again.
    await t.db
      .updateTable('users')
      .set({ profile_updated_at: new Date(Date.now() - 32 * DAY) })
      .where('id', '=', self._id)
      .execute();
    expect((await put('student03', self._id, { displayName: 'Another' })).statusCode).toBe(200);
  });

  it('applies the 31-day rule to supporters but not to teachers', async () => {
    const sup = await me('supporter');
    expect((await put('supporter', sup._id, { displayName: 'Sup A' })).statusCode).toBe(200);
    expect(codeOf(await put('supporter', sup._id, { displayName: 'Sup B' }))).toBe(
      'profileChangeRestricted',
    );
    const teacher = await me('teacher');
    expect((await put('teacher', teacher._id, { displayName: 'Teacher A' })).statusCode).toBe(200);
    expect((await put('teacher', teacher._id, { displayName: 'Teacher B' })).statusCode).toBe(200);
  });

  it('refuses a display name that is blank or over 18 characters, and a guest changing it', async () => {
    const self = await me('student04');
    expect(codeOf(await put('student04', self._id, { displayName: '   ' }))).toBe('badRequest');
    expect(codeOf(await put('student04', self._id, { displayName: 'x'.repeat(19) }))).toBe(
      'badRequest',
    );
    const guest = await me('guest');
    const res = await put('guest', guest._id, { displayName: 'Me' });
    expect(res.statusCode).toBe(403);
    expect(codeOf(res)).toBe('forbidden');
  });

  it('records terms, cookie, language and read-notification time', async () => {
    const self = await me('student30');
    const res = await put('student30', self._id, {
      termsAgreementVersion: 1,
      cookie: 'approved',
      lang: 'en',
      readNotificationAt: 1_700_000_000_000,
    });
    expect(res.statusCode).toBe(200);
    const item = UpdateUserResponse.parse(res.json()).item;
    expect(item).toMatchObject({
      termsAgreementVersion: 1,
      cookie: 'approved',
      lang: 'en',
      readNotificationAt: 1_700_000_000_000,
    });
    expect(codeOf(await put('student30', self._id, { termsAgreementVersion: 0 }))).toBe(
      'badRequest',
    );
    expect(codeOf(await put('student30', self._id, { cookie: 'maybe' }))).toBe('badRequest');
    expect(codeOf(await put('student30', self._id, { lang: 'fr' }))).toBe('badRequest');
    expect(codeOf(await put('student30', self._id, { unknownField: 1 }))).toBe('badRequest');
  });

  it('checks country, state and prefecture', async () => {
    const self = await me('student05');
    const ok = (p: unknown) => put('student05', self._id, p);
    const us = await ok({ country: 'US', state: 'CA' });
    expect(us.statusCode).toBe(200);
    expect(us.json().item.location).toEqual({ country: { code: 'US' }, state: { code: 'CA' } });
    expect(us.json().item.prefecture).toBeNull();

    expect(codeOf(await ok({ country: 'US' }))).toBe('badRequest'); // state required
    expect(codeOf(await ok({ country: 'US', state: 'undefined' }))).toBe('badRequest');
    expect(codeOf(await ok({ country: 'US', state: 'ZZ' }))).toBe('badRequest');
    expect(codeOf(await ok({ country: 'XX', state: 'undefined' }))).toBe('badRequest');
    expect(codeOf(await ok({ country: 'FR', state: 'IDF' }))).toBe('badRequest'); // France has no states here
    expect(codeOf(await ok({ country: 'FR', state: 'undefined', prefecture: '13' }))).toBe(
      'badRequest',
    );

    const fr = await ok({ country: 'FR', state: 'undefined' });
    expect(fr.statusCode).toBe(200);
    expect(fr.json().item.location).toEqual({ country: { code: 'FR' }, state: null });

    const jp = await ok({ country: 'JP', state: '27', prefecture: '27' });
    expect(jp.statusCode).toBe(200);
    expect(jp.json().item.location.state).toEqual({ code: '27' });
    expect(jp.json().item.prefecture).toBe('27');
    expect(codeOf(await ok({ country: 'JP', state: '48' }))).toBe('badRequest');
    expect(codeOf(await ok({ prefecture: '00' }))).toBe('badRequest');
  });

  it('changes the own password with the right current password', async () => {
    const self = await me('student29'); // flagged unconfirmed by the seed
    expect(self.isPasswordUnconfirmed).toBe(true);

    const wrong = await put('student29', self._id, {
      oldPassword: 'not-it',
      password: 'brand-new-pass',
    });
    expect(wrong.statusCode).toBe(400);
    expect(codeOf(wrong)).toBe('invalidPassword');

    const missing = await put('student29', self._id, { password: 'brand-new-pass' });
    expect(codeOf(missing)).toBe('invalidPassword');

    const same = await put('student29', self._id, {
      oldPassword: 'tomoni-student',
      password: 'tomoni-student',
    });
    expect(same.statusCode).toBe(400);
    expect(codeOf(same)).toBe('needToChangePassword');

    for (const weak of ['short', 'aaaaaaaa']) {
      const res = await put('student29', self._id, {
        oldPassword: 'tomoni-student',
        password: weak,
      });
      expect(res.statusCode).toBe(400);
      expect(codeOf(res)).toBe('weakPassword');
    }

    const ok = await put('student29', self._id, {
      oldPassword: 'tomoni-student',
      password: 'brand-new-pass',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().item.isPasswordUnconfirmed).toBe(false);
    await expect(t.login('student29', 'tomoni-student')).rejects.toThrow(/401/);
    await t.login('student29', 'brand-new-pass');
  });

  it('signs out other sessions on a password change but keeps the current one', async () => {
    const other = await t.login('student06');
    const current = await t.login('student06');
    const self = await me('student06');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v1/user/${self._id}`,
      headers: { authorization: `Bearer ${current.token}` },
      payload: { oldPassword: 'tomoni-student', password: 'cobalt-quill-58' },
    });
    expect(res.statusCode).toBe(200);
    const refreshOther = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      payload: { refreshToken: other.refreshToken },
    });
    expect(refreshOther.statusCode).toBe(401);
    const refreshCurrent = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      payload: { refreshToken: current.refreshToken },
    });
    expect(refreshCurrent.statusCode).toBe(200);
  });

  it('answers 400 for malformed JSON types', async () => {
    const self = await me('student07');
    expect(codeOf(await put('student07', self._id, { displayName: 42 }))).toBe('badRequest');
    expect(codeOf(await put('student07', self._id, { readNotificationAt: -5 }))).toBe('badRequest');
  });
});

describe('PUT /v1/user/{id}: a staff member setting a pupil’s password', () => {
  it('lets the teacher set the password of a pupil in their class; the pupil must change it', async () => {
    const pupil = await me('student09');
    const res = await put('teacher', pupil._id, { password: 'maple-lantern-31' });
    expect(res.statusCode).toBe(200);
    expect(res.json().item.isPasswordUnconfirmed).toBe(true);
    await t.login('student09', 'maple-lantern-31');
  });

  it('lets staff of the parent group set a password in a child group', async () => {
    const pupil = await me('student10');
    expect((await put('staff', pupil._id, { password: 'set-by-staff' })).statusCode).toBe(200);
    await t.login('student10', 'set-by-staff');
  });

  it('refuses anything but the password, a pupil of another school, other staff, and non-staff', async () => {
    const pupil = await me('student11');
    const other = await me('sakura01');
    const colleague = await me('supporter');
    const cases: Array<[string, string, unknown]> = [
      ['teacher', pupil._id, { password: 'maple-lantern-31', displayName: 'Renamed' }],
      ['teacher', pupil._id, { lang: 'en' }],
      ['admin', other._id, { password: 'set-by-admin' }], // admin belongs to no group
      ['student12', pupil._id, { password: 'violet-comet-64' }],
      ['teacher', (await me('staff'))._id, { password: 'maple-lantern-31' }],
    ];
    for (const [actor, target, payload] of cases) {
      const res = await put(actor, target, payload);
      expect(res.statusCode, `${actor} → ${JSON.stringify(payload)}`).toBe(403);
      expect(codeOf(res)).toBe('forbidden');
    }
    // A pupil of another school the teacher cannot even see: the 404 of a missing user (issue 8).
    const foreign = await put('teacher', other._id, { password: 'maple-lantern-31' });
    expect(foreign.statusCode).toBe(404);
    expect(codeOf(foreign)).toBe('notFound');
    // A supporter in the teacher's class is a pupil too.
    expect((await put('teacher', colleague._id, { password: 'maple-lantern-31' })).statusCode).toBe(
      200,
    );
  });

  it('a weak password is 400 weakPassword for staff too', async () => {
    const pupil = await me('student12');
    const res = await put('teacher', pupil._id, { password: '111111' });
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe('weakPassword');
  });
});

describe('GET /v1/location', () => {
  it('lists countries, JP prefectures 01..47 and US states', async () => {
    const countries = (await t.app.inject({ url: '/v1/location?lang=en' })).json().data.items;
    for (const code of ['JP', 'US', 'GB', 'CN', 'KR', 'TW', 'AU', 'CA', 'FR', 'DE']) {
      expect(countries.some((c: { isoCode: string }) => c.isoCode === code)).toBe(true);
    }
    const jp = (await t.app.inject({ url: '/v1/location?country=JP&lang=ja' })).json().data.items;
    expect(jp).toHaveLength(47);
    expect(jp[0]).toEqual({ isoCode: '01', name: '北海道' });
    expect(jp[46]).toEqual({ isoCode: '47', name: '沖縄県' });
    const us = (await t.app.inject({ url: '/v1/location?country=us' })).json().data.items;
    expect(us.some((s: { isoCode: string }) => s.isoCode === 'NY')).toBe(true);
    expect((await t.app.inject({ url: '/v1/location?country=GB' })).json().data.items).toEqual([]);
  });

  it('answers 404 for an unknown country and 400 for a malformed one', async () => {
    expect((await t.app.inject({ url: '/v1/location?country=XX' })).statusCode).toBe(404);
    const bad = await t.app.inject({ url: '/v1/location?country=TOOLONG' });
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe('badRequest');
  });
});

describe('query booleans', () => {
  it('reads withChildren=false as false and refuses a non-boolean', async () => {
    const headers = await t.authHeader('staff');
    const off = MyGroupsResponse.parse(
      (await t.app.inject({ url: '/v1/me/groups?withChildren=false', headers })).json(),
    );
    expect(off.items).toHaveLength(1);
    const bad = await t.app.inject({ url: '/v1/me/groups?withChildren=maybe', headers });
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe('badRequest');
  });
});

describe('PUT /v1/user/{id}: the settings payloads', () => {
  it('accepts the language save exactly as the settings page sends it (JP with prefecture)', async () => {
    const self = await me('student13');
    const res = await put('student13', self._id, {
      userId: self._id,
      lang: 'en',
      country: 'JP',
      state: '13',
      prefecture: '13',
    });
    expect(res.statusCode).toBe(200);
    const item = UpdateUserResponse.parse(res.json()).item;
    expect(item).toMatchObject({ lang: 'en', prefecture: '13' });
    expect(item.location).toEqual({ country: { code: 'JP' }, state: { code: '13' } });

    const us = await put('student13', self._id, {
      userId: self._id,
      lang: 'ja',
      country: 'US',
      state: 'NY',
    });
    expect(us.statusCode).toBe(200);
    expect(us.json().item.prefecture).toBeNull();
    const gb = await put('student13', self._id, {
      userId: self._id,
      lang: 'ja',
      country: 'GB',
      state: 'undefined',
    });
    expect(gb.statusCode).toBe(200);
    expect(gb.json().item.location).toEqual({ country: { code: 'GB' }, state: null });
  });

  it('refuses a userId naming someone else, a JP prefecture that differs from the state, and JP without a state', async () => {
    const self = await me('student14');
    const other = await me('student15');
    const cases: unknown[] = [
      { userId: other._id, lang: 'en' },
      { country: 'JP', state: '13', prefecture: '27' },
      { country: 'JP', prefecture: '13' },
      { country: 'JP', state: 'undefined' },
      { lang: 'zh' },
      { lang: '' },
    ];
    for (const payload of cases) {
      const res = await put('student14', self._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(codeOf(res)).toBe('badRequest');
    }
    expect((await me('student14')).lang).toBe('ja');
  });

  it('the own password change with userId: each rule answers its own code', async () => {
    const self = await me('student16');
    const send = (oldPassword: string, password: string) =>
      put('student16', self._id, { userId: self._id, oldPassword, password });
    expect(codeOf(await send('wrong-one', 'fresh-pass'))).toBe('invalidPassword');
    expect(codeOf(await send('tomoni-student', 'tomoni-student'))).toBe('needToChangePassword');
    expect(codeOf(await send('tomoni-student', '12345'))).toBe('weakPassword');
    expect(codeOf(await send('tomoni-student', 'zzzzzzzzz'))).toBe('weakPassword');
    expect((await send('tomoni-student', 'fresh-pass')).statusCode).toBe(200);
    await t.login('student16', 'fresh-pass');
  });

  it('a member cannot change another user’s data (403) and nothing changes', async () => {
    const victim = await me('student17');
    for (const payload of [
      { lang: 'en' },
      { displayName: 'Hacked' },
      { country: 'US', state: 'NY' },
      { password: 'taken-over' },
    ]) {
      const res = await put('student18', victim._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(codeOf(res)).toBe('forbidden');
    }
    const after = await me('student17');
    expect(after).toMatchObject({ lang: 'ja', displayName: victim.displayName });
    expect(after.location.country.code).toBe('JP');
  });

  it('a group member’s password set by the teacher with only the password, then the pupil is prompted', async () => {
    const pupil = await me('student19');
    const res = await put('teacher', pupil._id, { password: 'class-pass-19' });
    expect(res.statusCode).toBe(200);
    const after = await me('student19', 'class-pass-19');
    expect(after.isPasswordUnconfirmed).toBe(true);
  });
});
