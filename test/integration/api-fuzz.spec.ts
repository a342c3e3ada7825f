import fc from 'fast-check';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import type { AppConfig } from '@arena/config';
import { createMember } from '@arena/identity/testing';
import { ensureProjection } from '@arena/projection-runner';
import { projectors } from '@arena/projections/registry';
import { HTTP_ROUTES } from '@arena/contracts';
import { createApiApp } from '../../apps/api/src/bootstrap';

/** Requests per route; each is one generated path value, query and body. */
const RUNS_PER_ROUTE = 200;
const ADMIN_KEY = 'admin-key-for-the-route-fuzz-0123456789';

interface Route {
  method: string;
  url: string;
}

/**
 * Every route Fastify has registered, read from its own route tree, so a route added later is
 * fuzzed without anyone listing it here.
 */
function registeredRoutes(api: NestFastifyApplication): Route[] {
  const tree = api.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split('\n')) {
    const node = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1]!.length / 4;
    const url = (prefixes[depth - 1] ?? '') + node[2]!;
    prefixes[depth] = url;
    for (const method of node[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

const poison = ['\u0000', '\uD800', '\uDFFF', '\uDBFF\uDBFF', '\uFFFF', '\u202E'];
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: fc.nat(0xffff).map((code) => String.fromCharCode(code)), maxLength: 40 }),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...poison)).map(([text, bad]) => text + bad),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'a'.repeat(5_000), '', ' ', '../../etc/passwd'),
);
const hugeNumber = fc.constantFrom(2 ** 31, 2 ** 53 + 2, 1e308, -1e308, -0, 5e-324, Number.MAX_SAFE_INTEGER);
const scalar = fc.oneof(hostileText, hugeNumber, fc.double(), fc.integer(), fc.boolean(), fc.constant(null));
const nested = (depth: number, inner: string) => '{"a":['.repeat(depth) + inner + ']}'.repeat(depth);

/** Raw JSON text, since JSON.stringify can neither keep `__proto__` keys nor write 1e400. */
const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc
    .dictionary(hostileText, fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), { maxKeys: 6 })
    .map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"score":1e400}',
    '{"score":123456789012345678901234567890}',
    '{"score":-1e400,"charityId":"\\ud800"}',
    '{"charityId":"x\\u0000"}',
    '{"title":"\\udfff","game":{"maxScore":2147483648}}',
    '{"a":1,"a":2}',
    '{',
    '[]',
    'null',
    '"just a string"',
    '',
  ),
  fc.integer({ min: 1, max: 3 }).map((power) => nested(10 ** power, '1')),
  fc.constant(nested(5_000, '"x\\u0000"')),
);

const body = fc.oneof(
  { weight: 6, arbitrary: jsonBody.map((payload) => ({ contentType: 'application/json', payload })) },
  fc.record({
    contentType: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/octet-stream',
      'application/json; charset=utf-16',
      'application/xml',
      'image/png',
      'application/json\u0000',
    ),
    payload: fc.oneof(
      jsonBody,
      hostileText,
      fc.constant('--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--xyz--'),
    ),
  }),
);

/** Percent-encoded for the URL; the fixed ones are encodings no well-formed text has. */
const pathValue = fc.oneof(
  fc.uuid().map((id) => id.toUpperCase()),
  hostileText.map((text) => {
    try {
      return encodeURIComponent(text).slice(0, 4000);
    } catch {
      return '%ED%A0%80';
    }
  }),
  fc.constantFrom(
    '%00',
    'x%00y',
    '%ED%A0%80',
    '%F0%9F',
    '%C0%AF',
    '%',
    '%zz',
    '..',
    '%2e%2e%2f',
    '-1',
    '1e309',
    '99999999999999999999999',
  ),
);

const query = fc
  .array(
    fc.tuple(fc.oneof(fc.constantFrom('status', '__proto__', 'a[b][c]', 'status[]'), pathValue), pathValue),
    {
      maxLength: 4,
    },
  )
  .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));

