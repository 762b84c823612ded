import type { FastifyInstance, FastifySchema } from 'fastify';

/** One registered route as the route table records it. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `registerRouteTable` (tests walk it so new routes are covered). */
    routeTable: readonly RouteEntry[];
  }
}

/** Records every route (method, url, schema) as it is registered; call before the routes. */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method, url: route.url, schema: route.schema });
  });
}
