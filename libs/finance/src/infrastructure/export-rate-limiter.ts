import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { TooManyRequestsException } from '@arena/http';
import { REDIS } from '@arena/redis';

/** An export reads the whole ledger: a few a minute per client address is plenty for an auditor. */
const EXPORTS_PER_MINUTE = 10;

@Injectable()
export class ExportRateLimiter {
  private readonly perIp: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.REDIS_PREFIX}:ledger-export:ip`,
      points: EXPORTS_PER_MINUTE,
      duration: 60,
    });
  }

  async exportFrom(ip: string): Promise<void> {
    try {
      await this.perIp.consume(ip);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new TooManyRequestsException(
          'Too many ledger exports. Please wait a minute and try again.',
          Math.ceil(rejection.msBeforeNext / 1000),
        );
      }
      throw rejection;
    }
  }
}
