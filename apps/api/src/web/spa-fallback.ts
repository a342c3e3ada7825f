import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { matchWebRoute } from '@arena/contracts';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

const API_PATH = /^\/(api|socket\.io)(\/|\?|$)/;
const DEV_PAGE = /^\/dev(\/|\?|$)/;

/**
 * Serves the built SPA from the API's own origin: hashed assets with a long cache, each file as the
 * build's precompressed `.br`/`.gz` sibling when the client accepts it. Returns the fallback that
 * answers index.html (never cached) for a GET of any other non-API path, so client routes survive a
 * reload: 200 for a page of WEB_ROUTES, 404 for any other path (the app shows its not-found page).
 * Undefined when there is no build to serve. Without `devPages` the developer pages (`/dev/…`) are
 * not served: they answer the JSON 404. With `testMode` (the local payment driver) the page's `<html>`
 * says so (`data-payments="local"`), so the test-mode banner is in the first paint rather than pushing
 * the page down when GET /api/config answers.
 */
export async function serveSpa(
  app: NestFastifyApplication,
  distDir: string,
  { devPages, testMode }: { devPages: boolean; testMode: boolean },
) {
  const root = resolve(distDir);
  if (!existsSync(resolve(root, 'index.html'))) return undefined;
  const indexHtml = readFileSync(resolve(root, 'index.html'), 'utf8');
  const page = testMode ? indexHtml.replace(/<html(\s|>)/, '<html data-payments="local"$1') : indexHtml;
  await app
    .getHttpAdapter()
    .getInstance()
    .register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        void res.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || API_PATH.test(request.url)) return false;
    if (!devPages && DEV_PAGE.test(request.url)) return false;
    const status = matchWebRoute(request.url) === undefined ? 404 : 200;
    void reply.status(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
    return true;
  };
}
