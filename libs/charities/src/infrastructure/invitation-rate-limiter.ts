import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { CharityMessages } from '@arena/contracts';
import { REDIS } from '@arena/redis';
import { tooManyInvitations } from '../domain/charity-community.errors';

const ONE_HOUR = 3600;

/**
 * Invitations send email to addresses a stranger typed: each account and each IP gets
 * CHARITY_INVITES_PER_HOUR of them, counted in Redis so every API process shares the count.
 */
@Injectable()
export class InvitationRateLimiter {
  private readonly perMember: RateLimiterRedis;
  private readonly perIp: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    const limiter = (name: string) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${config.REDIS_PREFIX}:charity-invites:${name}`,
        points: config.CHARITY_INVITES_PER_HOUR,
        duration: ONE_HOUR,
      });
    this.perMember = limiter('member');
    this.perIp = limiter('ip');
  }

  /** Counts one invitation against the IP and, when signed in, the account; 429 when either is spent. */
  async consume(ip: string, accountId: string | undefined): Promise<void> {
    await consume(this.perIp, ip);
    if (accountId) await consume(this.perMember, accountId);
  }
}

async function consume(limiter: RateLimiterRedis, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw tooManyInvitations(CharityMessages.tooManyRequests, rejection.msBeforeNext / 1000);
    }
    throw rejection;
  }
}
