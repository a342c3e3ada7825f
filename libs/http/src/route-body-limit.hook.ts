import type { FastifyInstance } from 'fastify';

/**
 * Lets a route take a body above (or below) the server's default limit: `@RouteConfig({ bodyLimit })`
 * on the handler. Nest passes route config but not Fastify's own `bodyLimit` route option, so this
 * copies it over as each route is registered; a body over the limit is answered 413 by its
 * Content-Length (or as it streams in), before anything parses it. Call before `app.init()`.
 */
export function routeBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    if (typeof limit === 'number') route.bodyLimit = limit;
  });
}
