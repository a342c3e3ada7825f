import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ensureProjection } from '@arena/projection-runner';
import { projectors } from '@arena/projections/registry';
import { createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { precompressDir } from '../../web/precompress';

const APP_SCRIPT = `console.log(${JSON.stringify('a page of the app '.repeat(400))});`;

/** What the API serves around the domain routes: the SPA, health, metrics and its error shape. */
describe('API shell', () => {
  let database: TestDatabase;
  let api: NestFastifyApplication;
  let webDist: string;
  const METRICS_TOKEN = randomBytes(24).toString('hex');

  beforeAll(async () => {
    database = await createTestDatabase(3);
    // As `npm run migrate` does: every read model's first generation, reported by health.
    for (const projector of projectors) await ensureProjection(database.db, projector);
    webDist = mkdtempSync(join(tmpdir(), 'arena-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Charity Arena</title></head><body><div id="root"></div></body></html>',
    );
    // As web/route-assets.ts writes it: a page's own chunk, and one entry that is not a hashed asset.
    writeFileSync(
      join(webDist, 'route-assets.json'),
      JSON.stringify({
        '/challenges/$id': { scripts: ['/assets/detail-9f8e7d.js'], styles: ['/assets/detail-9f8e7d.css'] },
        '/ledger': { scripts: ['https://elsewhere.example/x.js', '/assets/a"><script>.js'], styles: [] },
      }),
    );
    writeFileSync(join(webDist, 'assets', 'app-1a2b3c.js'), APP_SCRIPT);
    copyFileSync(join(__dirname, '../../web/public/robots.txt'), join(webDist, 'robots.txt'));
    precompressDir(webDist); // as the web build does
    api = await createApiApp(testAppConfig(database.url, { WEB_DIST_DIR: webDist, METRICS_TOKEN }));
  });

  afterAll(async () => {
    await api.close();
    await database.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the app for client routes, so a reload of /challenges/123 works', async () => {
    for (const url of ['/', '/challenges/123', '/profile?tab=1', '/donate/receipt/AB12CD34', '/donate']) {
      const response = await api.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers an unknown page 404 with the app, which shows its not-found page', async () => {
    for (const url of ['/no-such-page', '/challenges/123/extra', '/wp-login.php?x=1']) {
      const response = await api.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("preloads the page's own chunk and styles in the HTML of that route only", async () => {
    const detail = await api.inject({ method: 'GET', url: '/challenges/123?tab=1' });
    expect(detail.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/detail-9f8e7d.js"><link rel="preload" as="style" crossorigin href="/assets/detail-9f8e7d.css"></head>',
    );
    for (const url of ['/', '/challenges', '/ledger', '/no-such-page']) {
      const response = await api.inject({ method: 'GET', url });
      expect(response.body).not.toContain('preload');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('marks the page it serves when the local payment driver runs, so the test-mode banner is in the first paint', async () => {
    const response = await api.inject({ method: 'GET', url: '/challenges' });
    expect(response.body).toContain('<html data-payments="local" lang="en">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await api.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("serves the build's precompressed assets to a client that accepts them", async () => {
    const plain = await api.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_SCRIPT);
    for (const encoding of ['br', 'gzip']) {
      const response = await api.inject({
        method: 'GET',
        url: '/assets/app-1a2b3c.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(APP_SCRIPT.length / 4);
      const decoded =
        encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
      expect(decoded.toString()).toBe(APP_SCRIPT);
    }
  });

  it('compresses a JSON answer of 1 KB and more for a client that accepts it, and leaves it plain for one that does not', async () => {
    const url = '/api/openapi.json';
    const plain = await api.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const response = await api.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      const decoded =
        encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
      expect(decoded.toString()).toBe(plain.body);
    }
    const refused = await api.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('answers /robots.txt with a robots file, not the app', async () => {
    const response = await api.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).toMatch(/^Disallow: \/api\/$/m);
    expect(response.body).not.toContain('<');
  });

  it('answers unknown API paths with a JSON 404, never the app', async () => {
    const response = await api.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, statusCode: 404 });
  });

  it('sends security headers', async () => {
    const response = await api.inject({ method: 'GET', url: '/' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self' http://localhost:3000 ws://localhost:3000;");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('grants no other origin CORS access: a preflight and a read from another site get no allow headers', async () => {
    const origin = { origin: 'https://evil.example' };
    const preflight = await api.inject({
      method: 'OPTIONS',
      url: '/api/auth/profile',
      headers: { ...origin, 'access-control-request-method': 'GET' },
    });
    const read = await api.inject({ method: 'GET', url: '/api/tournaments', headers: origin });
    for (const response of [preflight, read]) {
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  const operator = { authorization: `Bearer ${METRICS_TOKEN}` };

  it('tells anyone only ok or degraded per check, and operators the details', async () => {
    const response = await api.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'ok', eventStore: 'ok', projections: 'ok' },
    });

    const details = await api.inject({ method: 'GET', url: '/api/health/details', headers: operator });
    expect(details.statusCode).toBe(200);
    const health = details.json();
    for (const check of ['database', 'redis', 'eventStore']) expect(health.checks[check].ok).toBe(true);
    expect(health.projections.length).toBeGreaterThan(0);
  });

  it("keeps a failing projector's error (stack, SQL, paths) out of public health", async () => {
    const leak =
      'error: value "2147483648" is out of range for type integer\n    at /srv/arena/dist/catalog.js:42';
    const failing = () =>
      sql`UPDATE projection_generations SET consecutive_failures = 1, last_error = ${leak}
          WHERE name = 'tournament_catalog' AND status = 'active'`.execute(database.db);
    const recovered = () =>
      sql`UPDATE projection_generations SET consecutive_failures = 0, last_error = NULL
          WHERE name = 'tournament_catalog'`.execute(database.db);
    await failing();
    try {
      const response = await api.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'degraded',
        checks: { database: 'ok', redis: 'ok', eventStore: 'ok', projections: 'degraded' },
      });
      expect(response.body).not.toMatch(/out of range|\/srv\/arena|tournament_catalog/);

      const details = await api.inject({ method: 'GET', url: '/api/health/details', headers: operator });
      expect(details.statusCode).toBe(503);
      expect(details.json().projections).toContainEqual(
        expect.objectContaining({ name: 'tournament_catalog', state: 'failing', lastError: leak }),
      );
    } finally {
      await recovered();
    }
  });

  it('exposes Prometheus metrics, HTTP latency included, to the operator token only', async () => {
    await api.inject({ method: 'GET', url: '/api/tournaments' });
    const response = await api.inject({ method: 'GET', url: '/api/metrics', headers: operator });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toContain('arena_http_request_duration_seconds_bucket');
    expect(response.body).toMatch(/route="\/api\/tournaments"/);
    expect(response.body).toContain('arena_projections_scrape_ok 1');
  });

  it('answers 401 to the operator routes without the operator token', async () => {
    const forged = [
      undefined,
      'Bearer nope',
      `Bearer ${METRICS_TOKEN}x`,
      `Basic ${METRICS_TOKEN}`,
      METRICS_TOKEN,
    ];
    for (const url of ['/api/metrics', '/api/health/details']) {
      for (const authorization of forged) {
        const response = await api.inject({
          method: 'GET',
          url,
          headers: authorization ? { authorization } : {},
        });
        expect({ url, authorization, status: response.statusCode }).toEqual({
          url,
          authorization,
          status: 401,
        });
        expect(response.json()).toEqual({ success: false, message: 'Unauthorized', statusCode: 401 });
      }
    }
  });

  it('answers every error Fastify raises itself in the one error shape, never echoing the URL', async () => {
    const json = { 'content-type': 'application/json' };
    const cases: Array<[Parameters<typeof api.inject>[0] & object, number]> = [
      [{ method: 'POST', url: '/api/auth/login', headers: json, payload: '{"emailOrPhone":' }, 400],
      [{ method: 'POST', url: '/api/auth/login', headers: json, payload: '' }, 400],
      [
        { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
        415,
      ],
      [
        { method: 'POST', url: '/api/auth/login', headers: json, payload: `"${'x'.repeat(300 * 1024)}"` },
        413,
      ],
      [{ method: 'GET', url: '/api/tournaments/%E0%A4%A' }, 400],
      [{ method: 'GET', url: `/api/tournaments/${'a'.repeat(5000)}` }, 414],
    ];
    for (const [request, statusCode] of cases) {
      const response = await api.inject(request);
      expect({ url: request.url, statusCode: response.statusCode }).toEqual({ url: request.url, statusCode });
      expect(response.json()).toEqual({ success: false, message: expect.any(String), statusCode });
      expect(response.body).not.toContain('aaaaaaaaaa');
      expect(response.body).not.toContain('%E0');
    }
  });

  it("answers a request Node's HTTP parser refuses (headers too large) in the one error shape", async () => {
    await api.listen(0, '127.0.0.1');
    const { port } = api.getHttpServer().address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
      });
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      success: false,
      message: expect.any(String),
      statusCode: 431,
    });
  });
});
