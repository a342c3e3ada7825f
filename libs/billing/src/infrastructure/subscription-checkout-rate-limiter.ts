import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS, RedisBudget } from '@arena/redis';
import { tooManyCheckouts } from '../domain/subscription.errors';

/** Each member opens SUBSCRIPTION_CHECKOUTS_PER_HOUR subscription checkouts an hour, counted in Redis. */
@Injectable()
export class SubscriptionCheckoutRateLimiter {
  private readonly perMember: RedisBudget;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perMember = new RedisBudget(redis, {
      keyPrefix: `${config.REDIS_PREFIX}:subscription-checkouts:member`,
      points: config.SUBSCRIPTION_CHECKOUTS_PER_HOUR,
      windowSeconds: 3600,
    });
  }

  consume(memberId: string): Promise<void> {
    return this.perMember.consume(memberId, tooManyCheckouts);
  }
}
