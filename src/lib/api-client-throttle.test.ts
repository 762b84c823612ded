import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient, type LockRunner } from './api-client';
import { isApiError, retryAfterSeconds } from './api-errors';
import { fakeServer, type Reply } from './fake-server';
import { createMemoryStorage, createTokenStorage, type KeyValueStorage } from './storage';

// Issue 8: a 429 is waited out (Retry-After), never a reason to sign out; tabs refresh in turn.
const Ok = z.object({ ok: z.literal(true) });
const tooMany = (seconds: string): Reply => ({
  status: 429,
  data: { error: { code: 'tooManyRequests', message: 'slow down' } },
  headers: { 'retry-after': seconds },
});
const expired = (): Reply => ({
  status: 401,
  data: { error: { code: 'unauthorized', message: 'x' } },
});

/** A lock shared by "tabs": tasks under one name run one after another, like navigator.locks. */
function sharedLock(): LockRunner {
  let tail: Promise<unknown> = Promise.resolve();
  return (_name, task) => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

function tab(fetch: typeof globalThis.fetch, backend: KeyValueStorage, lock?: LockRunner) {
  const sleeps: number[] = [];
  const tokens = createTokenStorage(backend);
  const client = createApiClient({
    fetch,
    tokens,
    sleep: async (ms) => void sleeps.push(ms),
    ...(lock ? { lock } : {}),
  });
  const loggedOut = vi.fn();
  client.onLoggedOut(loggedOut);
  return { client, tokens, sleeps, loggedOut };
}

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, at least 1 and at most 120', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds('0')).toBe(1);
    expect(retryAfterSeconds('86400')).toBe(120);
    const now = Date.parse('2026-11-23T08:00:00Z');
    expect(retryAfterSeconds('Mon, 23 Nov 2026 08:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds(undefined)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });

  it('waits as long as the server asks before sending a GET again', async () => {
    let calls = 0;
    const { fetch: adapter } = fakeServer(() =>
      ++calls === 1 ? tooMany('7') : { status: 200, data: { ok: true } },
    );
    const { client, sleeps, tokens, loggedOut } = tab(adapter, createMemoryStorage());
    tokens.setTokens({ token: 'a1', refreshToken: 'r1' });
    await expect(client.request(Ok, { url: '/v1/me' })).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([7000]);
    expect(tokens.getToken()).toBe('a1');
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it('waits out a 503 the server sent while shedding load, then sends a post again (issue 30)', async () => {
    let calls = 0;
    const { fetch: adapter, seen } = fakeServer(() =>
      ++calls === 1
        ? {
            status: 503,
            data: { error: { code: 'serverBusy', message: 'busy' } },
            headers: { 'retry-after': '2' },
          }
        : { status: 200, data: { ok: true } },
    );
    const { client, sleeps, tokens, loggedOut } = tab(adapter, createMemoryStorage());
    tokens.setTokens({ token: 'a1', refreshToken: 'r1' });
    await expect(
      client.request(Ok, { method: 'post', url: '/v1/comment', data: { text: 'なるほど' } }),
    ).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([2000]);
    expect(seen).toHaveLength(2);
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it('hands a login 429 to the form with its Retry-After, without retrying', async () => {
    const { fetch: adapter, seen } = fakeServer(() => tooMany('12'));
    const { client, sleeps } = tab(adapter, createMemoryStorage());
    const error = await client
      .request(Ok, { method: 'post', url: '/v1/auth/login', data: {} })
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.retryAfterS).toBe(12);
    expect(seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe('refresh under a 429 or without a network', () => {
  it('a refresh answered 429 waits and tries again; the tokens are never cleared', async () => {
    let refreshes = 0;
    const { fetch: adapter } = fakeServer((req) => {
      if (req.url === '/v1/auth/refresh')
        return ++refreshes === 1
          ? tooMany('3')
          : { status: 200, data: { token: 'a2', refreshToken: 'r2' } };
      return req.auth === 'Bearer a2' ? { status: 200, data: { ok: true } } : expired();
    });
    const { client, tokens, sleeps, loggedOut } = tab(adapter, createMemoryStorage());
    tokens.setTokens({ token: 'a1', refreshToken: 'r1' });
    await expect(client.request(Ok, { url: '/v1/me' })).resolves.toEqual({ ok: true });
    expect(sleeps).toEqual([3000]);
    expect(tokens.getRefreshToken()).toBe('r2');
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it('a refresh that cannot reach the server keeps the session (no logged-out modal)', async () => {
    const { fetch: adapter } = fakeServer((req) =>
      req.url === '/v1/auth/refresh' ? 'network' : expired(),
    );
    const { client, tokens, loggedOut } = tab(adapter, createMemoryStorage());
    tokens.setTokens({ token: 'a1', refreshToken: 'r1' });
    await expect(client.request(Ok, { url: '/v1/me' })).rejects.toThrow();
    expect(tokens.getRefreshToken()).toBe('r1');
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it('a refresh the server refuses still signs out', async () => {
    const { fetch: adapter } = fakeServer((req) =>
      req.url === '/v1/auth/refresh'
        ? { status: 401, data: { error: { code: 'invalidRefreshToken', message: 'x' } } }
        : expired(),
    );
    const { client, tokens, loggedOut } = tab(adapter, createMemoryStorage());
    tokens.setTokens({ token: 'a1', refreshToken: 'r1' });
    await expect(client.request(Ok, { url: '/v1/me' })).rejects.toThrow();
    expect(tokens.getRefreshToken()).toBeNull();
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });
});

describe('two tabs whose access token expires at the same moment', () => {
  it('send one refresh request between them and both go on with the new pair', async () => {
    const { fetch: adapter, seen } = fakeServer(async (req) => {
      if (req.url === '/v1/auth/refresh') {
        await new Promise((r) => setTimeout(r, 5));
        return { status: 200, data: { token: 'a2', refreshToken: 'r2' } };
      }
      return req.auth === 'Bearer a2' ? { status: 200, data: { ok: true } } : expired();
    });
    const shared = createMemoryStorage(); // the origin's localStorage
    const lock = sharedLock();
    const a = tab(adapter, shared, lock);
    const b = tab(adapter, shared, lock);
    a.tokens.setTokens({ token: 'a1', refreshToken: 'r1' });
    const [ra, rb] = await Promise.all([
      a.client.request(Ok, { url: '/v1/me' }),
      b.client.request(Ok, { url: '/v1/notifications/me' }),
    ]);
    expect([ra, rb]).toEqual([{ ok: true }, { ok: true }]);
    expect(seen.filter((r) => r.url === '/v1/auth/refresh')).toHaveLength(1);
    expect(a.loggedOut).not.toHaveBeenCalled();
    expect(b.loggedOut).not.toHaveBeenCalled();
  });

  it('without the lock both would spend the same refresh token (what the lock prevents)', async () => {
    const { fetch: adapter, seen } = fakeServer(async (req) => {
      if (req.url === '/v1/auth/refresh') {
        await new Promise((r) => setTimeout(r, 5));
        return { status: 200, data: { token: 'a2', refreshToken: 'r2' } };
      }
      return req.auth === 'Bearer a2' ? { status: 200, data: { ok: true } } : expired();
    });
    const shared = createMemoryStorage();
    const noLock: LockRunner = (_n, task) => task();
    const a = tab(adapter, shared, noLock);
    const b = tab(adapter, shared, noLock);
    a.tokens.setTokens({ token: 'a1', refreshToken: 'r1' });
    await Promise.all([
      a.client.request(Ok, { url: '/v1/me' }),
      b.client.request(Ok, { url: '/v1/me' }),
    ]);
    expect(seen.filter((r) => r.url === '/v1/auth/refresh')).toHaveLength(2);
  });
});
