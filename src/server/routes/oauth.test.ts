import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthTokens, MeResponse } from '../../contracts/api/auth';
import { OAuthPopupMessage, OAuthStartResponse } from '../../contracts/api/oauth';
import {
  startOidcProvider,
  type LocalOidcProvider,
} from '../../../tests/e2e/support/oidc-provider';
import { ConfigError, loadConfig } from '../config';
import { createTestApp, type TestApp } from '../testing/test-app';

const PUBLIC_URL = 'http://127.0.0.1:5999';
const REDIRECT_URI = `${PUBLIC_URL}/v1/oauth/google/callback`;

let idp: LocalOidcProvider;
let t: TestApp;
let student01Id: string;
let teacherId: string;

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: [REDIRECT_URI] });
  t = await createTestApp({
    env: {
      PUBLIC_URL,
      OIDC_GOOGLE_ISSUER: idp.issuer,
      OIDC_GOOGLE_CLIENT_ID: idp.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: idp.clientSecret,
    },
    fixtures: async (db) => {
      const users = await db
        .selectFrom('users')
        .select(['id', 'account'])
        .where('account', 'in', ['student01', 'teacher'])
        .execute();
      student01Id = users.find((u) => u.account === 'student01')!.id;
      teacherId = users.find((u) => u.account === 'teacher')!.id;
      // The teacher owns this Google identity already.
      await db
        .insertInto('oidc_identities')
        .values({ issuer: idp.issuer, subject: 'teacher-google', user_id: teacherId, email: null })
        .execute();
    },
  });
});

afterAll(async () => {
  await t?.close();
  await idp?.stop();
});

/** Starts an attempt: the provider URL, the csrf token, the nonce and the cookie it set. */
async function start(mode: 'login' | 'link' = 'login', headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/v1/oauth/google?mode=${mode}`, headers });
  expect(res.statusCode).toBe(200);
  const { item } = OAuthStartResponse.parse(res.json());
  const setCookie = String(res.headers['set-cookie']);
  const cookie = setCookie.split(';')[0]!;
  const nonce = new URL(item.url).searchParams.get('nonce')!;
  return { url: item.url, csrfToken: item.csrfToken, nonce, cookie };
}

/**
 * Walks the provider's real authorization flow (its interaction signs in at once) with a tiny
 * cookie jar, and returns the callback URL it redirects to with the code.
 */
async function authorize(url: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = url;
  for (let i = 0; i < 10; i++) {
    const res = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location)
      throw new Error(`provider stopped at ${next}: ${res.status} ${await res.text()}`);
    const target = new URL(location, next);
    if (target.href.startsWith(REDIRECT_URI)) return target;
    next = target.href;
  }
  throw new Error('too many redirects');
}

/** The message the callback page would post to the opener. */
async function callback(target: URL, cookie: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${target.pathname}${target.search}`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  const json = /<script type="application\/json" id="oauth-result">(.*?)<\/script>/s.exec(
    res.body,
  )?.[1];
  const data = JSON.parse(json!) as { message: unknown; origin: string };
  expect(data.origin).toBe(PUBLIC_URL);
  return OAuthPopupMessage.parse(data.message);
}

async function meOf(token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v1/me',
    headers: { authorization: `Bearer ${token}` },
  });
  return MeResponse.parse(res.json()).item;
}

describe('configuration', () => {
  const google = {
    OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
    OIDC_GOOGLE_CLIENT_ID: 'id',
    OIDC_GOOGLE_CLIENT_SECRET: 'secret',
  };

  it('enables a provider only when issuer, client id and secret are all set', () => {
    expect(loadConfig({ ...google, PUBLIC_URL: 'https://app.example' }).oidc.google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
    const partial = loadConfig({ ...google, OIDC_GOOGLE_CLIENT_SECRET: '' });
    expect(partial.oidc.google).toBeNull();
    expect(partial.oidc.microsoft).toBeNull();
  });

  it('refuses to start a provider without PUBLIC_URL for the redirect URI', () => {
    expect(() => loadConfig(google)).toThrow(ConfigError);
  });
});

describe('providers', () => {
  it('lists only the configured providers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/oauth/providers' });
    expect(res.json()).toEqual({ items: ['google'] });
  });

  it('answers 404 for a provider that is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/oauth/microsoft' });
    expect(res.statusCode).toBe(404);
  });

  it('starts the code flow with PKCE S256, state and nonce for our redirect URI', async () => {
    const { url, csrfToken, cookie } = await start();
    const params = new URL(url).searchParams;
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('state')).toBe(csrfToken);
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(cookie).toMatch(/^tomoni_oidc_google=/);
  });
});

