import { HealthResponse } from '../../contracts/api/health';
import { ErrorBody } from '../../contracts/errors';
import { isMigrated } from '../health/repository';
import { errorBody } from '../http/errors';
import type { App } from '../http/app-type';

export async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/healthz',
    { schema: { response: { 200: HealthResponse, 503: ErrorBody } }, config: { rateLimit: false } },
    async (_req, reply) => {
      if (await isMigrated(app.db)) {
        return { status: 'ok' as const, warming: app.pictures.ready ? [] : ['pictures' as const] };
      }
      return reply.status(503).send(errorBody('internal', 'Database not migrated'));
    },
  );
}
