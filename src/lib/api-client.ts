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

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    fields: ReadonlyArray<{ path: string; message: string }> = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
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
const MUTATIONS = new Set(['post', 'put', 'patch', 'delete']);
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
}

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
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      return new ApiError(response.status, code, message, fields ?? []);
    }
    return new ApiError(response.status, 'unknown', error.message);
  }
  return new ApiError(0, 'unknown', error instanceof Error ? error.message : String(error));
}

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

  let refreshing: Promise<boolean> | null = null;

  const exchange = async (): Promise<boolean> => {
    const refreshToken = tokens.getRefreshToken();
    if (!refreshToken) return false;
    try {
      const config: AxiosRequestConfig & { tomoni: ClientMeta } = {
        method: 'post',
        url: '/v1/auth/refresh',
        data: { refreshToken },
        tomoni: { noRetry: true },
      };
      const response = await http.request(config);
      const parsed = AuthTokens.safeParse(response.data);
      if (!parsed.success) return false;
      tokens.setTokens(parsed.data);
      return true;
    } catch {
      return false;
    }
  };

  const refresh = (): Promise<boolean> => {
    refreshing ??= exchange().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

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
      if (stale || (await refresh())) return http.request(config);
      tokens.clear();
      loggedOut.next();
      throw error;
    }

    const method = (config.method ?? 'get').toLowerCase();
    const retryable = error.response ? RETRY_STATUS_SET.has(error.response.status) : true;
    const retries = meta.retries ?? 0;
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
