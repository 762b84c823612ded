import { resolve } from 'node:path';
import { PUSH_SERVICE_HOSTS } from './http/outbound';
import { z } from 'zod';
import { VIDEO_MAX_DURATION_S, VIDEO_UPLOAD_MAX_BYTES } from '../contracts/api/studio';
import type { PressureLimits } from './http/pressure';

/** Env booleans: "true"/"1"/"yes" and "false"/"0"/"no"; anything else is a startup error. */
const EnvBoolean = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no']))
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** package.json's version (the route test keeps the two equal). */
export const APP_PACKAGE_VERSION = '0.1.0';

function appInfoOf(current: string, minimum: string): Config['appInfo'] {
  const info = { currentVersion: current, minimumVersion: minimum };
  return { web: info, ios: info, android: info };
}

const PositiveInt = z.coerce.number().int().positive();

/** A comma-separated list of http(s) origins ("https://cdn.example, https://img.example"). */
const OriginList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin)));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  MEDIA_DIR: z.string().trim().min(1).default('./media'),
  CLIENT_DIR: z.string().trim().min(1).default('./dist/client'),
  /** The studio's transcoder: `auto` (system ffmpeg, else the bundled one), `none`, or a path. */
  FFMPEG: z.string().trim().min(1).default('auto'),
  /** Videos transcoding at once, never two of one school (studio/transcoder.ts). */
  TRANSCODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** The longest video the studio transcodes, in seconds (a longer one fails as videoTooLong). */
  VIDEO_MAX_DURATION_S: PositiveInt.default(VIDEO_MAX_DURATION_S),
  /** The largest video file the studio takes, in bytes (the upload answers 413 above it). */
  VIDEO_UPLOAD_MAX_BYTES: PositiveInt.default(VIDEO_UPLOAD_MAX_BYTES),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_S: PositiveInt.default(900),
  REFRESH_TOKEN_TTL_S: PositiveInt.default(30 * 24 * 60 * 60),
  SEED_DEMO: EnvBoolean.default(true),
  PGLITE_WORKER: EnvBoolean.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Trust X-Forwarded-For (set when running behind a reverse proxy). */
  TRUST_PROXY: EnvBoolean.default(false),
  /** Login throttle; see docs/decisions/0117-sign-in-throttle.md (issue 8). */
  LOGIN_PAIR_FREE_FAILURES: PositiveInt.default(5),
  LOGIN_ACCOUNT_FREE_FAILURES: PositiveInt.default(20),
  LOGIN_MAX_DELAY_S: PositiveInt.max(300, 'must be at most 300 (a delay, never a lock)').default(
    30,
  ),
  LOGIN_MAX_UNKNOWN_NAMES_PER_IP: PositiveInt.default(1000),
  LOGIN_WINDOW_S: PositiveInt.default(15 * 60),
  /** How long a spent refresh token still answers with the pair it was exchanged for. */
  REFRESH_GRACE_S: z.coerce.number().int().min(0).max(300).default(30),
  /** How long /v1 reuses a signed-in user's row (0: never); any change through the API clears it. */
  AUTH_USER_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  /**
   * Web Push: the push services' hosts the server may send to (comma-separated; `*.example.com`
   * for subdomains). Default: FCM, Mozilla, Apple and Windows (http/outbound.ts, issue 25).
   */
  PUSH_ALLOWED_HOSTS: z
    .string()
    .trim()
    .regex(/^(\*\.)?[a-z0-9.-]+(,\s*(\*\.)?[a-z0-9.-]+)*$/i, 'comma-separated host names')
    .optional(),
  /** End-to-end tests only: the local push service's loopback origin, sent to without checks. */
  PUSH_DEV_ENDPOINT: z.url({ protocol: /^https$/, hostname: /^127\.0\.0\.1$/ }).optional(),
  /** General API rate limit per address and minute. */
  RATE_LIMIT_PER_MINUTE: PositiveInt.default(1200),
  /**
   * Load shedding (http/pressure.ts, issue 30): API calls are answered 503 with Retry-After while
   * the event loop lags more than this (mean ms over a quarter second; a quarter second with no
   * turn of the loop at all counts as lagging) … 0: not watched.
   */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(200),
  /** … or a query has waited this long (ms) for a database connection … */
  PRESSURE_MAX_QUEUE_MS: PositiveInt.default(250),
  /** … or this many API calls are already being served (a hard bound) … */
  PRESSURE_MAX_IN_FLIGHT: PositiveInt.default(256),
  /** … or the heap holds more than this many MB (0: not watched). */
  PRESSURE_MAX_HEAP_MB: z.coerce.number().int().min(0).default(0),
  /** The Retry-After (seconds) sent with a shed call. */
  PRESSURE_RETRY_AFTER_S: PositiveInt.default(2),
  /** The app's public origin (e.g. https://tomoni.example); OpenID redirect URIs are built on it. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** OpenID Connect providers: each is enabled only when its issuer, client id and secret are set. */
  OIDC_GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_MICROSOFT_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_MICROSOFT_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  /** GET /v0/app-info: the app's current version and the oldest one still supported. */
  APP_VERSION: z
    .string()
    .trim()
    .regex(/^\d+\.\d+\.\d+$/)
    .default(APP_PACKAGE_VERSION),
  APP_MIN_VERSION: z
    .string()
    .trim()
    .regex(/^\d+\.\d+\.\d+$/)
    .optional(),
  /** Machine translation for the feedback viewer: 'deepl' or unset (no translate button). */
  TRANSLATION_PROVIDER: z.enum(['deepl']).optional(),
  DEEPL_API_KEY: z.string().trim().min(1).optional(),
  DEEPL_API_URL: z.url({ protocol: /^https?$/ }).default('https://api-free.deepl.com'),
  /** The zone REPORT_REFRESH_TIMES are read in. */
  REPORT_TIMEZONE: z
    .string()
    .trim()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Asia/Tokyo')
    .default('Asia/Tokyo'),
  /** POST /v1/report/refresh for staff roles (rate-limited); on unless set to false. */
  REPORT_REFRESH_ON_DEMAND: EnvBoolean.optional(),
  NODE_ENV: z.string().optional(),
  /** Origins images and videos may come from besides this server (CDN); CSP img/media/connect-src. */
  CSP_MEDIA_ORIGINS: OriginList.default([]),
  /** Origins the client may call besides this server (analytics, error reporting); CSP connect-src. */
  CSP_CONNECT_ORIGINS: OriginList.default([]),
  /** How often open WebSockets re-check their token (expiry, revoked family). */
  WS_AUTH_CHECK_MS: PositiveInt.default(30_000),
  /** A socket must authenticate (`auth` as its first message) within this long. */
  WS_AUTH_TIMEOUT_MS: PositiveInt.default(10_000),
  /** Per-socket message budget: sustained rate (per second) and burst (token bucket). */
  WS_MESSAGES_PER_SECOND: PositiveInt.default(20),
  WS_MESSAGE_BURST: PositiveInt.default(60),
  /** A follower's `status` reaches the host at most once per socket and interval (latest wins). */
  WS_STATUS_INTERVAL_MS: PositiveInt.default(1000),
  /**
   * A room's heartbeat: this often the hub re-reads every open room's head seq from the log (one
   * query), delivers what its bus missed and sends each socket the room's `head` seq.
   */
  ROOM_HEAD_INTERVAL_MS: PositiveInt.default(5000),
  /** Lifetime of a signed /uploads URL handed out in API answers. */
  UPLOAD_URL_TTL_S: PositiveInt.default(2 * 60 * 60),
  /** Where clients receive room events: this server's /ws hub, or Cloud Firestore (issue 12). */
  REALTIME_BACKEND: z.enum(['ws', 'firestore']).default('ws'),
  FIREBASE_PROJECT_ID: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{4,29}$/, 'must be a Firebase project id (6–30 of a-z, 0-9, -)')
    .optional(),
  /** The web app's config (Firebase console → project settings → your apps). */
  FIREBASE_API_KEY: z.string().trim().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().trim().min(1).optional(),
  FIREBASE_APP_ID: z.string().trim().min(1).optional(),
  /** host:port of a Firestore emulator (local runs and tests): no credentials, mock tokens. */
  FIRESTORE_EMULATOR_HOST: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:8080')
    .optional(),
  /** A service account's JSON key (the file's path is GOOGLE_APPLICATION_CREDENTIALS). */
  FIREBASE_SERVICE_ACCOUNT: z.string().trim().min(1).optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().trim().min(1).optional(),
  /** Sentry error reporting for the server; unset: off. Also the client's unless SENTRY_CLIENT_DSN. */
  SENTRY_DSN: z.url({ protocol: /^https?$/ }).optional(),
  /** The browser's Sentry DSN when it reports to another project than the server. */
  SENTRY_CLIENT_DSN: z.url({ protocol: /^https?$/ }).optional(),
  SENTRY_ENVIRONMENT: z.string().trim().min(1).max(64).optional(),
  /** The share of errors sent (the spec's error-tracking sample rate). */
  SENTRY_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.4),
});

