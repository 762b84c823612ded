/**
 * The request function and the session it carries (issue 28): only `api/` modules and route
 * loaders import this file (a dependency-cruiser rule); everyone else reads errors from
 * `api-errors.ts` and the session from `api-session.ts`.
 */
import { safeParse, type core } from 'zod/mini';
import { AuthTokens } from '@/contracts/api/auth';
import { RETRY_COUNT, RETRY_DELAY_MS, RETRY_STATUSES } from '@/contracts/constants';
import { ErrorBody } from '@/contracts/errors';
import { ApiError, CONCERN_RAISED_EVENT, isWaitStatus, retryAfterSeconds } from './api-errors';
import { tokenStorage as defaultTokenStorage, type TokenStorage } from './storage';

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
 * itself (features/auth/login-machine.ts); the report's "update now" says how long to wait
 * rather than spinning for a minute (features/reports); the password-reset dialog shows the wait
 * (issue 25).
 */
const NO_WAIT_PATHS = ['/v1/auth/login', '/v2/auth', '/v1/report/refresh', '/v0/password-reset'];
const MUTATIONS = new Set(['post', 'put', 'patch', 'delete']);
/** The Web Locks name under which tabs take turns to refresh (one refresh request at a time). */
const REFRESH_LOCK = 'tomoni-token-refresh';
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

/** A query-string value; null and undefined leave the parameter out, an array repeats it (`k[]`). */
type ParamValue = string | number | boolean | Date | null | undefined;

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One API call: the path, its method, query parameters and body (JSON, or FormData as is). */
export interface RequestConfig {
  url: string;
  method?: HttpMethod | Uppercase<HttpMethod>;
  params?: Readonly<Record<string, ParamValue | readonly ParamValue[]>> | undefined;
  data?: unknown;
  /** `blob` hands the body over as a Blob (downloads); otherwise JSON (or text when not JSON). */
  responseType?: 'json' | 'blob';
}

/** A response outside 2xx, as the client's rules see it (status, parsed body, headers). */
class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
    readonly headers: Headers,
  ) {
    super(`Request failed with status code ${status}`);
    this.name = 'HttpError';
  }
}

/** No response at all: offline, DNS, connection reset, CORS refusal. */
class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error && cause.message ? cause.message : 'Network Error');
    this.name = 'NetworkError';
  }
}

export interface ApiClientOptions {
  baseURL?: string;
  tokens?: TokenStorage;
  /** Replaces the HTTP transport, `globalThis.fetch` by default (tests hand in a scripted one). */
  fetch?: typeof fetch;
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
  readonly tokens: TokenStorage;
  /**
   * Calls `listener` whenever a refresh failed and the tokens were cleared (the app shows the
   * logged-out modal); returns the call that stops it. A plain listener set, not an RxJS Subject:
   * /login's first load carries no RxJS (issue 10). A session that ended before anyone listened
   * (the first reads of a reload can be refused before the root layout mounts) is told to the
   * first listener, once.
   */
  onLoggedOut(listener: () => void): () => void;
  /** Sends a request and parses the response body with `schema`; throws ApiError on any failure. */
  request<S extends core.$ZodType>(schema: S, config: RequestConfig): Promise<core.output<S>>;
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

const announceConcernRaised = () => {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CONCERN_RAISED_EVENT));
};

