import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { io, type Socket } from 'socket.io-client';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import type { AppConfig } from '@arena/config';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { RealtimeGateway } from '../../apps/api/src/realtime/realtime.gateway';
import {
  MAX_ROOMS_PER_CONNECTION,
  SOCKET_EVENTS_PER_WINDOW,
} from '../../apps/api/src/realtime/realtime.limits';

const PUBLIC_URL = 'https://arena.example.org';

/** Issue 7 item 3: what one socket.io connection may do, and from where. */
describe('socket.io limits', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let baseUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(2);
    config = testAppConfig(database.url, { PUBLIC_URL });
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

  const open = (origin?: string) => {
    const socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      ...(origin ? { extraHeaders: { origin } } : {}),
    });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: Socket) =>
    new Promise<'connected' | 'refused'>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', () => resolve('refused'));
    });
  const room = (id = randomUUID()) => `tournament:${id}`;

  it('refuses a handshake from another site', async () => {
    expect(await connected(open('https://evil.example'))).toBe('refused');
  });

  it('lets in the public origin, the origin the request was addressed to, and clients without a browser', async () => {
    expect(await connected(open(PUBLIC_URL))).toBe('connected');
    expect(await connected(open(baseUrl))).toBe('connected');
    expect(await connected(open())).toBe('connected');
  });

  it('disconnects a connection that floods events', async () => {
    const socket = open();
    await connected(socket);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    for (let i = 0; i <= SOCKET_EVENTS_PER_WINDOW; i++) socket.emit('join', room());
    expect(await disconnected).toBe('io server disconnect');
  });

  it('holds a connection to a bounded number of rooms', async () => {
    const socket = open();
    await connected(socket);
    const rooms = Array.from({ length: MAX_ROOMS_PER_CONNECTION }, () => room());
    for (const name of rooms)
      expect(await socket.timeout(5000).emitWithAck('join', name)).toEqual({ ok: true });
    expect(await socket.timeout(5000).emitWithAck('join', room())).toEqual({
      ok: false,
      message: `At most ${MAX_ROOMS_PER_CONNECTION} rooms per connection`,
    });
    expect(await socket.timeout(5000).emitWithAck('join', rooms[0])).toEqual({ ok: true });
    await socket.timeout(5000).emitWithAck('leave', rooms[0]);
    expect(await socket.timeout(5000).emitWithAck('join', room())).toEqual({ ok: true });
  });

  it('a room asked for in upper case is the room pushes go to', async () => {
    const id = randomUUID();
    const socket = open();
    await connected(socket);
    expect(await socket.timeout(5000).emitWithAck('join', `tournament:${id.toUpperCase()}`)).toEqual({
      ok: true,
    });
    const pushed = new Promise((resolve) => socket.once('leaderboard', resolve));
    const message = { tournamentId: id, entries: [], at: new Date(0).toISOString() };
    api.get(RealtimeGateway).server.to(room(id)).emit('leaderboard', message);
    expect(await pushed).toEqual(message);
  });
});
