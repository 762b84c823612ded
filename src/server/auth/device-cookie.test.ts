import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DEVICE_COOKIE } from './device-cookie';

// Issue 25, hole 6: with one school address, a pupil retrying the teacher's account kept the
// teacher's correct logins at 429. A browser that signed in to the account before carries a
// signed device cookie and is judged by its own failures only (OWASP device cookies).
let t: TestApp;
beforeAll(async () => {
  // Long delays so that no answer below depends on how fast the machine is.
  t = await createTestApp({ env: { TRUST_PROXY: 'true', LOGIN_MAX_DELAY_S: '300' } });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const SCHOOL = '203.0.113.40';
const login = (password: string, cookie?: string, username = 'teacher') =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { username, password },
    headers: { 'x-forwarded-for': SCHOOL, ...(cookie ? { cookie } : {}) },
  });
/** `n` failed logins as the throttle records them, just now. */
const failures = async (account: string, address: string, n: number) => {
  await t.db
    .insertInto('login_failures')
    .values(
      Array.from({ length: n }, () => ({ account, address, known: true, created_at: new Date() })),
    )
    .execute();
};
const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const set = String(res.headers['set-cookie'] ?? '');
  expect(set).toMatch(
    new RegExp(`^${DEVICE_COOKIE}=[^;]+; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Strict`),
  );
  return set.split(';')[0]!;
};

describe("hole 6: another client's failures from the school address do not block a known device", () => {
  it("lets the teacher's own browser in while a pupil keeps guessing from the same address", async () => {
    const first = await login('tomoni-teacher');
    expect(first.statusCode, first.body).toBe(200);
    const teacherBrowser = cookieOf(first);

    // The pupil, on another browser behind the same address, has guessed for a while: its
    // failures are written as the throttle records them (a long run, so the delay is minutes).
    await failures('teacher', SCHOOL, 30);
    // And from elsewhere too, past the account-wide free failures.
    await failures('teacher', '198.51.100.7', 25);
    expect((await login('guess')).statusCode).toBe(429);

    // A browser that never signed in to the account waits like the pupil…
    expect((await login('tomoni-teacher')).statusCode).toBe(429);
    // …the teacher's own browser does not, every time, while the guessing goes on.
    for (let i = 0; i < 3; i += 1) {
      const res = await login('tomoni-teacher', teacherBrowser);
      expect(res.statusCode, res.body).toBe(200);
      expect((await login(`guess-more-${i}`)).statusCode).toBe(429);
    }
  });

  it('does not trust a forged cookie, or one for another account', async () => {
    const forged = `${DEVICE_COOKIE}=${Buffer.from('teacher').toString('base64url')}.${Date.now()}.abc.def`;
    expect((await login('tomoni-teacher', forged)).statusCode).toBe(429);
    const pupilOk = await login('tomoni-student', undefined, 'student10');
    expect(pupilOk.statusCode).toBe(200);
    expect((await login('tomoni-teacher', cookieOf(pupilOk))).statusCode).toBe(429);
  });

  it('delays a known device after its own failures (a copied cookie guesses no faster than a pair)', async () => {
    const ok = await login('tomoni-student', undefined, 'student11');
    expect(ok.statusCode).toBe(200);
    const device = cookieOf(ok);
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1)
      codes.push((await login(`wrong-${i}`, device, 'student11')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    // Its failures are its own: the same address without the cookie is not delayed for them.
    expect((await login('tomoni-student', undefined, 'student11')).statusCode).toBe(200);
    // More of them, as recorded (a long run): the device now waits, even with the right password.
    const id = device.split('=')[1]!.split('.')[2]!;
    await failures('student11', `device:${id}`, 10);
    expect((await login('tomoni-student', device, 'student11')).statusCode).toBe(429);
  });
});
