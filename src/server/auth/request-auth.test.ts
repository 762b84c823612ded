import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MeResponse } from '../../contracts/api/auth';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Issue 10, cheaper requests: one token verification per request with the HS256 key imported
 * once, and a signed-in caller's row reused for a moment — never past a change made through the
 * API (sign-out, a password set by the teacher, a new display name).
 */

let t: TestApp;
const TTL_MS = 1500;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_USER_CACHE_MS: String(TTL_MS) } });
});
afterAll(async () => {
  await t.close();
});

const me = async (authorization: string) =>
  t.app.inject({ method: 'GET', url: '/v1/me', headers: { authorization } });

describe('one token check per request (issue 10)', () => {
  it('verifies the bearer token once per request and imports the key once for the app', async () => {
    const { token } = await t.login('student20');
    await me(`Bearer ${token}`);
    const verify = vi.spyOn(t.app.auth.tokens, 'verifyAccess');
    const importKey = vi.spyOn(globalThis.crypto.subtle, 'importKey');
    try {
      for (let i = 0; i < 5; i += 1) expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
      // Rate limiter and auth.require share one verification.
      expect(verify).toHaveBeenCalledTimes(5);
      expect(importKey).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
      importKey.mockRestore();
    }
  });
});

describe('verified tokens remembered (issue 10)', () => {
  it('refuses a token once it expires, though it was accepted before', async () => {
    const { token } = await t.login('student25');
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (t.config.accessTokenTtlS + 1) * 1000);
      expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token whose signature was changed, though the real one was accepted', async () => {
    const { token } = await t.login('student26');
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await me(`Bearer ${header}.${payload}.${flipped}`)).statusCode).toBe(401);
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
  });
});

describe('the signed-in user cache (issue 10)', () => {
  it('ends a signed-out session at once', async () => {
    const pair = await t.login('student21');
    expect((await me(`Bearer ${pair.token}`)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { refreshToken: pair.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(`Bearer ${pair.token}`)).statusCode).toBe(401);
  });

  it('ends a pupil’s sessions at once when the teacher sets their password', async () => {
    const pupil = await t.login('student22');
    const row = MeResponse.parse((await me(`Bearer ${pupil.token}`)).json());
    const set = await t.app.inject({
      method: 'PUT',
      url: `/v1/user/${row.item._id}`,
      headers: await t.authHeader('teacher'),
      payload: { password: 'set-by-teacher-22' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await me(`Bearer ${pupil.token}`)).statusCode).toBe(401);
  });

  it('shows a new display name on the very next request', async () => {
    const auth = `Bearer ${(await t.login('student23')).token}`;
    const row = MeResponse.parse((await me(auth)).json());
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/v1/user/${row.item._id}`,
      headers: { authorization: auth },
      payload: { displayName: 'Renamed 23' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(MeResponse.parse((await me(auth)).json()).item.displayName).toBe('Renamed 23');
  });

  it('sees a change made outside the API (another server, a script) within the cache time', async () => {
    const pair = await t.login('student24');
    const auth = `Bearer ${pair.token}`;
    expect((await me(auth)).statusCode).toBe(200);
    await t.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('token_hash', 'is not', null)
      .where('user_id', '=', MeResponse.parse((await me(auth)).json()).item._id)
      .execute();
    const started = Date.now();
    let status = (await me(auth)).statusCode;
    while (status === 200 && Date.now() - started < TTL_MS * 3) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await me(auth)).statusCode;
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThanOrEqual(TTL_MS + 500);
  });
});
