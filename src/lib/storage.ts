import { STORAGE_KEYS } from '@/contracts/constants';

/** The subset of the Web Storage API the token store needs (so tests can hand in their own). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface TokenStorage {
  getToken(): string | null;
  getRefreshToken(): string | null;
  /** Stores the access token and, when given, the refresh token. */
  setTokens(tokens: { token: string; refreshToken?: string | null }): void;
  clear(): void;
  /** Called after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** A Map-backed storage used when localStorage is missing or refuses (private mode, quota). */
export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

function browserStorage(): KeyValueStorage | null {
  try {
    const storage = globalThis.localStorage;
    return storage ?? null;
  } catch {
    // Reading `localStorage` itself throws when storage is disabled in the browser.
    return null;
  }
}

/**
 * Token storage under ROOT.TOKEN and ROOT.REFRESH_TOKEN. Every access is guarded: when the
 * backing storage throws, the value falls back to memory for the rest of the page's life.
 */
export function createTokenStorage(
  backend: KeyValueStorage | null = browserStorage(),
): TokenStorage {
  const memory = createMemoryStorage();
  const listeners = new Set<() => void>();

  // Once the backend throws, memory is the only source of truth for the rest of the page's life.
  let backendWorks = backend !== null;

  const read = (key: string): string | null => {
    if (backendWorks && backend) {
      try {
        return backend.getItem(key);
      } catch {
        backendWorks = false;
      }
    }
    return memory.getItem(key);
  };
  const write = (key: string, value: string | null): void => {
    if (value === null) memory.removeItem(key);
    else memory.setItem(key, value);
    if (!backendWorks || !backend) return;
    try {
      if (value === null) backend.removeItem(key);
      else backend.setItem(key, value);
    } catch {
      backendWorks = false;
    }
  };
  const notify = (): void => {
    for (const listener of listeners) listener();
  };

  return {
    getToken: () => read(STORAGE_KEYS.token) || null,
    getRefreshToken: () => read(STORAGE_KEYS.refreshToken) || null,
    setTokens: ({ token, refreshToken }) => {
      write(STORAGE_KEYS.token, token);
      if (refreshToken !== undefined) write(STORAGE_KEYS.refreshToken, refreshToken);
      notify();
    },
    clear: () => {
      write(STORAGE_KEYS.token, null);
      write(STORAGE_KEYS.refreshToken, null);
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The page's token storage (localStorage when available). */
export const tokenStorage: TokenStorage = createTokenStorage();
