import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient, type RequestConfig } from './api-client';
import { ApiError } from './api-errors';
import { fakeServer, type Reply, type Seen } from './fake-server';
import { createMemoryStorage, createTokenStorage } from './storage';

const errorBody = (code: string, message = code) => ({ error: { code, message } });
const Ok = z.object({ ok: z.literal(true) });

function setup(handler: (req: Seen) => Reply | Promise<Reply>) {
  const server = fakeServer(handler);
  const tokens = createTokenStorage(createMemoryStorage());
  const client = createApiClient({ fetch: server.fetch, tokens });
  const loggedOut = vi.fn();
  client.onLoggedOut(loggedOut);
  return { ...server, tokens, client, loggedOut };
}

describe('token handling', () => {
  it('sends the held token as a bearer header, and none when no token is held', async () => {
    const { client, seen, tokens } = setup(() => ({ status: 200, data: { ok: true } }));
    await client.request(Ok, { url: '/v1/me' });
    tokens.setTokens({ token: 'access-1', refreshToken: 'refresh-1' });
    await client.request(Ok, { url: '/v1/me' });
    expect(seen.map((r) => r.auth)).toEqual([null, 'Bearer access-1']);
  });

  it('refreshes once for two parallel 401s and re-sends both with the new token', async () => {
    let refreshes = 0;
    const { client, seen, tokens, loggedOut } = setup(async (req) => {
      if (req.url === '/v1/auth/refresh') {
        refreshes += 1;
        // Let the second 401 arrive while this refresh is still in flight.
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(req.body).toEqual({ refreshToken: 'refresh-old' });
        return { status: 200, data: { token: 'access-new', refreshToken: 'refresh-new' } };
      }
      if (req.auth === 'Bearer access-new') return { status: 200, data: { ok: true } };
      return { status: 401, data: errorBody('unauthorized') };
    });
    tokens.setTokens({ token: 'access-old', refreshToken: 'refresh-old' });

    const [a, b] = await Promise.all([
      client.request(Ok, { url: '/v1/me' }),
      client.request(Ok, { url: '/v1/me/groups' }),
    ]);

    expect(a).toEqual({ ok: true });
    expect(b).toEqual({ ok: true });
    expect(refreshes).toBe(1);
    expect(tokens.getToken()).toBe('access-new');
    expect(tokens.getRefreshToken()).toBe('refresh-new');
    expect(seen.filter((r) => r.url !== '/v1/auth/refresh').map((r) => r.auth)).toEqual([
      'Bearer access-old',
      'Bearer access-old',
      'Bearer access-new',
      'Bearer access-new',
    ]);
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it('clears both tokens and emits loggedOut when the refresh is refused', async () => {
    const { client, tokens, loggedOut, seen } = setup((req) =>
      req.url === '/v1/auth/refresh'
        ? { status: 401, data: errorBody('invalidRefreshToken') }
        : { status: 401, data: errorBody('unauthorized') },
    );
    tokens.setTokens({ token: 'access-old', refreshToken: 'refresh-old' });

    const failure = await client.request(Ok, { url: '/v1/me' }).catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(tokens.getToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
    expect(loggedOut).toHaveBeenCalledTimes(1);
    // The refresh call itself is never retried: a spent refresh token must not be sent twice.
    expect(seen.filter((r) => r.url === '/v1/auth/refresh')).toHaveLength(1);
  });

  it('tells the first listener, once, of a session refused before anyone listened', async () => {
    const server = fakeServer(() => ({ status: 401, data: errorBody('unauthorized') }));
    const tokens = createTokenStorage(createMemoryStorage());
    const client = createApiClient({ fetch: server.fetch, tokens });
    tokens.setTokens({ token: 'access-old', refreshToken: 'refresh-old' });
    await client.request(Ok, { url: '/v1/me' }).catch(() => undefined);

    const late = vi.fn();
    client.onLoggedOut(late);
    expect(late).toHaveBeenCalledTimes(1);
    const later = vi.fn();
    client.onLoggedOut(later);
    expect(later).not.toHaveBeenCalled();
  });

  it("recovers a socket's refused session with one refresh, or shows the logged-out modal", async () => {
    let refreshOk = true;
    const { client, tokens, loggedOut } = setup((req) =>
      req.url === '/v1/auth/refresh' && refreshOk
        ? { status: 200, data: { token: 'access-new', refreshToken: 'refresh-new' } }
        : { status: 401, data: errorBody('invalidRefreshToken') },
    );
    tokens.setTokens({ token: 'access-old', refreshToken: 'refresh-old' });
    expect(await client.recoverSession()).toBe(true);
    expect(tokens.getToken()).toBe('access-new');
    expect(loggedOut).not.toHaveBeenCalled();
    refreshOk = false;
    expect(await client.recoverSession()).toBe(false);
    expect(tokens.getToken()).toBeNull();
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it('does not announce a logout for a 401 when no token was held at all', async () => {
    const { client, seen, loggedOut } = setup(() => ({
      status: 401,
      data: errorBody('unauthorized'),
    }));
    const failure = await client.request(Ok, { url: '/v1/me/groups' }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 401 });
    expect(seen.map((r) => r.url)).toEqual(['/v1/me/groups']);
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it('does not refresh on a 401 from login: that 401 means a wrong password', async () => {
    const { client, seen, loggedOut } = setup(() => ({
      status: 401,
      data: errorBody('invalidAccountOrPassword', 'wrong'),
    }));
    const failure = await client
      .request(Ok, {
        method: 'post',
        url: '/v1/auth/login',
        data: { username: 'a', password: 'b' },
      })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({
      status: 401,
      code: 'invalidAccountOrPassword',
      message: 'wrong',
    });
    expect(seen).toHaveLength(1);
    expect(loggedOut).not.toHaveBeenCalled();
  });
});

describe('retry rule for mutations', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Sends the request and records at which fake-clock times the server saw each attempt. */
  function attemptsOver(
    replies: Reply[],
    config: RequestConfig,
  ): { done: Promise<unknown>; times: number[]; seen: Seen[] } {
    const times: number[] = [];
    const start = Date.now();
    const { client, seen } = setup(() => {
      times.push(Date.now() - start);
      return replies.shift() ?? { status: 200, data: { ok: true } };
    });
    const done = client.request(Ok, { ...config, data: { x: 1 } }).catch((e: unknown) => e);
    return { done, times, seen };
  }

  it('retries a POST on 503 after 1 s and succeeds', async () => {
    const run = attemptsOver([{ status: 503 }, { status: 503 }], { method: 'post', url: '/v1/x' });
    await vi.advanceTimersByTimeAsync(999);
    expect(run.times).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.times).toEqual([0, 1000]);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(run.done).resolves.toEqual({ ok: true });
    expect(run.times).toEqual([0, 1000, 2000]);
  });

  it('retries on a network error (no response)', async () => {
    const run = attemptsOver(['network'], { method: 'put', url: '/v1/user/u1' });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(run.done).resolves.toEqual({ ok: true });
    expect(run.times).toEqual([0, 1000]);
  });

  it('gives up after 3 retries, 1 s apart, with the last status', async () => {
    const replies: Reply[] = Array.from({ length: 10 }, () => ({ status: 429 }));
    const run = attemptsOver(replies, { method: 'delete', url: '/v1/x' });
    await vi.advanceTimersByTimeAsync(10_000);
    const failure = await run.done;
    expect(failure).toMatchObject({ status: 429 });
    expect(run.times).toEqual([0, 1000, 2000, 3000]);
  });

  it('does not retry on 400', async () => {
    const run = attemptsOver([{ status: 400, data: errorBody('badRequest') }], {
      method: 'post',
      url: '/v1/x',
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(await run.done).toMatchObject({ status: 400, code: 'badRequest' });
    expect(run.times).toEqual([0]);
  });

  it('does not retry a GET, even on 503 or a network error', async () => {
    const a = attemptsOver([{ status: 503 }], { method: 'get', url: '/v1/x' });
    const b = attemptsOver(['network'], { method: 'get', url: '/v1/y' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(await a.done).toMatchObject({ status: 503 });
    expect(await b.done).toMatchObject({ status: 0, code: 'network' });
    expect(a.times).toEqual([0]);
    expect(b.times).toEqual([0]);
  });
});

describe('response contracts', () => {
  it('throws contractMismatch when the body does not match the schema', async () => {
    const { client } = setup(() => ({ status: 200, data: { ok: 'yes' } }));
    const failure = await client.request(Ok, { url: '/v1/x' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 200, code: 'contractMismatch' });
  });

  it('keeps status and code of an error body, and reports an unreadable one as unknown', async () => {
    const { client } = setup((req) =>
      req.url === '/a'
        ? { status: 403, data: errorBody('suspended', 'Teacher account suspended') }
        : { status: 500, data: '<html>oops</html>' },
    );
    expect(await client.request(Ok, { url: '/a' }).catch((e: unknown) => e)).toMatchObject({
      status: 403,
      code: 'suspended',
      message: 'Teacher account suspended',
    });
    expect(await client.request(Ok, { url: '/b' }).catch((e: unknown) => e)).toMatchObject({
      status: 500,
      code: 'unknown',
    });
  });
});

// The client runs on fetch (issue 10: no second HTTP stack); what axios did for the app, it does.
describe('requests over fetch', () => {
  it('puts params in the query string, leaving out empty ones and repeating arrays', async () => {
    const { client, seen } = setup(() => ({ status: 200, data: { ok: true } }));
    await client.request(Ok, {
      url: '/v1/sessions',
      params: { status: 'IN_PROGRESS', pageSize: 100, isMe: true, skip: undefined, none: null },
    });
    await client.request(Ok, { url: '/v1/x', params: { ids: ['a b', 'c'] } });
    expect(seen.map((r) => new URLSearchParams(r.query).toString())).toEqual([
      'status=IN_PROGRESS&pageSize=100&isMe=true',
      'ids%5B%5D=a+b&ids%5B%5D=c',
    ]);
  });

  it('sends objects as JSON and FormData as it is', async () => {
    const bodies: unknown[] = [];
    const { client, seen } = setup((req) => {
      bodies.push(req.body);
      return { status: 200, data: { ok: true } };
    });
    await client.request(Ok, { method: 'POST', url: '/v1/a', data: { name: 'x' } });
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'a.txt');
    await client.request(Ok, { method: 'put', url: '/v1/b', data: form });
    expect(seen.map((r) => r.method)).toEqual(['POST', 'PUT']);
    expect(bodies[0]).toEqual({ name: 'x' });
    expect(bodies[1]).toBe(form);
  });

  it('answers a download as a Blob, and a network failure as status 0 "network"', async () => {
    const { client } = setup((req) =>
      req.url === '/v1/file' ? { status: 200, data: { a: 1 } } : 'network',
    );
    const blob = await client.request(z.instanceof(Blob), {
      url: '/v1/file',
      responseType: 'blob',
    });
    expect(await blob.text()).toBe('{"a":1}');
    expect(await client.request(Ok, { url: '/v1/y' }).catch((e: unknown) => e)).toMatchObject({
      status: 0,
      code: 'network',
    });
  });
});
