import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS } from '@arena/redis';
import { tooManyCheckouts } from '../domain/subscription.errors';

/** Each member opens SUBSCRIPTION_CHECKOUTS_PER_HOUR subscription checkouts an hour, counted in Redis. */
@Injectable()
export class SubscriptionCheckoutRateLimiter {
  private readonly perMember: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perMember = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.REDIS_PREFIX}:subscription-checkouts:member`,
      points: config.SUBSCRIPTION_CHECKOUTS_PER_HOUR,
      duration: 3600,
    });
  }

  async consume(memberId: string): Promise<void> {
    try {
      await this.perMember.consume(memberId);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyCheckouts();
      throw rejection;
    }
  }
}
