import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed/accounts';
import { createTestApp, userIdOf, type TestApp } from '../testing/test-app';
import { passwordListLoader, passwordProblem } from './password-policy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username, password } });

describe('hole 10: a failed first load of the password lists is tried again', () => {
  it('answers 500 while the lists cannot load, then signs in once they can, without a restart', async () => {
    const real = passwordListLoader.importLists;
    passwordListLoader.forget();
    passwordListLoader.importLists = () => Promise.reject(new Error('lists missing'));
    try {
      expect((await login('student01', 'tomoni-student')).statusCode).toBe(500);
    } finally {
      passwordListLoader.importLists = real;
    }
    const again = await login('student01', 'tomoni-student');
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('hole 11: guessable passwords are refused', () => {
  it.each([
    ['Password123!', {}],
    ['Teacher2026!', { account: 'yamada-t' }],
    ['tomoni-student1', { account: 'student01' }],
    ['student01student01', { account: 'student01' }],
    ['Sakura2026!!', { account: 'hana', school: 'Sakura Junior High' }],
    ['HanaHana2026', { account: 'h-07', displayName: 'Hana' }],
  ])('refuses %s', async (password, context) => {
    expect(await passwordProblem(password, 'member', context)).toMatch(/common|guessable/);
  });

  it('accepts a passphrase nobody would guess from the account', async () => {
    expect(await passwordProblem('blue-harbour-47', 'member', { account: 'student03' })).toBeNull();
    expect(
      await passwordProblem('quiet-maple-river-82', 'teacher', { account: 'teacher' }),
    ).toBeNull();
  });

  it('answers commonPassword where a password is set: own change, staff reset, new account', async () => {
    const own = await t.app.inject({
      method: 'PUT',
      url: `/v1/user/${await userIdOf(t.db, 'teacher')}`,
      headers: await t.authHeader('teacher'),
      payload: { oldPassword: 'tomoni-teacher', password: 'Teacher2026!' },
    });
    expect(own.statusCode, own.body).toBe(400);
    expect(own.json().error.code).toBe('commonPassword');
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/v1/user/${await userIdOf(t.db, 'student02')}`,
      headers: await t.authHeader('teacher'),
      payload: { password: 'student02student02' },
    });
    expect(reset.statusCode, reset.body).toBe(400);
    expect(reset.json().error.code).toBe('commonPassword');
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/v1/user/${await userIdOf(t.db, 'student02')}`,
      headers: await t.authHeader('teacher'),
      payload: { password: 'blue-harbour-47' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('keeps the demo passwords signing in without the change-password prompt', async () => {
    for (const a of DEMO_ACCOUNTS.filter((d) => d.account === 'teacher' || d.account === 'admin')) {
      expect((await login(a.account, a.password)).statusCode).toBe(200);
      const row = await t.db
        .selectFrom('users')
        .select('is_password_unconfirmed')
        .where('account', '=', a.account)
        .executeTakeFirstOrThrow();
      expect(row.is_password_unconfirmed).toBe(false);
    }
  });
});
