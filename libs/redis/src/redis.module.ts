import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';

/** Shared ioredis client for commands (rate limits, PUBLISH). Subscribers open their own with duplicate(). */
export const REDIS = Symbol('REDIS');

export function createRedis(url: string, { autoPipelining = false } = {}): Redis {
  // Commands fail fast instead of queueing forever while Redis is down; health reports it. With
  // `autoPipelining` (the shared REDIS client), commands issued in the same turn of the event loop (the
  // ended-sign-in check, rate limits and play records of requests arriving together) go out as one write
  // (issue 24: one socket write per command was 15% of the API's CPU under bench:plays); each command's
  // answer and order are unchanged. Subscribers and the socket adapter's clients keep it off.
  return new Redis(url, {
    maxRetriesPerRequest: 3,
    enableReadyCheck: true,
    lazyConnect: false,
    enableAutoPipelining: autoPipelining,
  });
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createRedis(config.REDIS_URL, { autoPipelining: true }),
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown() {
    // QUIT is never auto-pipelined: a PING joins the commands still queued for this turn, so they are
    // written and answered before the connection closes.
    await this.redis.ping().catch(() => undefined);
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
