import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthTokens } from '../../contracts/api/auth';
import { ErrorBody } from '../../contracts/errors';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (username: unknown, password: unknown, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { username, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const errorOf = (body: string) => ErrorBody.parse(JSON.parse(body)).error;

describe('POST /v1/auth/login', () => {
  it('returns a token pair for a valid account', async () => {
    const res = await login('student01', 'tomoni-student');
    expect(res.statusCode).toBe(200);
    const tokens = AuthTokens.parse(res.json());
    expect(tokens.token.split('.')).toHaveLength(3);
    expect(tokens.refreshToken.length).toBeGreaterThan(30);
  });

  it('matches the account name ignoring case and surrounding spaces', async () => {
    expect((await login('  Student02 ', 'tomoni-student')).statusCode).toBe(200);
  });

  it('answers 401 invalidAccountOrPassword for a wrong password and for an unknown account alike', async () => {
    const wrong = await login('student03', 'not-the-password');
    const unknown = await login('nobody-here', 'tomoni-student');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(wrong.body)).toEqual(errorOf(unknown.body));
    expect(errorOf(wrong.body).code).toBe('invalidAccountOrPassword');
  });

  it('answers 403 suspended for a member whose only class is suspended, without "Teacher"', async () => {
    const res = await login('student2b', 'tomoni-student');
    expect(res.statusCode).toBe(403);
    const error = errorOf(res.body);
    expect(error.code).toBe('suspended');
    expect(error.message).not.toMatch(/teacher/i);
  });

  it('answers 403 suspended mentioning "Teacher" for a suspended teacher', async () => {
    const res = await login('teacher2b', 'tomoni-teacher');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body).code).toBe('suspended');
    expect(errorOf(res.body).message).toContain('Teacher');
  });

  it('does not reveal suspension to someone without the password', async () => {
    const res = await login('teacher2b', 'wrong-password');
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 for suspended and withdrawn account statuses', async () => {
    for (const status of ['suspended', 'withdrawn'] as const) {
      await t.db.updateTable('users').set({ status }).where('account', '=', 'student04').execute();
      const res = await login('student04', 'tomoni-student');
      expect(res.statusCode, status).toBe(403);
      expect(errorOf(res.body).code).toBe('suspended');
    }
    await t.db
      .updateTable('users')
      .set({ status: 'active' })
      .where('account', '=', 'student04')
      .execute();
    expect((await login('student04', 'tomoni-student')).statusCode).toBe(200);
  });

  it('names the failing body field as the form names it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'a' },
    });
    expect(errorOf(res.body).fields?.map((f) => f.path)).toEqual(['password']);
  });

  it.each([
    ['missing password', { username: 'student01' }],
    ['blank username', { username: '   ', password: 'x' }],
    ['number as username', { username: 12, password: 'tomoni-student' }],
    ['oversized password', { username: 'student01', password: 'x'.repeat(300) }],
  ])('answers 400 badRequest for %s', async (_name, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res.body);
    expect(error.code).toBe('badRequest');
    expect(error.fields?.length).toBeGreaterThan(0);
    expect(res.body).not.toContain('at ');
  });

  it('delays (429 with Retry-After, not 401) an account after five failures from one address', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('student05', `wrong-${i}`)).statusCode).toBe(401);
    }
    const delayed = await login('student05', 'tomoni-student');
    expect(delayed.statusCode).toBe(429);
    expect(errorOf(delayed.body).code).toBe('tooManyRequests');
    const retryAfter = Number(delayed.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(t.config.login.maxDelayS);
    // Other accounts are not affected.
    expect((await login('student06', 'tomoni-student')).statusCode).toBe(200);
  });

  it('lifts the delay once it has passed', async () => {
    for (let i = 0; i < 5; i++) await login('student07', `wrong-${i}`);
    expect((await login('student07', 'tomoni-student')).statusCode).toBe(429);
    // Age the failures past their delay.
    await t.db
      .updateTable('login_failures')
      .set({ created_at: new Date(Date.now() - 2000) })
      .where('account', '=', 'student07')
      .execute();
    expect((await login('student07', 'tomoni-student')).statusCode).toBe(200);
  });

  it('a successful login clears earlier failures of the account from that address', async () => {
    for (let i = 0; i < 4; i++) await login('student08', `wrong-${i}`);
    expect((await login('student08', 'tomoni-student')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login('student08', `wrong-${i}`);
    expect((await login('student08', 'tomoni-student')).statusCode).toBe(200);
  });
});

describe('per-address limit for made-up names', () => {
  it('answers 429 for further made-up names only; real accounts from the address still log in', async () => {
    const small = await t.withEnv({ LOGIN_MAX_UNKNOWN_NAMES_PER_IP: '5' });
    const attempt = (username: string, password: string, remoteAddress: string) =>
      small.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { username, password },
        remoteAddress,
      });
    for (let i = 0; i < 5; i++) {
      expect((await attempt(`unknown-${i}`, 'x', '203.0.113.9')).statusCode).toBe(401);
    }
    const blocked = await attempt('unknown-next', 'x', '203.0.113.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('student01', 'tomoni-student', '203.0.113.9')).statusCode).toBe(200);
    // A wrong password for a real account is still a plain 401 there.
    expect((await attempt('student02', 'wrong', '203.0.113.9')).statusCode).toBe(401);
    // Another address is not affected at all.
    expect((await attempt('unknown-next', 'x', '203.0.113.10')).statusCode).toBe(401);
  });
});

