import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';

/**
 * Per-IP limits key on the client address: the socket's peer, or with TRUST_PROXY=true the address
 * the reverse proxy forwards. Trusting X-Forwarded-For without a proxy would let anyone pick a
 * fresh address per request and never meet a limit.
 */
describe('TRUST_PROXY and the per-IP limits', () => {
  let database: TestDatabase;
  const apps: NestFastifyApplication[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(2);
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.drop();
  });

  /** An API allowing two code sends per client address per 10 minutes. */
  async function api(trustProxy: 'true' | 'false') {
    const app = await createApiApp(
      testAppConfig(database.url, { TRUST_PROXY: trustProxy, AUTH_IP_SEND_LIMIT: '2' }),
    );
    apps.push(app);
    return async (remoteAddress: string, forwardedFor: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { emailOrPhone: `nobody.${randomUUID()}@example.org` },
        })
      ).statusCode;
  }

  it('ignores X-Forwarded-For when false: a new forwarded address per request does not escape the limit', async () => {
    const login = await api('false');
    const fromOnePeer = [
      await login('192.0.2.10', '203.0.113.1'),
      await login('192.0.2.10', '203.0.113.2'),
      await login('192.0.2.10', '203.0.113.3'),
    ];
    expect(fromOnePeer).toEqual([200, 200, 429]);
    expect(await login('192.0.2.11', '203.0.113.3')).toBe(200);
  });

  it('keys the limit on the forwarded client address when true', async () => {
    const login = await api('true');
    const behindOneProxy = [
      await login('192.0.2.20', '198.51.100.1'),
      await login('192.0.2.20', '198.51.100.2'),
      await login('192.0.2.20', '198.51.100.3'),
    ];
    expect(behindOneProxy).toEqual([200, 200, 200]);
    expect([await login('192.0.2.20', '198.51.100.1'), await login('192.0.2.21', '198.51.100.1')]).toEqual([
      200, 429,
    ]);
  });
});
