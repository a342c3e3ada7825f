import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { CharityMessages } from '@arena/contracts';
import { TooManyRequestsException } from '@arena/http';
import { REDIS, RedisBudget } from '@arena/redis';

/** CHARITY_SEARCH_PER_MINUTE searches per client address, counted in Redis so every API process shares them. */
@Injectable()
export class CharitySearchRateLimiter {
  private readonly perIp: RedisBudget;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perIp = new RedisBudget(redis, {
      keyPrefix: `${config.REDIS_PREFIX}:charity-search:ip`,
      points: config.CHARITY_SEARCH_PER_MINUTE,
      windowSeconds: 60,
    });
  }

  searchFrom(ip: string): Promise<void> {
    return this.perIp.consume(
      ip,
      (retryAfter) => new TooManyRequestsException(CharityMessages.tooManyRequests, retryAfter),
    );
  }
}
