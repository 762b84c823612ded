import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/** One registered route as the route table records it. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** The options the route was registered with (the older service's aliases reuse them). */
  options: RouteOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `registerRouteTable`, HEAD included: the NUL test and the cross-school matrix (walls.test.ts) walk it, so a new route is covered at once. */
    routeTable: readonly RouteEntry[];
  }
}

/** Records every route (method, url, schema) as it is registered; call before the routes. */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      table.push({ method, url: route.url, schema: route.schema, options: route });
  });
}
