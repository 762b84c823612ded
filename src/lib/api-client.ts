import axios, {
  AxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosRequestConfig,
  type InternalAxiosRequestConfig,
} from 'axios';
import { Subject, type Observable } from 'rxjs';
import type { z } from 'zod';
import { AuthTokens } from '@/contracts/api/auth';
import { RETRY_COUNT, RETRY_DELAY_MS, RETRY_STATUSES } from '@/contracts/constants';
import { ErrorBody, type ErrorCode } from '@/contracts/errors';
import { tokenStorage as defaultTokenStorage, type TokenStorage } from './storage';

/** Codes the client adds to the server's: no response at all, or a body that broke its contract. */
export type ApiErrorCode = ErrorCode | 'network' | 'contractMismatch' | 'unknown';

/** Every failed call surfaces as one of these; `status` is 0 when no response arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: ReadonlyArray<{ path: string; message: string }>;
  /** On a 429: the seconds the server asked to wait (Retry-After), else null. */
  readonly retryAfterS: number | null;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    fields: ReadonlyArray<{ path: string; message: string }> = [],
    retryAfterS: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterS = retryAfterS;
  }
}

/** The longest Retry-After the client honours; a longer one is treated as this. */
export const MAX_RETRY_AFTER_S = 120;

/**
 * Seconds from a Retry-After header (delta-seconds or an HTTP date), at least 1 and at most
 * MAX_RETRY_AFTER_S; null when the header is absent or unreadable.
 */
export function retryAfterSeconds(value: unknown, now = Date.now()): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const seconds = /^\d+$/.test(value.trim())
    ? Number(value.trim())
    : (Date.parse(value) - now) / 1000;
  if (!Number.isFinite(seconds)) return null;
  return Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(seconds)));
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Paths whose 401 means "wrong credentials", not "token expired": never refreshed. */
const NO_REFRESH_PATHS = [
  '/v1/auth/login',
  '/v1/auth/refresh',
  '/v1/auth/check',
  '/v1/auth/logout',
  '/v2/auth',
];
/**
 * Paths whose 429 is handed to the caller at once: the login form shows the wait and tries again
 * itself (features/auth/login-machine.ts).
 */
const NO_WAIT_PATHS = ['/v1/auth/login', '/v2/auth'];
const MUTATIONS = new Set(['post', 'put', 'patch', 'delete']);
/** The Web Locks name under which tabs take turns to refresh (one refresh request at a time). */
export const REFRESH_LOCK = 'tomoni-token-refresh';
const RETRY_STATUS_SET: ReadonlySet<number> = new Set(RETRY_STATUSES);

interface ClientMeta {
  /** How many times this request has been re-sent under the retry rule. */
  retries?: number;
  /** Set once the request was re-sent after a token refresh; a second 401 is final. */
  refreshed?: boolean;
  /** The access token the request went out with, to tell a stale token from a refused one. */
  sentToken?: string | null;
  /** Turns the retry rule off (the refresh call: a spent refresh token must not be re-sent). */
  noRetry?: boolean;
}
type MetaConfig = InternalAxiosRequestConfig & { tomoni?: ClientMeta };

export interface ApiClientOptions {
  baseURL?: string;
  tokens?: TokenStorage;
  /** Replaces the HTTP transport (tests hand in a scripted adapter). */
  adapter?: AxiosAdapter;
  /** Waits between retries; injected so tests can run on fake timers. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Runs a task while holding a lock shared by every tab of the origin; defaults to
   * `navigator.locks` (or no lock where the browser has none). Tests hand in a shared fake.
   */
  lock?: LockRunner;
}

export type LockRunner = <T>(name: string, task: () => Promise<T>) => Promise<T>;

const browserLock: LockRunner = (name, task) => {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The lock is held until the task's promise settles; request() resolves with its result.
  return locks ? (locks.request(name, task) as Promise<Awaited<ReturnType<typeof task>>>) : task();
};

/** How a refresh ended: new tokens held, refused by the server (signed out), or not reachable. */
type RefreshOutcome = 'ok' | 'refused' | 'unavailable';

export interface ApiClient {
  readonly http: AxiosInstance;
  readonly tokens: TokenStorage;
  /** Emits when a refresh failed and the tokens were cleared. The app shows the logged-out modal. */
  readonly loggedOut$: Observable<void>;
  /** Sends a request and parses the response body with `schema`; throws ApiError on any failure. */
  request<S extends z.ZodType>(schema: S, config: AxiosRequestConfig): Promise<z.infer<S>>;
  /** Exchanges the stored refresh token for a new pair; concurrent callers share one exchange. */
  refresh(): Promise<boolean>;
  /**
   * Ends a session the server refused outside an HTTP call (the realtime hub's signed-out close):
   * one refresh is tried; when it fails the tokens are cleared and loggedOut$ emits. Resolves
   * whether a fresh token is at hand.
   */
  recoverSession(): Promise<boolean>;
}

const pathOf = (url: string | undefined): string => {
  if (!url) return '';
  try {
    return new URL(url, 'http://local').pathname;
  } catch {
    return url;
  }
};

