import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { matchWebRoute } from '@arena/contracts';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

const API_PATH = /^\/(api|socket\.io)(\/|\?|$)/;
const DEV_PAGE = /^\/dev(\/|\?|$)/;
const HASHED_ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

/**
 * The page for each route the build's `route-assets.json` names (web/route-assets.ts): index.html with
 * preloads of that route's own chunk and styles, so they download beside the first bundle rather than
 * after it has run. Routes without an entry, or a build without the file, get the plain page.
 */
function pagesWithPreloads(root: string, page: string): Map<string, string> {
  const file = resolve(root, 'route-assets.json');
  if (!existsSync(file) || !page.includes('</head>')) return new Map();
  const routes = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    { scripts?: unknown; styles?: unknown }
  >;
  const hrefs = (list: unknown) =>
    (Array.isArray(list) ? list : []).filter(
      (href): href is string => typeof href === 'string' && HASHED_ASSET.test(href),
    );
  const pages = new Map<string, string>();
  for (const [route, assets] of Object.entries(routes)) {
    const links = [
      ...hrefs(assets.scripts).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ...hrefs(assets.styles).map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    ];
    if (links.length > 0) pages.set(route, page.replace('</head>', `${links.join('')}</head>`));
  }
  return pages;
}

/**
 * Serves the built SPA from the API's own origin: hashed assets with a long cache, each file as the
 * build's precompressed `.br`/`.gz` sibling when the client accepts it. Returns the fallback that
 * answers index.html (never cached) for a GET of any other non-API path, so client routes survive a
 * reload: 200 for a page of WEB_ROUTES, 404 for any other path (the app shows its not-found page).
 * Undefined when there is no build to serve. Without `devPages` the developer pages (`/dev/…`) are
 * not served: they answer the JSON 404. With `testMode` (the local payment driver) the page's `<html>`
 * says so (`data-payments="local"`), so the test-mode banner is in the first paint rather than pushing
 * the page down when GET /api/config answers. A page of a route with its own chunk preloads it.
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
  const routePages = pagesWithPreloads(root, page);
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
    const route = matchWebRoute(request.url);
    void reply
      .status(route === undefined ? 404 : 200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send((route && routePages.get(route)) ?? page);
    return true;
  };
}