/** Turns whatever a call threw into an ApiError, reading the server's ErrorBody when there is one. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof NetworkError) return new ApiError(0, 'network', error.message);
  if (error instanceof HttpError) {
    const parsed = ErrorBody.safeParse(error.data);
    const retryAfter = isWaitStatus(error.status)
      ? retryAfterSeconds(error.headers.get('retry-after'))
      : null;
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      if (code === 'concernRaised') announceConcernRaised();
      return new ApiError(error.status, code, message, fields ?? [], retryAfter);
    }
    return new ApiError(error.status, 'unknown', error.message, [], retryAfter);
  }
  return new ApiError(0, 'unknown', error instanceof Error ? error.message : String(error));
}

/** `?a=1&b[]=x&b[]=y` from params: null and undefined are left out, dates sent as ISO strings. */
export function queryString(params: RequestConfig['params']): string {
  const search = new URLSearchParams();
  const text = (value: Exclude<ParamValue, null | undefined>) =>
    value instanceof Date ? value.toISOString() : String(value);
  for (const [key, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) {
      for (const item of value as readonly ParamValue[]) {
        if (item !== null && item !== undefined) search.append(`${key}[]`, text(item));
      }
    } else if (value !== null && value !== undefined) {
      search.append(key, text(value as Exclude<ParamValue, null | undefined>));
    }
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** A JSON body is parsed; an empty one is '' and one that is not JSON stays text. */
async function readBody(response: Response, responseType: RequestConfig['responseType']) {
  if (responseType === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const tokens = options.tokens ?? defaultTokenStorage;
  const sleep = options.sleep ?? defaultSleep;
  const loggedOutListeners = new Set<() => void>();
  /** The session ended while nobody listened: the next listener hears it. */
  let unheard = false;
  /** The server refused the session: forget the tokens and tell whoever listens. */
  const endSession = () => {
    tokens.clear();
    unheard = loggedOutListeners.size === 0;
    for (const listener of [...loggedOutListeners]) listener();
  };
  const baseURL = options.baseURL ?? '';
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /** One HTTP exchange with the held token; anything outside 2xx throws an HttpError. */
  const send = async (
    config: RequestConfig,
    meta: ClientMeta,
  ): Promise<{ status: number; data: unknown }> => {
    const headers = new Headers({ Accept: 'application/json' });
    const token = tokens.getToken();
    meta.sentToken = token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (config.data instanceof FormData || config.data instanceof Blob) body = config.data;
    else if (config.data !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(config.data);
    }
    let response: Response;
    try {
      response = await fetchImpl(`${baseURL}${config.url}${queryString(config.params)}`, {
        method: (config.method ?? 'get').toUpperCase(),
        headers,
        ...(body !== undefined ? { body } : {}),
      });
    } catch (error) {
      throw new NetworkError(error);
    }
    let data: unknown;
    try {
      data = await readBody(response, config.responseType);
    } catch (error) {
      // The connection broke while the body was arriving.
      throw new NetworkError(error);
    }
    if (!response.ok) throw new HttpError(response.status, data, response.headers);
    return { status: response.status, data };
  };

  const lock = options.lock ?? browserLock;
  let refreshing: Promise<RefreshOutcome> | null = null;

  /**
   * One refresh call; a 429 or 503 is waited out (Retry-After) and retried, never a reason to
   * sign out.
   */
  const exchange = async (): Promise<RefreshOutcome> => {
    for (let attempt = 0; ; attempt++) {
      const refreshToken = tokens.getRefreshToken();
      if (!refreshToken) return 'refused';
      try {
        const response = await send(
          { method: 'post', url: '/v1/auth/refresh', data: { refreshToken } },
          { noRetry: true },
        );
        const parsed = AuthTokens.safeParse(response.data);
        if (!parsed.success) return 'unavailable';
        tokens.setTokens(parsed.data);
        return 'ok';
      } catch (error) {
        const status = error instanceof HttpError ? error.status : undefined;
        if (isWaitStatus(status) && attempt < RETRY_COUNT) {
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

  /**
   * Sends a call under the client's rules: a 401 refreshes the token once and re-sends; a 429, or
   * a 503 with Retry-After (load shed), is waited out; a mutation that met a network error or a retryable status is sent
   * again after RETRY_DELAY_MS, RETRY_COUNT times at most.
   */
  const sendWithRules = async (
    config: RequestConfig,
    meta: ClientMeta = {},
  ): Promise<{ status: number; data: unknown }> => {
    try {
      return await send(config, meta);
    } catch (error) {
      if (!(error instanceof HttpError || error instanceof NetworkError)) throw error;
      const status = error instanceof HttpError ? error.status : undefined;

      if (status === 401 && !meta.refreshed && !NO_REFRESH_PATHS.includes(pathOf(config.url))) {
        meta.refreshed = true;
        const current = tokens.getToken();
        // Sent without a token and none held now: nobody was logged in, so there is no session to lose.
        if (meta.sentToken == null && current === null) throw error;
        // Another call already refreshed while this one was in flight: just re-send with the new token.
        const stale = current !== null && current !== meta.sentToken;
        const outcome = stale ? 'ok' : await refreshOutcome();
        if (outcome === 'ok') return sendWithRules(config, meta);
        // The refresh could not be made (no network, 5xx, 429 past its retries): keep the session.
        if (outcome === 'unavailable') throw error;
        endSession();
        throw error;
      }

      const retries = meta.retries ?? 0;
      const asksToWait =
        status === 429 || (status === 503 && toApiError(error).retryAfterS !== null);
      if (asksToWait) {
        // Never a reason to sign out: wait as long as the server asks, then send again (any method:
        // an over-budget call, or one shed with a Retry-After, was not carried out).
        if (meta.noRetry || NO_WAIT_PATHS.includes(pathOf(config.url)) || retries >= RETRY_COUNT)
          throw error;
        meta.retries = retries + 1;
        await sleep((toApiError(error).retryAfterS ?? RETRY_DELAY_MS / 1000) * 1000);
        return sendWithRules(config, meta);
      }

      const method = (config.method ?? 'get').toLowerCase();
      const retryable = status === undefined || RETRY_STATUS_SET.has(status);
      if (MUTATIONS.has(method) && !meta.noRetry && retryable && retries < RETRY_COUNT) {
        meta.retries = retries + 1;
        await sleep(RETRY_DELAY_MS);
        return sendWithRules(config, meta);
      }
      throw error;
    }
  };

  const request = async <S extends core.$ZodType>(
    schema: S,
    config: RequestConfig,
  ): Promise<core.output<S>> => {
    let data: unknown;
    let status: number;
    try {
      const response = await sendWithRules(config);
      data = response.data;
      status = response.status;
    } catch (error) {
      throw toApiError(error);
    }
    const parsed = safeParse(schema, data);
    if (!parsed.success) {
      throw new ApiError(
        status,
        'contractMismatch',
        `Response of ${config.method ?? 'get'} ${config.url} broke its contract: ${parsed.error.message}`,
      );
    }
    return parsed.data;
  };

  const recoverSession = async (): Promise<boolean> => {
    if (tokens.getRefreshToken() === null && tokens.getToken() === null) return false;
    if (await refresh()) return true;
    endSession();
    return false;
  };

  const onLoggedOut = (listener: () => void) => {
    loggedOutListeners.add(listener);
    if (unheard) {
      unheard = false;
      listener();
    }
    return () => void loggedOutListeners.delete(listener);
  };

  return { tokens, onLoggedOut, request, refresh, recoverSession };
}

/** The page's API client: same origin, tokens in localStorage. */
export const apiClient: ApiClient = createApiClient();
