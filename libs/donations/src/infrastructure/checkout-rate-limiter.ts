import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS, RedisBudget } from '@arena/redis';
import { tooManyCheckouts } from '../domain/donation.errors';

/** Each IP opens DONATION_CHECKOUTS_PER_HOUR checkouts an hour, counted in Redis (every API process). */
@Injectable()
export class CheckoutRateLimiter {
  private readonly perIp: RedisBudget;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perIp = new RedisBudget(redis, {
      keyPrefix: `${config.REDIS_PREFIX}:donation-checkouts:ip`,
      points: config.DONATION_CHECKOUTS_PER_HOUR,
      windowSeconds: 3600,
    });
  }

  consume(ip: string): Promise<void> {
    return this.perIp.consume(ip, tooManyCheckouts);
  }
}
