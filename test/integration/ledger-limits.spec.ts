import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { projectEvents } from '@arena/projection-runner/testing';
import { projectors } from '@arena/projections/registry';
import { createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';

/**
 * GET /api/ledger/entries is public and anonymous: a page is at most 200 entries, and each client
 * address may fetch LEDGER_ENTRIES_PER_MINUTE pages a minute (issue 21, finding 9).
 */
describe('the public ledger entries route: page size and per-IP limit', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    database = await createTestDatabase(2);
    for (const projector of projectors) await projectEvents(database.db, projector, []);
    app = await createApiApp(
      testAppConfig(database.url, { LEDGER_ENTRIES_PER_MINUTE: '3', TRUST_PROXY: '1' }),
    );
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const entries = (query: string, client: string) =>
    app.inject({
      method: 'GET',
      url: `/api/ledger/entries${query}`,
      remoteAddress: '192.0.2.1',
      headers: { 'x-forwarded-for': client },
    });

  it('serves a page of up to 200 entries and refuses a larger one', async () => {
    expect((await entries('?from=0&limit=200', '198.51.100.1')).statusCode).toBe(200);
    const tooLarge = await entries('?from=0&limit=1000', '198.51.100.2');
    expect(tooLarge.statusCode).toBe(400);
    expect((await entries('?from=0&limit=201', '198.51.100.2')).statusCode).toBe(400);
  });

  it('answers 429 with Retry-After past LEDGER_ENTRIES_PER_MINUTE pages from one client address, not for another', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await entries('?limit=10', `10.9.0.${i}, 198.51.100.10`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await entries('?limit=10', '198.51.100.10');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect((await entries('?limit=10', '198.51.100.11')).statusCode).toBe(200);
  });
});
