import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS } from '@arena/redis';
import { tooManyLogoUploads } from '../domain/charity.errors';

/** Logo uploads one charity may take an hour: each is decoded and redrawn, and each new image is kept. */
export const LOGO_UPLOADS_PER_CHARITY_PER_HOUR = 60;

/** Counted in Redis per charity, so every API process shares the count (429 with Retry-After past it). */
@Injectable()
export class CharityLogoRateLimiter {
  private readonly perCharity: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perCharity = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.REDIS_PREFIX}:charity-logos`,
      points: LOGO_UPLOADS_PER_CHARITY_PER_HOUR,
      duration: 3600,
    });
  }

  async consume(charityId: string): Promise<void> {
    try {
      await this.perCharity.consume(charityId);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyLogoUploads(rejection.msBeforeNext / 1000);
      throw rejection;
    }
  }
}
