import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { TooManyRequestsException } from '@arena/http';
import { REDIS, RedisBudget } from '@arena/redis';

/** An export reads the whole ledger: a few a minute per client address is plenty for an auditor. */
const EXPORTS_PER_MINUTE = 10;

@Injectable()
export class ExportRateLimiter {
  private readonly perIp: RedisBudget;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perIp = new RedisBudget(redis, {
      keyPrefix: `${config.REDIS_PREFIX}:ledger-export:ip`,
      points: EXPORTS_PER_MINUTE,
      windowSeconds: 60,
    });
  }

  exportFrom(ip: string): Promise<void> {
    return this.perIp.consume(
      ip,
      (retryAfter) =>
        new TooManyRequestsException(
          'Too many ledger exports. Please wait a minute and try again.',
          retryAfter,
        ),
    );
  }
}
