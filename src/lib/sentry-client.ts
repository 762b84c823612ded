import * as Sentry from '@sentry/browser';
import type { ClientConfigResponse } from '@/contracts/api/client-config';

/** The signed-in user as the service knows them: id and role only. */
export interface ErrorReportingUser {
  id: string;
  role: string;
}

/** Why an error is reported; a tag on the event. */
export type ErrorKind = 'lazyLoad' | 'render';

/** What this chunk gives error-reporting.ts once loaded. */
export interface ErrorReportingClient {
  setUser(user: ErrorReportingUser | null): void;
  capture(error: unknown, kind: ErrorKind): void;
}

/** The Sentry browser SDK, loaded by error-reporting.ts only when a DSN is configured. */
export function createClient(
  config: NonNullable<ClientConfigResponse['errorReporting']>,
): ErrorReportingClient {
  Sentry.init({
    dsn: config.dsn,
    sampleRate: config.sampleRate,
    environment: config.environment,
    // Uncaught errors and rejections are reported too (the default integrations); no tracing.
  });
  return {
    setUser: (user) => Sentry.setUser(user ? { id: user.id, role: user.role } : null),
    capture: (error, kind) => Sentry.captureException(error, { tags: { kind } }),
  };
}
