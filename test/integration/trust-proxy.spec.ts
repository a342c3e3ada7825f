import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';

/**
 * Per-IP limits key on the client address: the socket's peer, or with TRUST_PROXY set (a hop count
 * or the proxies' addresses) the right-most X-Forwarded-For entry not added by a trusted proxy.
 * Trusting the whole header would let anyone pick a fresh address per request (a forged left-most
 * entry, which the proxy keeps and appends to) and never meet a limit.
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
  async function api(trustProxy: string) {
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

  it('keys the limit on the address the proxy appended with TRUST_PROXY=1', async () => {
    const login = await api('1');
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

  it('with TRUST_PROXY=1, a forged left-most X-Forwarded-For entry does not escape the limit', async () => {
    const login = await api('1');
    // The client sends "X-Forwarded-For: <anything>"; the proxy appends the address it saw.
    const forged = [];
    for (let i = 1; i <= 5; i++) forged.push(await login('192.0.2.30', `10.66.0.${i}, 198.51.100.40`));
    expect(forged).toEqual([200, 200, 429, 429, 429]);
    // The real client address is the key: another client behind the same proxy is not limited.
    expect(await login('192.0.2.30', '10.66.0.1, 198.51.100.41')).toBe(200);
  });

  it('with the proxies listed by address, the right-most untrusted hop is the client', async () => {
    const login = await api('192.0.2.0/24,10.1.0.0/16');
    // Two trusted proxies (edge 10.1.0.5 then 192.0.2.50): the entry before them is the client.
    const forged = [];
    for (let i = 1; i <= 3; i++)
      forged.push(await login('192.0.2.50', `10.66.1.${i}, 198.51.100.50, 10.1.0.5`));
    expect(forged).toEqual([200, 200, 429]);
    expect(await login('192.0.2.50', '10.66.1.1, 198.51.100.51, 10.1.0.5')).toBe(200);
    // A peer that is not a listed proxy is the client, whatever it forwards.
    expect([
      await login('203.0.113.9', '198.51.100.60'),
      await login('203.0.113.9', '198.51.100.61'),
    ]).toEqual([200, 200]);
    expect(await login('203.0.113.9', '198.51.100.62')).toBe(429);
  });
});
