import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { io, type Socket } from 'socket.io-client';
import type { AppConfig } from '@arena/config';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';

/**
 * Issue 21 finding 9: SOCKET_HANDSHAKES_PER_MINUTE new socket.io connections per client address, the
 * address resolved as the HTTP routes resolve it (TRUST_PROXY=1: the hop the proxy appended).
 */
describe('socket.io handshakes per client address', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let baseUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(2);
    config = testAppConfig(database.url, { SOCKET_HANDSHAKES_PER_MINUTE: '3', TRUST_PROXY: '1' });
    api = await createApiApp(config);
    await api.listen(0, '127.0.0.1');
    baseUrl = (await api.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await api.close();
    await clearRedisPrefix(config.REDIS_PREFIX);
    await database.drop();
  });

  const connect = (forwardedFor: string) =>
    new Promise<'connected' | 'refused'>((resolve) => {
      const socket = io(baseUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { 'x-forwarded-for': forwardedFor },
      });
      sockets.push(socket);
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', () => resolve('refused'));
    });

  it('refuses handshakes past the limit from one client, whatever left-most address it forges; others still connect', async () => {
    const results = [];
    for (let i = 1; i <= 4; i++) results.push(await connect(`10.66.2.${i}, 198.51.100.70`));
    expect(results).toEqual(['connected', 'connected', 'connected', 'refused']);
    expect(await connect('10.66.2.1, 198.51.100.71')).toBe('connected');
  });
});
