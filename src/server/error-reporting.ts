import { NodeClient, Scope, defaultStackParser, makeNodeTransport } from '@sentry/node';
import type { ErrorReportingConfig } from './config';

/** Where the server sends its unexpected errors (Sentry when SENTRY_DSN is set; issue 14). */
export interface ErrorReporter {
  /** Reports one unexpected error with who was signed in and which call it was. */
  capture(error: unknown, context: { userId?: string | null; method?: string; url?: string }): void;
  /** Sends what is queued; resolves false when the time ran out. */
  flush(timeoutMs?: number): Promise<boolean>;
}

/**
 * A Sentry client of its own rather than `Sentry.init`: no global state, so several apps in one
 * test process each report to their own sink, and no automatic instrumentation (tracing is not
 * what the spec asks for). Each error gets a fresh scope carrying the signed-in user's id and
 * nothing else about them (no addresses, cookies or bodies: no request integration).
 */
export function createErrorReporter(config: ErrorReportingConfig): ErrorReporter {
  const client = new NodeClient({
    dsn: config.dsn,
    sampleRate: config.sampleRate,
    environment: config.environment,
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [],
  });
  client.init();
  return {
    capture(error, { userId, method, url }) {
      const scope = new Scope();
      scope.setClient(client);
      if (userId) scope.setUser({ id: userId });
      if (method && url) scope.setContext('request', { method, url });
      scope.captureException(error);
    },
    flush: (timeoutMs = 2000) => Promise.resolve(client.flush(timeoutMs)),
  };
}
