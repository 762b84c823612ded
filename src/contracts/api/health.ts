import { z } from 'zod';

/** GET /healthz: 200 once the database is migrated. */
export const HealthResponse = z.object({ status: z.literal('ok') });
