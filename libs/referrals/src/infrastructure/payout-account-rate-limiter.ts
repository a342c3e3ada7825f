import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS } from '@arena/redis';
import { tooManyPayoutAccountRequests } from '../domain/referral.errors';

/** Each member asks for their payout account's onboarding 10 times an hour at most (it calls the provider). */
@Injectable()
export class PayoutAccountRateLimiter {
  private readonly perMember: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perMember = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.REDIS_PREFIX}:referral-payout-account:member`,
      points: 10,
      duration: 3600,
    });
  }

  async consume(memberId: string): Promise<void> {
    try {
      await this.perMember.consume(memberId);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyPayoutAccountRequests();
      throw rejection;
    }
  }
}