/** One configured OpenID Connect client. */
export interface OidcClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const oidcClient = (
  issuer: string | undefined,
  clientId: string | undefined,
  clientSecret: string | undefined,
): OidcClientConfig | null =>
  issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : null;

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Absolute; holds the PGlite database (`<dataDir>/pglite`) and uploads (`<dataDir>/uploads`). */
  dataDir: string;
  mediaDir: string;
  clientDir: string;
  /** `auto`, `none` or an ffmpeg path (studio/transcoder.ts). */
  ffmpeg: string;
  /** Videos transcoding at once (one per school). */
  transcodeConcurrency: number;
  /** The studio's video caps: the longest video transcoded and the largest file taken. */
  video: { maxDurationS: number; maxUploadBytes: number };
  /** When absent, a secret is generated once and kept in app_settings. */
  jwtSecret: string | undefined;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  seedDemo: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  redisUrl: string | undefined;
  trustProxy: boolean;
  login: LoginThrottleConfig;
  /** Seconds a spent refresh token still returns the pair it was exchanged for (two tabs). */
  refreshGraceS: number;
  /** Milliseconds /v1 reuses the signed-in user's row (issue 10). */
  authUserCacheMs: number;
  rateLimitPerMinute: number;
  /** When API calls are shed rather than queued (http/pressure.ts). */
  pressure: PressureLimits;
  /** Hosts Web Push may send to (PUSH_ALLOWED_HOSTS, or the known push services). */
  pushAllowedHosts: readonly string[];
  /** PUSH_DEV_ENDPOINT's origin (end-to-end tests' local push service), else undefined. */
  pushDevOrigin: string | undefined;
  /** Public origin without a trailing slash, when configured. */
  publicUrl: string | undefined;
  /** Google and Microsoft sign-in; null when not configured. */
  oidc: { google: OidcClientConfig | null; microsoft: OidcClientConfig | null };
  /**
   * Where PGlite keeps its files: `<dataDir>/pglite`, or `memory://` for tests. Ignored when
   * databaseUrl is set.
   */
  pgliteDir: string;
  /** PGlite runs in a worker thread of its own (db/pglite-thread.ts) rather than the server's. */
  pgliteWorker: boolean;
  /** The translation provider, or null when none is configured. */
  translation: { provider: 'deepl'; apiKey: string; apiUrl: string } | null;
  /** GET /v0/app-info per platform (one web app serves every platform today). */
  appInfo: Record<'web' | 'ios' | 'android', { currentVersion: string; minimumVersion: string }>;
  /** Class report aggregates: the refresh time zone and whether staff may refresh on demand. */
  reports: { timeZone: string; refreshOnDemand: boolean };
  /** Extra CSP origins (see docs/decisions/0123-response-headers.md, issue 8). */
  csp: { mediaOrigins: string[]; connectOrigins: string[] };
  /** WebSocket hub limits (issue 8). */
  ws: {
    authCheckMs: number;
    authTimeoutMs: number;
    messagesPerSecond: number;
    messageBurst: number;
    statusIntervalMs: number;
    /** The room heartbeat (ROOM_HEAD_INTERVAL_MS). */
    headIntervalMs: number;
  };
  /** Signed /uploads URLs. */
  uploads: { urlTtlS: number };
  /** Where clients receive room events (REALTIME_BACKEND). */
  realtime: RealtimeConfig;
  /** Sentry (issue 14): each side is null when its DSN is unset. */
  errorReporting: {
    server: ErrorReportingConfig | null;
    client: ErrorReportingConfig | null;
  };
}

