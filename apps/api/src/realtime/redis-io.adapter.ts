import type { IncomingMessage } from 'node:http';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { INestApplicationContext } from '@nestjs/common';
import type { Server, ServerOptions } from 'socket.io';
import type Redis from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { AppConfig } from '@arena/config';
import { createRedis } from '@arena/redis';
import { MAX_SOCKET_MESSAGE_BYTES } from './realtime.limits';
import { socketClientAddress } from './socket-client-address';
import { isAllowedSocketOrigin } from './socket-origin';

/**
 * socket.io over Redis pub/sub, so rooms span every API process; handshakes only from our own origin,
 * and at most SOCKET_HANDSHAKES_PER_MINUTE per client address (counted in Redis, every process together).
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    private readonly channelPrefix: string,
    private readonly publicUrl: string,
    private readonly trustProxy: AppConfig['TRUST_PROXY'] = false,
    private readonly handshakesPerMinute = 60,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const pub = createRedis(this.redisUrl);
    const handshakes = new RateLimiterRedis({
      storeClient: pub,
      keyPrefix: `${this.channelPrefix}:socket-handshake:ip`,
      points: this.handshakesPerMinute,
      duration: 60,
    });
    const server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      serveClient: false,
      maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
      allowRequest: (
        request: IncomingMessage,
        callback: (error: string | null, allowed: boolean) => void,
      ) => {
        if (!isAllowedSocketOrigin(request.headers.origin, request.headers.host, this.publicUrl)) {
          return callback(null, false);
        }
        handshakes.consume(socketClientAddress(request, this.trustProxy)).then(
          () => callback(null, true),
          () => callback('Too many connections. Please wait a moment and try again.', false),
        );
      },
    }) as Server;
    const sub = pub.duplicate();
    this.clients.push(pub, sub);
    server.adapter(createAdapter(pub, sub, { key: `${this.channelPrefix}:socket.io` }));
    return server;
  }

  override async dispose() {
    await super.dispose();
    await Promise.all(this.clients.map((client) => client.quit().catch(() => client.disconnect())));
  }
}
