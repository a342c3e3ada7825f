import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestDatabase, TEST_MODE_PRODUCTION, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';

/** The developer pages and their API exist in development and test only, never in production. */
describe('developer tools by NODE_ENV', () => {
  let database: TestDatabase;
  let webDist: string;
  const apps: NestFastifyApplication[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(2);
    webDist = mkdtempSync(join(tmpdir(), 'arena-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  async function api(NODE_ENV: 'development' | 'test' | 'production') {
    // Production starts only with its settings (docs/security.md); TEST_MODE_DEPLOYMENT opens no developer tool.
    const production = NODE_ENV === 'production' ? TEST_MODE_PRODUCTION : {};
    const app = await createApiApp(
      testAppConfig(database.url, { ...production, NODE_ENV, WEB_DIST_DIR: webDist }),
    );
    apps.push(app);
    return async (url: string) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      return { url, status: response.statusCode, app: response.body.includes('<div id="root">') };
    };
  }

  const paths = ['/dev/ui', '/dev/mailbox', '/api/dev/tools', '/api/dev/mailbox'];

  it.each(['development', 'test'] as const)('serves them when NODE_ENV is %s', async (mode) => {
    const get = await api(mode);
    expect(await Promise.all(paths.map(get))).toEqual([
      { url: '/dev/ui', status: 200, app: true },
      { url: '/dev/mailbox', status: 200, app: true },
      { url: '/api/dev/tools', status: 200, app: false },
      { url: '/api/dev/mailbox', status: 200, app: false },
    ]);
  });

  it('answers 404 for every one of them in production, and still serves the app elsewhere', async () => {
    const get = await api('production');
    expect(await Promise.all([...paths, '/dev/ui?tab=1', '/dev'].map(get))).toEqual(
      [...paths, '/dev/ui?tab=1', '/dev'].map((url) => ({ url, status: 404, app: false })),
    );
    // Not a developer page: the app, which shows its not-found page for an unknown path.
    expect(await get('/developers')).toEqual({ url: '/developers', status: 404, app: true });
    expect(await get('/ledger')).toEqual({ url: '/ledger', status: 200, app: true });
  });
});
