import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { CharityMessages } from '@arena/contracts';
import { REDIS, RedisBudget } from '@arena/redis';
import { tooManyInvitations } from '../domain/charity-community.errors';

const ONE_HOUR = 3600;
const ONE_DAY = 24 * ONE_HOUR;

/**
 * Invitations send email to addresses a member typed: each account and each IP gets
 * CHARITY_INVITES_PER_HOUR of them, and the whole platform CHARITY_INVITES_PER_DAY (so many accounts
 * together cannot make our sender a spammer's), counted in Redis so every API process shares the count.
 */
@Injectable()
export class InvitationRateLimiter {
  private readonly perMember: RedisBudget;
  private readonly perIp: RedisBudget;
  private readonly platform: RedisBudget;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    const limiter = (name: string) =>
      new RedisBudget(redis, {
        keyPrefix: `${config.REDIS_PREFIX}:charity-invites:${name}`,
        points: config.CHARITY_INVITES_PER_HOUR,
        windowSeconds: ONE_HOUR,
      });
    this.perMember = limiter('member');
    this.perIp = limiter('ip');
    this.platform = new RedisBudget(redis, {
      keyPrefix: `${config.REDIS_PREFIX}:charity-invites:day`,
      points: config.CHARITY_INVITES_PER_DAY,
      windowSeconds: ONE_DAY,
    });
  }

  /** Counts one invitation against the IP, the account and the day; 429 when any is spent. */
  async consume(ip: string, accountId: string): Promise<void> {
    await consume(this.perIp, ip, CharityMessages.tooManyRequests);
    await consume(this.perMember, accountId, CharityMessages.tooManyRequests);
    await consume(this.platform, 'all', CharityMessages.invitationsDailyLimit);
  }
}

function consume(budget: RedisBudget, key: string, message: string): Promise<void> {
  return budget.consume(key, (retryAfter) => tooManyInvitations(message, retryAfter));
}
