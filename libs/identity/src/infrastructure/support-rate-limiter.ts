import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS, RedisBudget } from '@arena/redis';
import { AccountMessages } from '../domain/account.messages';
import { tooManyRequests } from '../domain/identity.errors';

/** Messages a member may send support an hour (each sends two emails). */
export const SUPPORT_MESSAGES_PER_HOUR = 5;

/** Counts support messages per member in Redis, across every API process: past the limit, 429. */
@Injectable()
export class SupportRateLimiter {
  private readonly perMember: RedisBudget;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perMember = new RedisBudget(redis, {
      keyPrefix: `${config.REDIS_PREFIX}:support-messages:member`,
      points: SUPPORT_MESSAGES_PER_HOUR,
      windowSeconds: 3600,
    });
  }

  consume(memberId: string): Promise<void> {
    return this.perMember.consume(memberId, (retryAfter) =>
      tooManyRequests(AccountMessages.tooManySupportMessages, retryAfter),
    );
  }
}
