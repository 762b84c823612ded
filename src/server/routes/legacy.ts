import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LEGACY_ALIASES, LEGACY_PREFIX } from '../http/legacy-aliases';

/**
 * Registers every alias with the /v1 route's own schema, handler and config (rate limits
 * included), so the older call is validated and checked exactly like the new one. Runs after
 * the /v1 routes; a missing /v1 route stops the start. It defines no schema of its own, so it
 * takes the instance as the route table records it (untyped), and reuses handlers as they are.
 */
export async function legacyAliasRoutes(app: FastifyInstance): Promise<void> {
  const table = app.routeTable;
  for (const a of LEGACY_ALIASES) {
    const source = table.find((r) => r.method === a.v1.method && r.url === a.v1.url);
    if (!source)
      throw new Error(`Older-service alias ${a.path}: no route ${a.v1.method} ${a.v1.url}`);
    const { schema, config, bodyLimit } = source.options;
    const handler = source.options.handler;
    const guard = a.guard;
    app.route({
      method: a.method,
      url: `${LEGACY_PREFIX}${a.path}`,
      ...(schema ? { schema } : {}),
      ...(config ? { config } : {}),
      ...(bodyLimit ? { bodyLimit } : {}),
      handler: guard
        ? function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
            guard(req);
            return handler.call(this, req, reply);
          }
        : handler,
    });
  }
}
