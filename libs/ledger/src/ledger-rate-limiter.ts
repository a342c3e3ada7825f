import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { LedgerMessages } from '@arena/contracts';
import { TooManyRequestsException } from '@arena/http';
import { REDIS } from '@arena/redis';

/** LEDGER_ENTRIES_PER_MINUTE pages of ledger entries per client address, counted in Redis so every API process shares them. */
@Injectable()
export class LedgerRateLimiter {
  private readonly perIp: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.REDIS_PREFIX}:ledger-entries:ip`,
      points: config.LEDGER_ENTRIES_PER_MINUTE,
      duration: 60,
    });
  }

  async entriesFrom(ip: string): Promise<void> {
    try {
      await this.perIp.consume(ip);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new TooManyRequestsException(
          LedgerMessages.tooManyRequests,
          Math.ceil(rejection.msBeforeNext / 1000),
        );
      }
      throw rejection;
    }
  }
}
