import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS, RedisBudget } from '@arena/redis';
import { tooManyPayoutAccountRequests } from '../domain/referral.errors';

/** Each member asks for their payout account's onboarding 10 times an hour at most (it calls the provider). */
@Injectable()
export class PayoutAccountRateLimiter {
  private readonly perMember: RedisBudget;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perMember = new RedisBudget(redis, {
      keyPrefix: `${config.REDIS_PREFIX}:referral-payout-account:member`,
      points: 10,
      windowSeconds: 3600,
    });
  }

  consume(memberId: string): Promise<void> {
    return this.perMember.consume(memberId, tooManyPayoutAccountRequests);
  }
}