/** One side's Sentry settings. */
export interface ErrorReportingConfig {
  dsn: string;
  sampleRate: number;
  environment: string;
}

/** The realtime backend: this server's hub, or Cloud Firestore written by this server. */
export type RealtimeConfig =
  | { backend: 'ws' }
  | {
      backend: 'firestore';
      projectId: string;
      /** The browser SDK's config (public by design: the security rules protect the data). */
      web: { apiKey: string; authDomain?: string; appId?: string };
      /** host:port of the emulator: both the server and the browsers connect there. */
      emulatorHost: string | null;
      /** Service-account credentials for production (the JSON, or a key file's path). */
      credentials:
        { type: 'json'; json: Record<string, unknown> } | { type: 'file'; path: string } | null;
    };

/** REALTIME_BACKEND=firestore needs a project, and outside the emulator a web key and a key. */
function realtimeConfig(e: z.infer<typeof EnvSchema>): RealtimeConfig {
  if (e.REALTIME_BACKEND === 'ws') return { backend: 'ws' };
  const missing: string[] = [];
  if (!e.FIREBASE_PROJECT_ID)
    missing.push('FIREBASE_PROJECT_ID: required when REALTIME_BACKEND=firestore');
  const emulatorHost = e.FIRESTORE_EMULATOR_HOST ?? null;
  if (!emulatorHost) {
    if (!e.FIREBASE_API_KEY) {
      missing.push(
        'FIREBASE_API_KEY: required when REALTIME_BACKEND=firestore (unless FIRESTORE_EMULATOR_HOST)',
      );
    }
    if (!e.FIREBASE_SERVICE_ACCOUNT && !e.GOOGLE_APPLICATION_CREDENTIALS) {
      missing.push(
        'FIREBASE_SERVICE_ACCOUNT: a service account key (or GOOGLE_APPLICATION_CREDENTIALS) is required when REALTIME_BACKEND=firestore (unless FIRESTORE_EMULATOR_HOST)',
      );
    }
  }
  let credentials: Extract<RealtimeConfig, { backend: 'firestore' }>['credentials'] = null;
  if (e.FIREBASE_SERVICE_ACCOUNT) {
    try {
      const json = JSON.parse(e.FIREBASE_SERVICE_ACCOUNT) as unknown;
      if (typeof json !== 'object' || json === null || !('private_key' in json)) throw new Error();
      credentials = { type: 'json', json: json as Record<string, unknown> };
    } catch {
      missing.push(
        'FIREBASE_SERVICE_ACCOUNT: must be a service account key (JSON with private_key)',
      );
    }
  } else if (e.GOOGLE_APPLICATION_CREDENTIALS) {
    credentials = { type: 'file', path: e.GOOGLE_APPLICATION_CREDENTIALS };
  }
  if (missing.length > 0 || !e.FIREBASE_PROJECT_ID) {
    throw new ConfigError(`Invalid environment:\n${missing.map((m) => `  ${m}`).join('\n')}`);
  }
  return {
    backend: 'firestore',
    projectId: e.FIREBASE_PROJECT_ID,
    web: {
      // The emulator ignores the key; the SDK only needs a non-empty one.
      apiKey: e.FIREBASE_API_KEY ?? 'emulator',
      ...(e.FIREBASE_AUTH_DOMAIN ? { authDomain: e.FIREBASE_AUTH_DOMAIN } : {}),
      ...(e.FIREBASE_APP_ID ? { appId: e.FIREBASE_APP_ID } : {}),
    },
    emulatorHost,
    credentials,
  };
}

