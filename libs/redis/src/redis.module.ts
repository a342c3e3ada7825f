import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';

/** Shared ioredis client for commands (rate limits, PUBLISH). Subscribers open their own with duplicate(). */
export const REDIS = Symbol('REDIS');

export function createRedis(url: string): Redis {
  // Commands fail fast instead of queueing forever while Redis is down; health reports it.
  return new Redis(url, { maxRetriesPerRequest: 3, enableReadyCheck: true, lazyConnect: false });
}

@Global()
@Module({
  providers: [{ provide: REDIS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createRedis(config.REDIS_URL) }],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