/** Turns whatever axios threw into an ApiError, reading the server's ErrorBody when there is one. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    const response = error.response;
    if (!response) return new ApiError(0, 'network', error.message);
    const parsed = ErrorBody.safeParse(response.data);
    const retryAfter =
      response.status === 429 ? retryAfterSeconds(headerOf(response.headers, 'retry-after')) : null;
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      return new ApiError(response.status, code, message, fields ?? [], retryAfter);
    }
    return new ApiError(response.status, 'unknown', error.message, [], retryAfter);
  }
  return new ApiError(0, 'unknown', error instanceof Error ? error.message : String(error));
}

const headerOf = (headers: unknown, name: string): unknown => {
  if (!headers || typeof headers !== 'object') return undefined;
  const get = (headers as { get?: unknown }).get;
  if (typeof get === 'function') return (get as (n: string) => unknown).call(headers, name);
  return (headers as Record<string, unknown>)[name];
};

const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const tokens = options.tokens ?? defaultTokenStorage;
  const sleep = options.sleep ?? defaultSleep;
  const loggedOut = new Subject<void>();
  const http = axios.create({
    baseURL: options.baseURL ?? '',
    ...(options.adapter ? { adapter: options.adapter } : {}),
    headers: { Accept: 'application/json' },
  });

  const lock = options.lock ?? browserLock;
  let refreshing: Promise<RefreshOutcome> | null = null;

  /** One refresh call; a 429 is waited out (Retry-After) and retried, never a reason to sign out. */
  const exchange = async (): Promise<RefreshOutcome> => {
    for (let attempt = 0; ; attempt++) {
      const refreshToken = tokens.getRefreshToken();
      if (!refreshToken) return 'refused';
      try {
        const config: AxiosRequestConfig & { tomoni: ClientMeta } = {
          method: 'post',
          url: '/v1/auth/refresh',
          data: { refreshToken },
          tomoni: { noRetry: true },
        };
        const response = await http.request(config);
        const parsed = AuthTokens.safeParse(response.data);
        if (!parsed.success) return 'unavailable';
        tokens.setTokens(parsed.data);
        return 'ok';
      } catch (error) {
        const status = error instanceof AxiosError ? error.response?.status : undefined;
        if (status === 429 && attempt < RETRY_COUNT) {
          await sleep((toApiError(error).retryAfterS ?? 1) * 1000);
          continue;
        }
        // Only the server saying no (invalid or revoked token, suspended account) ends the session.
        return status === 400 || status === 401 || status === 403 ? 'refused' : 'unavailable';
      }
    }
  };

  /**
   * Refreshes once per page at a time, and once across tabs: the tabs take turns under a Web Lock,
   * and a tab that finds the stored refresh token already replaced by another tab uses that pair
   * instead of spending the old token again.
   */
  const refreshOutcome = (): Promise<RefreshOutcome> => {
    const held = tokens.getRefreshToken();
    refreshing ??= lock(REFRESH_LOCK, async () => {
      const current = tokens.getRefreshToken();
      if (current !== null && current !== held) return 'ok' as const;
      return exchange();
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  const refresh = async (): Promise<boolean> => (await refreshOutcome()) === 'ok';

  http.interceptors.request.use((config: MetaConfig) => {
    const meta = (config.tomoni ??= {});
    const token = tokens.getToken();
    meta.sentToken = token;
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    else config.headers.delete('Authorization');
    return config;
  });

  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (!(error instanceof AxiosError) || !error.config) throw error;
    const config = error.config as MetaConfig;
    const meta = (config.tomoni ??= {});
    const status = error.response?.status;

    if (status === 401 && !meta.refreshed && !NO_REFRESH_PATHS.includes(pathOf(config.url))) {
      meta.refreshed = true;
      const current = tokens.getToken();
      // Sent without a token and none held now: nobody was logged in, so there is no session to lose.
      if (meta.sentToken == null && current === null) throw error;
      // Another call already refreshed while this one was in flight: just re-send with the new token.
      const stale = current !== null && current !== meta.sentToken;
      const outcome = stale ? 'ok' : await refreshOutcome();
      if (outcome === 'ok') return http.request(config);
      // The refresh could not be made (no network, 5xx, 429 past its retries): keep the session.
      if (outcome === 'unavailable') throw error;
      tokens.clear();
      loggedOut.next();
      throw error;
    }

    const retries = meta.retries ?? 0;
    if (status === 429) {
      // Never a reason to sign out: wait as long as the server asks, then send again (any method).
      if (meta.noRetry || NO_WAIT_PATHS.includes(pathOf(config.url)) || retries >= RETRY_COUNT)
        throw error;
      meta.retries = retries + 1;
      await sleep((toApiError(error).retryAfterS ?? RETRY_DELAY_MS / 1000) * 1000);
      return http.request(config);
    }

    const method = (config.method ?? 'get').toLowerCase();
    const retryable = error.response ? RETRY_STATUS_SET.has(error.response.status) : true;
    if (MUTATIONS.has(method) && !meta.noRetry && retryable && retries < RETRY_COUNT) {
      meta.retries = retries + 1;
      await sleep(RETRY_DELAY_MS);
      return http.request(config);
    }
    throw error;
  });

  const request = async <S extends z.ZodType>(
    schema: S,
    config: AxiosRequestConfig,
  ): Promise<z.infer<S>> => {
    let data: unknown;
    let status: number;
    try {
      const response = await http.request(config);
      data = response.data;
      status = response.status;
    } catch (error) {
      throw toApiError(error);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new ApiError(
        status,
        'contractMismatch',
        `Response of ${config.method ?? 'get'} ${config.url ?? ''} broke its contract: ${parsed.error.message}`,
      );
    }
    return parsed.data;
  };

  const recoverSession = async (): Promise<boolean> => {
    if (tokens.getRefreshToken() === null && tokens.getToken() === null) return false;
    if (await refresh()) return true;
    tokens.clear();
    loggedOut.next();
    return false;
  };

  return { http, tokens, loggedOut$: loggedOut.asObservable(), request, refresh, recoverSession };
}

/** The page's API client: same origin, tokens in localStorage. */
export const apiClient: ApiClient = createApiClient();
