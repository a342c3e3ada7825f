import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ALL_ROUTES, HTTP_ROUTES } from '@arena/contracts';
import { createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';

/**
 * What the API registers outside the route table, on purpose: none of it is an API call. Everything
 * else it registers is in libs/contracts/src/http.routes.ts, the webhooks, the local payment
 * provider's pages and the developer routes included (documented there, though the web never calls them).
 */
const SERVER_ONLY = [
  {
    routes: /^get \/(?!api\/)/,
    why: "the built web app's files (@fastify/static registers one route per file)",
  },
];
const isServerOnly = (route: string) => SERVER_ONLY.some(({ routes }) => routes.test(route));

const REPOSITORY = join(__dirname, '../..');

/**
 * Fastify's own route table, from `printRoutes()`: one line per path segment, indented four
 * characters per level, methods in brackets. Paths are joined back and written as the table writes
 * them (`{id}`), as `method path`.
 */
function registeredRoutes(api: NestFastifyApplication): string[] {
  const tree = api.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + node[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    const methods = (node[3] ?? '')
      .split(', ')
      .filter((method) => method && method !== 'HEAD' && method !== 'OPTIONS');
    for (const method of methods) routes.push(`${method.toLowerCase()} ${path.replace(/:(\w+)/g, '{$1}')}`);
  }
  return routes.sort();
}

const described = (routes: readonly { method: string; path: string }[]) =>
  routes.map((route) => `${route.method} ${route.path}`).sort();

function webSources(folder = join(REPOSITORY, 'web/src')): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return webSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|gen)\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the route table (libs/contracts/src/http.routes.ts), the API and the web', () => {
  let database: TestDatabase;
  let api: NestFastifyApplication;
  /** A web build of two files, so the server registers its static routes as in production. */
  const webDist = mkdtempSync(join(tmpdir(), 'route-contract-web-'));

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html>');
    writeFileSync(join(webDist, 'assets/app.js'), '');
    database = await createTestDatabase(2);
    api = await createApiApp({ ...testAppConfig(database.url), WEB_DIST_DIR: webDist });
  });

  afterAll(async () => {
    await api.close();
    await database.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('lists each route once, and documents every one of them in HTTP_ROUTES', () => {
    const table = described(ALL_ROUTES);
    expect(new Set(table).size).toBe(table.length);
    expect(described(HTTP_ROUTES)).toEqual(table);
  });

  it('is what the API registers: every route of the table with its method, and only the server-only routes besides', () => {
    const registered = registeredRoutes(api);
    const table = described(ALL_ROUTES);
    expect(table.length).toBeGreaterThan(20);
    expect(registered.filter((route) => !isServerOnly(route))).toEqual(table);
    expect(registered.filter(isServerOnly)).toEqual(['get /assets/app.js', 'get /index.html']);
  });

  it('is the only place the web finds an API path: no web source writes one by hand', () => {
    const handWritten = webSources().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          /['"`]\/api(\/|['"`])/.test(line) ? [`${relative(REPOSITORY, file)}:${index + 1}`] : [],
        ),
    );
    expect(handWritten).toEqual([]);
  });
});