const request = fc.record({ pathValue, query, body, address: fc.ipV4() });

/**
 * "Done when" of issue 7: malformed path values, queries and bodies against every route answer
 * no 5xx, and every error in the one shape `{ success: false, message, statusCode }`.
 */
describe('every route under malformed input', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let credentials: Array<string | undefined>;

  beforeAll(async () => {
    database = await createTestDatabase(5);
    config = testAppConfig(database.url, { ADMIN_API_KEY: ADMIN_KEY });
    // As `npm run migrate` leaves a deployment: every read model in place.
    for (const projector of projectors) await ensureProjection(database.db, projector);
    api = await createApiApp(config);
    await api.getHttpAdapter().getInstance().ready();
    const member = await createMember(database.db, config.JWT_ACCESS_SECRET);
    credentials = [undefined, `Bearer ${member.accessToken}`, `Bearer ${ADMIN_KEY}`];
  });

  afterAll(async () => {
    await api.close();
    await clearRedisPrefix(config.REDIS_PREFIX);
    await database.drop();
  });

  it('finds the routes in the running app', () => {
    const routes = registeredRoutes(api);
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/tournaments/:id/join' },
        { method: 'POST', url: '/api/auth/signup' },
        { method: 'GET', url: '/api/auth/avatars/:accountId' },
      ]),
    );
  });

  /** The first credential the route does not refuse with 401, so the fuzz reaches its validation. */
  const authorizationFor = async (route: Route, url: string) => {
    for (const authorization of credentials) {
      const response = await api.inject({
        method: route.method as 'GET',
        url,
        headers: authorization ? { authorization } : {},
      });
      if (response.statusCode !== 401) return authorization;
    }
    return undefined;
  };

  const withOkError = new Set(
    HTTP_ROUTES.filter((route) => route.refusal !== undefined).map(
      (route) => `${route.method.toUpperCase()} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`,
    ),
  );

  const fuzz = async (route: Route) => {
    const fill = (value: string) => route.url.replace(/:[A-Za-z]+/g, value);
    const authorization = await authorizationFor(route, fill('00000000-0000-4000-8000-000000000000'));
    await fc.assert(
      fc.asyncProperty(request, async ({ pathValue, query, body, address }) => {
        const hasBody = !['GET', 'HEAD'].includes(route.method);
        const response = await api.inject({
          method: route.method as 'POST',
          url: `${fill(pathValue)}?${query}`,
          remoteAddress: address,
          headers: {
            ...(authorization ? { authorization } : {}),
            ...(hasBody ? { 'content-type': body.contentType } : {}),
          },
          ...(hasBody ? { payload: body.payload } : {}),
        });
        const where = `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect([where, response.statusCode < 500]).toEqual([where, true]);
        if (response.statusCode < 400 || route.method === 'HEAD') return;
        const house = { success: false, message: expect.any(String), statusCode: response.statusCode };
        // A route whose spec fixes its refusal (POST /api/stripe/checkout: "ok, url, or error") adds its fields.
        const refused = response.json();
        expect([where, refused]).toEqual([
          where,
          withOkError.has(`${route.method} ${route.url}`)
            ? { ...house, ok: false, error: refused.message }
            : house,
        ]);
      }),
      { numRuns: RUNS_PER_ROUTE },
    );
  };

  it(`answers ${RUNS_PER_ROUTE} malformed requests to every route with no 5xx and one error shape`, async () => {
    // Fastify answers HEAD with its GET route's handler: fuzzing the GET covers both.
    const routes = registeredRoutes(api).filter(
      (route, _, all) =>
        route.method !== 'HEAD' || !all.some((other) => other.method === 'GET' && other.url === route.url),
    );
    for (const route of routes) await fuzz(route);
    // The time grows with the routes (about 0.8 s each on a quiet machine, several times that under load).
  }, 900_000);
});