describe('refresh and the per-address API limit', () => {
  it('never limits live refresh tokens per address; made-up tokens are', async () => {
    const small = await t.withEnv({ RATE_LIMIT_PER_MINUTE: '3' });
    const refresh = (refreshToken: string) =>
      small.inject({
        method: 'POST',
        url: '/v1/auth/refresh',
        payload: { refreshToken },
        remoteAddress: '198.51.100.77',
      });
    for (let i = 0; i < 6; i++) {
      const pair = await t.login('student09');
      expect((await refresh(pair.refreshToken)).statusCode).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await refresh(`made-up-${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('refresh tokens', () => {
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken } });

  /** Moves every spent token's spend past the grace window, as if 31 s had gone by. */
  const pastGrace = () =>
    t.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - (t.config.refreshGraceS + 1) * 1000) })
      .where('used_at', 'is not', null)
      .execute();

  it('rotates: the new pair works and the old refresh token is rejected after the grace window', async () => {
    const first = await t.login('student10');
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const second = AuthTokens.parse(res.json());
    expect(second.refreshToken).not.toBe(first.refreshToken);

    const me = await t.app.inject({
      url: '/v1/me',
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(me.statusCode).toBe(200);

    await pastGrace();
    const again = await refresh(first.refreshToken);
    expect(again.statusCode).toBe(401);
    expect(errorOf(again.body).code).toBe('invalidRefreshToken');
  });

  it('reuse of a spent token revokes the family: the newer refresh and access tokens stop working', async () => {
    const first = await t.login('student11');
    const second = AuthTokens.parse((await refresh(first.refreshToken)).json());
    await pastGrace();
    // An attacker replays the stolen first token.
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    // The legitimate holder's newer token is now dead too.
    const afterReuse = await refresh(second.refreshToken);
    expect(afterReuse.statusCode).toBe(401);
    expect(errorOf(afterReuse.body).code).toBe('invalidRefreshToken');
    const me = await t.app.inject({
      url: '/v1/me',
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('keeps other logins (families) of the same user alive', async () => {
    const phone = await t.login('student12');
    const laptop = await t.login('student12');
    await refresh(phone.refreshToken);
    await refresh(phone.refreshToken); // reuse kills the phone family only
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(200);
  });

  it('rejects an unknown or expired token', async () => {
    expect((await refresh('made-up-token')).statusCode).toBe(401);
    const pair = await t.login('student13');
    await t.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('revoked_at', 'is', null)
      .where('used_at', 'is', null)
      .execute();
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
  });

  it('answers 400 for a malformed body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      payload: { token: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).code).toBe('badRequest');
  });
});

describe('logout', () => {
  it('revokes the family: refresh fails and the access token is refused', async () => {
    const pair = await t.login('student14');
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { refreshToken: pair.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      payload: { refreshToken: pair.refreshToken },
    });
    expect(res.statusCode).toBe(401);
    const check = await t.app.inject({
      url: '/v1/auth/check',
      headers: { authorization: `Bearer ${pair.token}` },
    });
    expect(check.statusCode).toBe(401);
  });

  it('answers 400 for a malformed body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).code).toBe('badRequest');
  });
});

describe('GET /v1/auth/check', () => {
  it('answers isAuthenticated with the user id for a valid token', async () => {
    const pair = await t.login('student15');
    const res = await t.app.inject({
      url: '/v1/auth/check',
      headers: { authorization: `Bearer ${pair.token}` },
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({
      url: '/v1/me',
      headers: { authorization: `Bearer ${pair.token}` },
    });
    expect(res.json()).toEqual({ isAuthenticated: true, userId: me.json().item._id });
  });

  it.each([
    ['no header', {}],
    ['garbage token', { authorization: 'Bearer not.a.jwt' }],
    ['wrong scheme', { authorization: 'Basic abc' }],
  ])('answers 401 unauthorized with %s', async (_n, headers) => {
    const res = await t.app.inject({ url: '/v1/auth/check', headers });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res.body).code).toBe('unauthorized');
  });

  it('refuses a token signed with another secret', async () => {
    const { SignJWT } = await import('jose');
    const forged = await new SignJWT({ role: 'admin', fid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('someone')
      .setIssuer('tomoni')
      .setAudience('tomoni-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a'.repeat(48)));
    const res = await t.app.inject({
      url: '/v1/auth/check',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses the token of a user suspended after login', async () => {
    const pair = await t.login('student16');
    await t.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('account', '=', 'student16')
      .execute();
    const res = await t.app.inject({
      url: '/v1/auth/check',
      headers: { authorization: `Bearer ${pair.token}` },
    });
    expect(res.statusCode).toBe(401);
    await t.db
      .updateTable('users')
      .set({ status: 'active' })
      .where('account', '=', 'student16')
      .execute();
  });
});

describe('v2 auth', () => {
  it('POST /v2/auth logs in with the same rules as v1', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v2/auth',
      payload: { username: 'teacher', password: 'tomoni-teacher' },
    });
    expect(ok.statusCode).toBe(200);
    AuthTokens.parse(ok.json());
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v2/auth',
      payload: { username: 'teacher', password: 'nope' },
    });
    expect(bad.statusCode).toBe(401);
    const suspended = await t.app.inject({
      method: 'POST',
      url: '/v2/auth',
      payload: { username: 'teacher2b', password: 'tomoni-teacher' },
    });
    expect(suspended.statusCode).toBe(403);
    expect(errorOf(suspended.body).message).toContain('Teacher');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/v2/auth',
      payload: { user: 'x' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('GET /v2/auth checks a bearer token and answers it back, minting no refresh token', async () => {
    const pair = await t.login('student17');
    const res = await t.app.inject({
      url: '/v2/auth',
      headers: { authorization: `Bearer ${pair.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isAuthenticated: true, token: pair.token });
  });

  it('GET /v2/auth answers 401 without a token', async () => {
    const res = await t.app.inject({ url: '/v2/auth' });
    expect(res.statusCode).toBe(401);
  });
});
