import { sql } from 'kysely';
import { HealthResponse } from '../../contracts/api/health';
import { ErrorBody } from '../../contracts/errors';
import { MIGRATIONS } from '../db/migrations';
import { errorBody } from '../http/errors';
import type { App } from '../http/app-type';

export async function healthRoutes(app: App): Promise<void> {
  const expected = Object.keys(MIGRATIONS).length;
  app.get(
    '/healthz',
    { schema: { response: { 200: HealthResponse, 503: ErrorBody } }, config: { rateLimit: false } },
    async (_req, reply) => {
      try {
        const row = await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM kysely_migration`.execute(app.db);
        if ((row.rows[0]?.n ?? 0) >= expected) return { status: 'ok' as const };
      } catch {
        // no migration table yet: not ready
      }
      return reply.status(503).send(errorBody('internal', 'Database not migrated'));
    },
  );
}
