import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';

/** What the API serves around the domain routes: the SPA, health, metrics and its error shape. */
describe('API shell', () => {
  let database: TestDatabase;
  let api: NestFastifyApplication;
  let webDist: string;

  beforeAll(async () => {
    database = await createTestDatabase(3);
    webDist = mkdtempSync(join(tmpdir(), 'arena-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><title>Charity Arena</title><div id="root"></div>',
    );
    writeFileSync(join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
    api = await createApiApp(testAppConfig(database.url, { WEB_DIST_DIR: webDist }));
  });

  afterAll(async () => {
    await api.close();
    await database.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the app for client routes, so a reload of /challenges/123 works', async () => {
    for (const url of ['/', '/challenges/123', '/profile?tab=1']) {
      const response = await api.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await api.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
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
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reports health of the database, Redis, the event store and the projections', async () => {
    const response = await api.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const health = response.json();
    expect(health.status).toBe('ok');
    for (const check of ['database', 'redis', 'eventStore']) expect(health.checks[check].ok).toBe(true);
    expect(Array.isArray(health.projections)).toBe(true);
  });

  it('exposes Prometheus metrics, HTTP latency included', async () => {
    await api.inject({ method: 'GET', url: '/api/tournaments' });
    const response = await api.inject({ method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toContain('arena_http_request_duration_seconds_bucket');
    expect(response.body).toMatch(/route="\/api\/tournaments"/);
    expect(response.body).toContain('arena_projections_scrape_ok 1');
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
