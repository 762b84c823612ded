import { z } from 'zod';

/**
 * GET /v1/client-config (issue 14): what the browser needs at run time from the server's
 * configuration, so one build serves every deployment. Public: read before sign-in.
 */
export const ClientConfigResponse = z.object({
  /** Sentry for the browser; null when no DSN is configured (error reporting off). */
  errorReporting: z
    .object({
      dsn: z.url(),
      sampleRate: z.number().min(0).max(1),
      environment: z.string(),
    })
    .nullable(),
});
export type ClientConfigResponse = z.infer<typeof ClientConfigResponse>;
