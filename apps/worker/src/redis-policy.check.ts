import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from '@arena/redis';

/** BullMQ loses jobs if Redis evicts keys: refuse to start unless eviction is off. */
@Injectable()
export class RedisPolicyCheck implements OnApplicationBootstrap {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationBootstrap() {
    const [, policy] = (await this.redis.config('GET', 'maxmemory-policy')) as [string, string];
    if (policy !== 'noeviction') {
      throw new Error(
        `Redis maxmemory-policy is "${policy}"; the worker needs "noeviction" (queues must not lose jobs)`,
      );
    }
  }
}
