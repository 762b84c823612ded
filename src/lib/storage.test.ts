import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, createTokenStorage, type KeyValueStorage } from './storage';

describe('token storage', () => {
  it('keeps the pair under ROOT.TOKEN and ROOT.REFRESH_TOKEN', () => {
    const backend = createMemoryStorage();
    const tokens = createTokenStorage(backend);
    tokens.setTokens({ token: 'a', refreshToken: 'r' });
    expect(backend.getItem('ROOT.TOKEN')).toBe('a');
    expect(backend.getItem('ROOT.REFRESH_TOKEN')).toBe('r');
    // A second storage over the same backend (a reload) sees the same tokens.
    expect(createTokenStorage(backend).getToken()).toBe('a');
  });

  it('keeps the refresh token when only the access token is replaced', () => {
    const tokens = createTokenStorage(createMemoryStorage());
    tokens.setTokens({ token: 'a', refreshToken: 'r' });
    tokens.setTokens({ token: 'b' });
    expect(tokens.getToken()).toBe('b');
    expect(tokens.getRefreshToken()).toBe('r');
  });

  it('clears both keys and tells subscribers', () => {
    const backend = createMemoryStorage();
    const tokens = createTokenStorage(backend);
    const listener = vi.fn();
    tokens.subscribe(listener);
    tokens.setTokens({ token: 'a', refreshToken: 'r' });
    tokens.clear();
    expect(tokens.getToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
    expect(backend.getItem('ROOT.TOKEN')).toBeNull();
    expect(backend.getItem('ROOT.REFRESH_TOKEN')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('falls back to memory when the storage throws (disabled or full)', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const tokens = createTokenStorage(broken);
    expect(tokens.getToken()).toBeNull();
    tokens.setTokens({ token: 'a', refreshToken: 'r' });
    expect(tokens.getToken()).toBe('a');
    tokens.clear();
    expect(tokens.getRefreshToken()).toBeNull();
  });

  it('works with no storage at all', () => {
    const tokens = createTokenStorage(null);
    tokens.setTokens({ token: 'a', refreshToken: 'r' });
    expect(tokens.getToken()).toBe('a');
  });
});
