import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS } from '@arena/redis';
import { AccountMessages } from '../domain/account.messages';
import { tooManyRequests } from '../domain/identity.errors';

/** Messages a member may send support an hour (each sends two emails). */
export const SUPPORT_MESSAGES_PER_HOUR = 5;

/** Counts support messages per member in Redis, across every API process: past the limit, 429. */
@Injectable()
export class SupportRateLimiter {
  private readonly perMember: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perMember = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.REDIS_PREFIX}:support-messages:member`,
      points: SUPPORT_MESSAGES_PER_HOUR,
      duration: 3600,
    });
  }

  async consume(memberId: string): Promise<void> {
    try {
      await this.perMember.consume(memberId);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw tooManyRequests(
          AccountMessages.tooManySupportMessages,
          Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        );
      }
      throw rejection;
    }
  }
}
