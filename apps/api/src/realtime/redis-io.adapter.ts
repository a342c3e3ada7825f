import type { IncomingMessage } from 'node:http';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { INestApplicationContext } from '@nestjs/common';
import type { Server, ServerOptions } from 'socket.io';
import type Redis from 'ioredis';
import { createRedis } from '@arena/redis';
import { MAX_SOCKET_MESSAGE_BYTES } from './realtime.limits';
import { isAllowedSocketOrigin } from './socket-origin';

/** socket.io over Redis pub/sub, so rooms span every API process; handshakes only from our own origin. */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    private readonly channelPrefix: string,
    private readonly publicUrl: string,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      serveClient: false,
      maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
      allowRequest: (request: IncomingMessage, callback: (error: string | null, allowed: boolean) => void) =>
        callback(null, isAllowedSocketOrigin(request.headers.origin, request.headers.host, this.publicUrl)),
    }) as Server;
    const pub = createRedis(this.redisUrl);
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