describe('popup flow against the provider', () => {
  it('signs in the user the identity is linked to', async () => {
    idp.signInAs('teacher-google');
    const attempt = await start();
    const message = await callback(await authorize(attempt.url), attempt.cookie);
    expect(message.result).toBe('signedIn');
    if (message.result !== 'signedIn') return;
    expect((await meOf(message.token)).id).toBe('teacher');
  });

  it('reports an identity linked to nobody as unlinked', async () => {
    idp.signInAs('nobody-google');
    const attempt = await start();
    const message = await callback(await authorize(attempt.url), attempt.cookie);
    expect(message).toMatchObject({ result: 'failed', reason: 'unlinked' });
  });

  it('refuses a callback whose state is not the one of this browser', async () => {
    idp.signInAs('teacher-google');
    const mine = await start();
    const other = await start();
    const message = await callback(await authorize(other.url), mine.cookie);
    expect(message).toMatchObject({ result: 'failed', reason: 'failed' });
  });

  it('links in link mode, then the identity signs in as that user', async () => {
    const auth = await t.authHeader('student02');
    idp.signInAs('student02-google');
    const attempt = await start('link', auth);
    const linked = await callback(await authorize(attempt.url), attempt.cookie);
    expect(linked.result).toBe('linked');

    const again = await start();
    const message = await callback(await authorize(again.url), again.cookie);
    expect(message.result).toBe('signedIn');
    if (message.result === 'signedIn') expect((await meOf(message.token)).id).toBe('student02');
  });

  it('needs a signed-in user to start linking', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/oauth/google?mode=link' });
    expect(res.statusCode).toBe(401);
  });
});

describe('id_token checks', () => {
  const post = (attempt: { cookie: string; csrfToken: string }, idToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/oauth/google',
      headers: { cookie: attempt.cookie },
      payload: { id_token: idToken, csrfToken: attempt.csrfToken },
    });

  it('signs in with a valid id_token of a linked identity', async () => {
    const attempt = await start();
    const token = await idp.signIdToken({ sub: 'teacher-google', nonce: attempt.nonce });
    const res = await post(attempt, token);
    expect(res.statusCode).toBe(200);
    expect((await meOf(AuthTokens.parse(res.json()).token)).id).toBe('teacher');
  });

  it('answers unlinked (401) for a valid id_token linked to nobody', async () => {
    const attempt = await start();
    const res = await post(
      attempt,
      await idp.signIdToken({ sub: 'stranger', nonce: attempt.nonce }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unlinked');
  });

  const refused: Array<[string, (nonce: string) => Promise<string>]> = [
    ['a wrong audience', (nonce) => idp.signIdToken({ sub: 'teacher-google', nonce, aud: 'x' })],
    [
      'a wrong issuer',
      (nonce) => idp.signIdToken({ sub: 'teacher-google', nonce, iss: 'https://evil.test' }),
    ],
    [
      'an expired token',
      (nonce) => {
        const now = Math.floor(Date.now() / 1000);
        return idp.signIdToken({ sub: 'teacher-google', nonce, iat: now - 7200, exp: now - 3600 });
      },
    ],
    [
      'a signature by another key',
      async (nonce) => {
        const { privateKey } = await generateKeyPair('RS256');
        return idp.signIdToken({ sub: 'teacher-google', nonce }, { key: privateKey });
      },
    ],
    ['a wrong nonce', () => idp.signIdToken({ sub: 'teacher-google', nonce: 'n'.repeat(32) })],
    ['no nonce', () => idp.signIdToken({ sub: 'teacher-google' })],
  ];
  it.each(refused)('refuses %s with 401', async (_, make) => {
    const attempt = await start();
    const res = await post(attempt, await make(attempt.nonce));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('refuses an id_token without the attempt cookie or with another csrf token', async () => {
    const attempt = await start();
    const token = await idp.signIdToken({ sub: 'teacher-google', nonce: attempt.nonce });
    const noCookie = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/google',
      payload: { id_token: token, csrfToken: attempt.csrfToken },
    });
    expect(noCookie.statusCode).toBe(400);
    const wrongCsrf = await post({ ...attempt, csrfToken: 'x'.repeat(32) }, token);
    expect(wrongCsrf.statusCode).toBe(400);
  });

  it('409 already linked when linking an identity another user owns', async () => {
    const auth = await t.authHeader('student01');
    const attempt = await start('link', auth);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/oauth/google',
      headers: { ...auth, cookie: attempt.cookie },
      payload: {
        id_token: await idp.signIdToken({ sub: 'teacher-google', nonce: attempt.nonce }),
        csrfToken: attempt.csrfToken,
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'alreadyLinked',
      message: 'This account is already linked to another account',
    });
    const owner = await t.db
      .selectFrom('oidc_identities')
      .select('user_id')
      .where('subject', '=', 'teacher-google')
      .executeTakeFirstOrThrow();
    expect(owner.user_id).toBe(teacherId);
  });

  it('links a new identity with PUT and keeps it with the same user', async () => {
    const auth = await t.authHeader('student01');
    const attempt = await start('link', auth);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/oauth/google',
      headers: { ...auth, cookie: attempt.cookie },
      payload: {
        id_token: await idp.signIdToken({ sub: 'student01-google', nonce: attempt.nonce }),
        csrfToken: attempt.csrfToken,
      },
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('oidc_identities')
      .select('user_id')
      .where('subject', '=', 'student01-google')
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(student01Id);
  });
});

