import * as z from 'zod/mini';

/**
 * GET /v1/client-config (issue 14): what the browser needs at run time from the server's
 * configuration, so one build serves every deployment. Public: read before sign-in.
 */
export const ClientConfigResponse = z.object({
  /** Sentry for the browser; null when no DSN is configured (error reporting off). */
  errorReporting: z.nullable(
    z.object({
      dsn: z.url(),
      sampleRate: z.number().check(z.gte(0), z.lte(1)),
      environment: z.string(),
    }),
  ),
});
export type ClientConfigResponse = z.infer<typeof ClientConfigResponse>;
