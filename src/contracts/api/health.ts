import { z } from 'zod';

/**
 * GET /healthz: 200 once the database is migrated. `warming` names what the server is still
 * loading in the background (`pictures`: picture screening's models, up to a minute on a busy
 * machine); it serves meanwhile, and a benchmark waits for an empty list.
 */
export const HealthResponse = z.object({
  status: z.literal('ok'),
  warming: z.array(z.enum(['pictures'])),
});