/** The login throttle (src/server/auth/login-throttle.ts). */
export interface LoginThrottleConfig {
  /** Failures of one account from one address before delays start. */
  freeFailuresPerPair: number;
  /** Failures of one account from all addresses together before delays start. */
  freeFailuresPerAccount: number;
  /** Delays double from 1 s up to this; never a longer lock. */
  maxDelayS: number;
  /** Failures for made-up account names from one address before those get 429. */
  maxUnknownFailuresPerAddress: number;
  /** How long a failure counts. */
  windowS: number;
}

/** Variables that were replaced; setting one stops the start with the replacement's name. */
const REPLACED: Readonly<Record<string, string>> = {
  LOGIN_MAX_FAILURES_PER_ACCOUNT: 'LOGIN_PAIR_FREE_FAILURES and LOGIN_ACCOUNT_FREE_FAILURES',
  LOGIN_MAX_FAILURES_PER_ADDRESS: 'LOGIN_MAX_UNKNOWN_NAMES_PER_IP',
  LOGIN_MAX_REQUESTS_PER_ADDRESS: 'nothing (successful logins are never counted per address)',
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset" so `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  const replaced = Object.keys(REPLACED)
    .filter((name) => name in cleaned)
    .map((name) => `  ${name}: no longer read; replaced by ${REPLACED[name]}`);
  if (!parsed.success || replaced.length > 0) {
    const lines = [
      ...(parsed.success
        ? []
        : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)),
      ...replaced,
    ];
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.LOGIN_ACCOUNT_FREE_FAILURES < e.LOGIN_PAIR_FREE_FAILURES) {
    throw new ConfigError(
      'Invalid environment:\n  LOGIN_ACCOUNT_FREE_FAILURES: must be at least LOGIN_PAIR_FREE_FAILURES',
    );
  }
  const oidc = {
    google: oidcClient(e.OIDC_GOOGLE_ISSUER, e.OIDC_GOOGLE_CLIENT_ID, e.OIDC_GOOGLE_CLIENT_SECRET),
    microsoft: oidcClient(
      e.OIDC_MICROSOFT_ISSUER,
      e.OIDC_MICROSOFT_CLIENT_ID,
      e.OIDC_MICROSOFT_CLIENT_SECRET,
    ),
  };
  if ((oidc.google || oidc.microsoft) && !e.PUBLIC_URL) {
    // The redirect URI registered with the provider is built on it; guessing from Host is unsafe.
    throw new ConfigError(
      'Invalid environment:\n  PUBLIC_URL: required when an OIDC provider is set',
    );
  }
  if (e.TRANSLATION_PROVIDER === 'deepl' && !e.DEEPL_API_KEY) {
    throw new ConfigError(
      'Invalid environment:\n  DEEPL_API_KEY: required when TRANSLATION_PROVIDER=deepl',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  const realtime = realtimeConfig(e);
  const sentry = (dsn: string | undefined): ErrorReportingConfig | null =>
    dsn
      ? {
          dsn,
          sampleRate: e.SENTRY_SAMPLE_RATE,
          environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV ?? 'development',
        }
      : null;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    mediaDir: resolve(e.MEDIA_DIR),
    clientDir: resolve(e.CLIENT_DIR),
    ffmpeg: e.FFMPEG,
    transcodeConcurrency: e.TRANSCODE_CONCURRENCY,
    video: { maxDurationS: e.VIDEO_MAX_DURATION_S, maxUploadBytes: e.VIDEO_UPLOAD_MAX_BYTES },
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    login: {
      freeFailuresPerPair: e.LOGIN_PAIR_FREE_FAILURES,
      freeFailuresPerAccount: e.LOGIN_ACCOUNT_FREE_FAILURES,
      maxDelayS: e.LOGIN_MAX_DELAY_S,
      maxUnknownFailuresPerAddress: e.LOGIN_MAX_UNKNOWN_NAMES_PER_IP,
      windowS: e.LOGIN_WINDOW_S,
    },
    refreshGraceS: e.REFRESH_GRACE_S,
    authUserCacheMs: e.AUTH_USER_CACHE_MS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    pressure: {
      maxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      maxInFlight: e.PRESSURE_MAX_IN_FLIGHT,
      maxQueueMs: e.PRESSURE_MAX_QUEUE_MS,
      maxHeapUsedBytes: e.PRESSURE_MAX_HEAP_MB * 1024 * 1024,
      retryAfterS: e.PRESSURE_RETRY_AFTER_S,
    },
    pushAllowedHosts: e.PUSH_ALLOWED_HOSTS
      ? e.PUSH_ALLOWED_HOSTS.split(',').map((h) => h.trim().toLowerCase())
      : PUSH_SERVICE_HOSTS,
    pushDevOrigin: e.PUSH_DEV_ENDPOINT ? new URL(e.PUSH_DEV_ENDPOINT).origin : undefined,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    oidc,
    pgliteDir: resolve(dataDir, 'pglite'),
    pgliteWorker: e.PGLITE_WORKER,
    translation:
      e.TRANSLATION_PROVIDER === 'deepl' && e.DEEPL_API_KEY
        ? { provider: 'deepl', apiKey: e.DEEPL_API_KEY, apiUrl: e.DEEPL_API_URL }
        : null,
    appInfo: appInfoOf(e.APP_VERSION, e.APP_MIN_VERSION ?? e.APP_VERSION),
    reports: {
      timeZone: e.REPORT_TIMEZONE,
      refreshOnDemand: e.REPORT_REFRESH_ON_DEMAND ?? true,
    },
    csp: { mediaOrigins: e.CSP_MEDIA_ORIGINS, connectOrigins: e.CSP_CONNECT_ORIGINS },
    ws: {
      authCheckMs: e.WS_AUTH_CHECK_MS,
      authTimeoutMs: e.WS_AUTH_TIMEOUT_MS,
      messagesPerSecond: e.WS_MESSAGES_PER_SECOND,
      messageBurst: e.WS_MESSAGE_BURST,
      statusIntervalMs: e.WS_STATUS_INTERVAL_MS,
      headIntervalMs: e.ROOM_HEAD_INTERVAL_MS,
    },
    uploads: { urlTtlS: e.UPLOAD_URL_TTL_S },
    realtime,
    errorReporting: {
      server: sentry(e.SENTRY_DSN),
      client: sentry(e.SENTRY_CLIENT_DSN ?? e.SENTRY_DSN),
    },
  };
}
