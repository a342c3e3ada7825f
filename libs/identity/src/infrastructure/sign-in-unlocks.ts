import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS } from '@arena/redis';

/**
 * The one-time tokens of emailed "it was me" unlock links. Only a token's SHA-256 is kept, with the
 * failure budget it unlocks, for AUTH_UNLOCK_LINK_MINUTES; taking one deletes it in the same Redis
 * command (GETDEL), so of any number of simultaneous uses exactly one gets it.
 */
@Injectable()
export class SignInUnlocks {
  private readonly prefix: string;
  private readonly ttlSeconds: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.REDIS_PREFIX}:auth:unlock:`;
    this.ttlSeconds = config.AUTH_UNLOCK_LINK_MINUTES * 60;
  }

  /** A fresh token for the budget `accountKey`; earlier ones stay good until used or expired. */
  async issue(accountKey: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.redis.set(this.key(token), accountKey, 'EX', this.ttlSeconds);
    return token;
  }

  /** The budget the token unlocks, once; undefined when unknown, used or expired. */
  async take(token: string): Promise<string | undefined> {
    return (await this.redis.getdel(this.key(token))) ?? undefined;
  }

  private key(token: string): string {
    return this.prefix + createHash('sha256').update(token).digest('hex');
  }
}
