import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS } from '@arena/redis';
import { AuthMessages } from '../domain/auth.messages';
import { identifierKey } from '../domain/contact';
import { tooManyRequests } from '../domain/identity.errors';

const TEN_MINUTES = 600;
const ONE_HOUR = 3600;
/** Codes sent to one email or phone per hour, by sign-ups and login starts together. */
const SENDS_PER_IDENTIFIER_PER_HOUR = 10;
const RESENDS_PER_IDENTIFIER_PER_HOUR = 5;
/** Contact-change codes one member asks for per hour, first sends and resends together. */
const CONTACT_CHANGE_SENDS_PER_MEMBER_PER_HOUR = 10;
/** Contact-change code checks by one member per 10 minutes, whatever address they come from. */
const CONTACT_CHANGE_CHECKS_PER_MEMBER = 30;
const AVATAR_UPLOADS_PER_MEMBER_PER_HOUR = 20;

/**
 * Counters live in Redis so every API process shares them. Each check consumes a point and answers
 * 429 with Retry-After when the window is spent.
 */
@Injectable()
export class AuthRateLimiter {
  private readonly ipSends: RateLimiterRedis;
  private readonly ipVerifications: RateLimiterRedis;
  private readonly identifierSends: RateLimiterRedis;
  private readonly identifierResends: RateLimiterRedis;
  private readonly memberSends: RateLimiterRedis;
  private readonly memberVerifications: RateLimiterRedis;
  private readonly avatarUploads: RateLimiterRedis;
  private readonly accountFailures: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${config.REDIS_PREFIX}:auth:${name}`,
        points,
        duration,
      });
    this.ipSends = limiter('ip-sends', config.AUTH_IP_SEND_LIMIT, TEN_MINUTES);
    this.ipVerifications = limiter('ip-verifications', config.AUTH_IP_VERIFY_LIMIT, TEN_MINUTES);
    this.identifierSends = limiter('identifier-sends', SENDS_PER_IDENTIFIER_PER_HOUR, ONE_HOUR);
    this.identifierResends = limiter('identifier-resends', RESENDS_PER_IDENTIFIER_PER_HOUR, ONE_HOUR);
    this.memberSends = limiter('member-sends', CONTACT_CHANGE_SENDS_PER_MEMBER_PER_HOUR, ONE_HOUR);
    this.memberVerifications = limiter('member-verifications', CONTACT_CHANGE_CHECKS_PER_MEMBER, TEN_MINUTES);
    this.avatarUploads = limiter('avatar-uploads', AVATAR_UPLOADS_PER_MEMBER_PER_HOUR, ONE_HOUR);
    this.accountFailures = limiter(
      'account-failures',
      config.AUTH_ACCOUNT_FAILURE_LIMIT,
      config.AUTH_ACCOUNT_FAILURE_WINDOW_HOURS * ONE_HOUR,
    );
  }

  sendFromIp(ip: string): Promise<void> {
    return consume(this.ipSends, ip, AuthMessages.tooManyRequests);
  }

  verifyFromIp(ip: string): Promise<void> {
    return consume(this.ipVerifications, ip, AuthMessages.tooManyRequests);
  }

  async sendTo(identifiers: string[]): Promise<void> {
    for (const identifier of identifiers) {
      await consume(this.identifierSends, identifierKey(identifier), AuthMessages.tooManyCodes);
    }
  }

  resendTo(identifier: string): Promise<void> {
    return consume(this.identifierResends, identifierKey(identifier), AuthMessages.tooManyCodes);
  }

  sendForMember(accountId: string): Promise<void> {
    return consume(this.memberSends, accountId, AuthMessages.tooManyCodes);
  }

  verifyForMember(accountId: string): Promise<void> {
    return consume(this.memberVerifications, accountId, AuthMessages.tooManyRequests);
  }

  avatarUploadFor(accountId: string): Promise<void> {
    return consume(this.avatarUploads, accountId, AuthMessages.tooManyRequests);
  }

  /**
   * Refuses codes for an account (or an unknown address, keyed the same way so the answer tells
   * nothing) whose budget of wrong codes is spent, across every code and IP.
   */
  async codesAllowedFor(accountKey: string): Promise<void> {
    const spent = await this.accountFailures.get(accountKey);
    if (spent && spent.consumedPoints >= this.accountFailures.points) {
      throw tooManyRequests(AuthMessages.accountCodesPaused, spent.msBeforeNext / 1000);
    }
  }

  /** Counts a wrong code; answers when this one spent the budget (exactly once per window), else undefined. */
  async failedCodeFor(accountKey: string): Promise<{ failures: number; until: Date } | undefined> {
    try {
      const counted = await this.accountFailures.consume(accountKey);
      if (counted.consumedPoints !== this.accountFailures.points) return undefined;
      return { failures: counted.consumedPoints, until: new Date(Date.now() + counted.msBeforeNext) };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return undefined;
      throw rejection;
    }
  }
}

async function consume(limiter: RateLimiterRedis, key: string, message: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw tooManyRequests(message, rejection.msBeforeNext / 1000);
    }
    throw rejection;
  }
}