describe("sign-in with the school's own accounts (issue 30)", () => {
  /** The class of the pupil, and the teacher's bearer header. */
  async function classOf(account: string) {
    const row = await t.db
      .selectFrom('group_members')
      .innerJoin('users', 'users.id', 'group_members.user_id')
      .select('group_members.group_id')
      .where('users.account', '=', account)
      .executeTakeFirstOrThrow();
    return row.group_id;
  }
  const put = async (
    groupId: string,
    body: { domain: string | null; roster: string },
    account = 'teacher',
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/v1/group/${groupId}/signIn`,
      headers: await t.authHeader(account),
      payload: body,
    });

  it('a roster line lets the pupil sign in with the school address, then the identity stays linked', async () => {
    const group = await classOf('student05');
    const saved = await put(group, {
      domain: null,
      roster: 'account,email\nstudent05, Roster-Pupil@example.test\n',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().item.roster).toMatchObject([
      { email: 'roster-pupil@example.test', account: 'student05' },
    ]);

    idp.signInAs('roster-pupil');
    const attempt = await start();
    const message = await callback(await authorize(attempt.url), attempt.cookie);
    expect(message.result).toBe('signedIn');
    if (message.result === 'signedIn') expect((await meOf(message.token)).id).toBe('student05');
    // The roster was a way in: the identity is now the pupil's, roster or not.
    expect((await put(group, { domain: null, roster: '' })).statusCode).toBe(200);
    const again = await start();
    const next = await callback(await authorize(again.url), again.cookie);
    expect(next.result).toBe('signedIn');
    if (next.result === 'signedIn') expect((await meOf(next.token)).id).toBe('student05');
  });

  it("the school's domain lets a member sign in as the account its address names", async () => {
    const group = await classOf('student06');
    expect((await put(group, { domain: 'Example.test', roster: '' })).json().item.domain).toBe(
      'example.test',
    );
    idp.signInAs('student06');
    const attempt = await start();
    const message = await callback(await authorize(attempt.url), attempt.cookie);
    expect(message.result).toBe('signedIn');
    if (message.result === 'signedIn') expect((await meOf(message.token)).id).toBe('student06');
    // Someone of the domain who is no member of the group is nobody.
    idp.signInAs('not-a-member');
    const other = await start();
    expect(await callback(await authorize(other.url), other.cookie)).toMatchObject({
      result: 'failed',
      reason: 'unlinked',
    });
    await put(group, { domain: null, roster: '' });
  });

  it('an address the provider did not verify signs nobody in', async () => {
    const group = await classOf('student07');
    await put(group, { domain: null, roster: 'student07,unverified@example.test' });
    const attempt = await start();
    const idToken = await idp.signIdToken({
      sub: 'unverified-subject',
      email: 'unverified@example.test',
      email_verified: false,
      nonce: attempt.nonce,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/google',
      headers: { cookie: attempt.cookie },
      payload: { id_token: idToken, csrfToken: attempt.csrfToken },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unlinked');
  });

  it('names every line to fix and changes nothing; pupils and other schools cannot see it', async () => {
    const group = await classOf('student08');
    await put(group, { domain: null, roster: 'student08,kept@example.test' });
    const bad = await put(group, {
      domain: null,
      roster: 'student08,new@example.test\nteacher2,x@example.test\nstudent08\nstudent09,not-mail',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['roster.2', 'roster.3', 'roster.4']);
    const now = await t.app.inject({
      method: 'GET',
      url: `/v1/group/${group}/signIn`,
      headers: await t.authHeader('teacher'),
    });
    expect(now.json().item.roster.map((r: { email: string }) => r.email)).toEqual([
      'kept@example.test',
    ]);
    expect((await put(group, { domain: null, roster: '' }, 'student08')).statusCode).toBe(403);
    expect((await put(group, { domain: 'not a domain', roster: '' })).statusCode).toBe(400);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/v1/group/${group}/signIn`,
      headers: await t.authHeader('sakura-teacher'),
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
