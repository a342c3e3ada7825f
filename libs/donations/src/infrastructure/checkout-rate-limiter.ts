import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS } from '@arena/redis';
import { tooManyCheckouts } from '../domain/donation.errors';

/** Each IP opens DONATION_CHECKOUTS_PER_HOUR checkouts an hour, counted in Redis (every API process). */
@Injectable()
export class CheckoutRateLimiter {
  private readonly perIp: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.REDIS_PREFIX}:donation-checkouts:ip`,
      points: config.DONATION_CHECKOUTS_PER_HOUR,
      duration: 3600,
    });
  }

  async consume(ip: string): Promise<void> {
    try {
      await this.perIp.consume(ip);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyCheckouts();
      throw rejection;
    }
  }
}
