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
/** Emails with an unlock link one account gets per failure window, however many networks spend its budgets. */
export const UNLOCK_NOTICES_PER_WINDOW = 3;

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
  private readonly networkFailures: RateLimiterRedis;
  private readonly accountNetworkFailures: RateLimiterRedis;
  private readonly accountFailures: RateLimiterRedis;
  private readonly unlockNotices: RateLimiterRedis;
  private readonly prefix: string;
  private readonly failureWindowSeconds: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = config.REDIS_PREFIX;
    this.failureWindowSeconds = config.AUTH_ACCOUNT_FAILURE_WINDOW_HOURS * ONE_HOUR;
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
    this.networkFailures = limiter('network-failures', config.AUTH_NETWORK_FAILURE_LIMIT, ONE_HOUR);
    this.accountNetworkFailures = limiter(
      'account-network-failures',
      config.AUTH_NETWORK_ACCOUNT_FAILURE_LIMIT,
      this.failureWindowSeconds,
    );
    this.accountFailures = limiter(
      'account-failures',
      config.AUTH_ACCOUNT_FAILURE_LIMIT,
      this.failureWindowSeconds,
    );
    this.unlockNotices = limiter('unlock-notices', UNLOCK_NOTICES_PER_WINDOW, this.failureWindowSeconds);
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
   * Refuses a code check before it is made when a failure budget it falls under is spent: the source
   * network's across accounts, this account's from this network, or this account's from every
   * network (unless the owner unlocked sign-in from this network). `accountKey` is an account's (or
   * an unknown address's, keyed the same way so the answer tells nothing).
   */
  async codesAllowedFor(accountKey: string, network: string): Promise<void> {
    const [fromNetwork, accountFromNetwork, account, ownerUnlocked] = await Promise.all([
      this.networkFailures.get(network),
      this.accountNetworkFailures.get(accountNetworkKey(accountKey, network)),
      this.accountFailures.get(accountKey),
      this.redis.exists(this.ownerNetworkKey(accountKey, network)),
    ]);
    const pause = (limiter: RateLimiterRedis, spent: RateLimiterRes | null, message: string) => {
      if (spent && spent.consumedPoints >= limiter.points) {
        throw tooManyRequests(message, spent.msBeforeNext / 1000);
      }
    };
    pause(this.networkFailures, fromNetwork, AuthMessages.tooManyRequests);
    pause(this.accountNetworkFailures, accountFromNetwork, AuthMessages.accountCodesPaused);
    if (!ownerUnlocked) pause(this.accountFailures, account, AuthMessages.accountCodesPaused);
  }

  /**
   * Counts a wrong code against every budget it falls under. Answers when this one spent the
   * account's budget from this network or from everywhere (once per window each, and at most
   * UNLOCK_NOTICES_PER_WINDOW times an account), so its owner can be told; else undefined.
   */
  async failedCodeFor(accountKey: string, network: string): Promise<SpentBudget | undefined> {
    const [, fromNetwork, everywhere] = await Promise.all([
      counted(this.networkFailures, network),
      counted(this.accountNetworkFailures, accountNetworkKey(accountKey, network)),
      counted(this.accountFailures, accountKey),
    ]);
    const spent =
      everywhere?.consumedPoints === this.accountFailures.points
        ? { scope: 'everywhere' as const, counter: everywhere }
        : fromNetwork?.consumedPoints === this.accountNetworkFailures.points
          ? { scope: 'network' as const, counter: fromNetwork }
          : undefined;
    if (!spent || !(await counted(this.unlockNotices, accountKey))) return undefined;
    return {
      scope: spent.scope,
      failures: spent.counter.consumedPoints,
      until: new Date(Date.now() + spent.counter.msBeforeNext),
    };
  }

  /**
   * The owner's "it was me": the account's budget from every network starts again, and so does its
   * budget from `network` (where the link was used), which the account-wide pause no longer reaches
   * for the rest of the window. A stranger spending the budgets again pauses only their own networks.
   */
  async unlock(accountKey: string, network: string): Promise<void> {
    await Promise.all([
      this.accountFailures.delete(accountKey),
      this.accountNetworkFailures.delete(accountNetworkKey(accountKey, network)),
      this.redis.set(this.ownerNetworkKey(accountKey, network), '1', 'EX', this.failureWindowSeconds),
    ]);
  }

  private ownerNetworkKey(accountKey: string, network: string): string {
    return `${this.prefix}:auth:owner-network:${accountNetworkKey(accountKey, network)}`;
  }
}

/** A budget of the account's that just ran out: from one network, or from every network together. */
export interface SpentBudget {
  scope: 'network' | 'everywhere';
  failures: number;
  until: Date;
}

const accountNetworkKey = (accountKey: string, network: string) => `${accountKey}|${network}`;

/** Consumes a point; the counter after it, or undefined when the window was already spent. */
async function counted(limiter: RateLimiterRedis, key: string): Promise<RateLimiterRes | undefined> {
  try {
    return await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return undefined;
    throw rejection;
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
