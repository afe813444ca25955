import type { FastifyContextConfig, FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';

export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  config: FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route as the router holds it (one entry per method), the OpenAPI-hidden ones included. The suite walks it
     * (CSRF on every state-changing route, …) so that a new route is covered without anyone writing a test for it.
     */
    routeTable: readonly RouteEntry[];
  }
}

/** Registered before any route, so its onRoute hook sees them all. */
export const routeTablePlugin = fp(async (app: FastifyInstance) => {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method, url: route.url, config: (route.config ?? {}) as FastifyContextConfig });
  });
});
