import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './api-client';
import { createHubSession, tokenExpiry } from './hub-session';
import { createMemoryStorage, createTokenStorage } from './storage';

const jwt = (expS: number) =>
  `h.${btoa(JSON.stringify({ sub: 'u', exp: expS })).replace(/=+$/, '')}.s`;

function fakeClient() {
  const tokens = createTokenStorage(createMemoryStorage());
  const refresh = vi.fn(() => Promise.resolve(true));
  const recoverSession = vi.fn(() => Promise.resolve(false));
  return { client: { tokens, refresh, recoverSession } as unknown as ApiClient, tokens, refresh };
}

describe('hub session', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reads a token expiry', () => {
    expect(tokenExpiry(jwt(1234))).toBe(1_234_000);
    expect(tokenExpiry('not-a-jwt')).toBeNull();
  });

  it('renews the token a minute before it expires while a socket watches, and passes changes on', () => {
    const { client, tokens, refresh } = fakeClient();
    const session = createHubSession(client);
    const now = Date.now();
    tokens.setTokens({ token: jwt(Math.floor(now / 1000) + 180), refreshToken: 'r' });
    const listener = vi.fn();
    const stop = session.watchToken(listener);
    vi.advanceTimersByTime(100_000);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(25_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    tokens.setTokens({ token: jwt(Math.floor(Date.now() / 1000) + 900) });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    vi.advanceTimersByTime(3_600_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('never puts the token in the hub URL', () => {
    const { client, tokens } = fakeClient();
    tokens.setTokens({ token: jwt(9_999_999_999), refreshToken: 'r' });
    vi.stubGlobal('window', { location: { href: 'https://school.example/session/1/watch' } });
    try {
      expect(createHubSession(client).url()).toBe('wss://school.example/ws');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
