import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS, RedisBudget } from '@arena/redis';
import { tooManyLogoUploads } from '../domain/charity.errors';

/** Logo uploads one charity may take an hour: each is decoded and redrawn, and each new image is kept. */
export const LOGO_UPLOADS_PER_CHARITY_PER_HOUR = 60;

/** Counted in Redis per charity, so every API process shares the count (429 with Retry-After past it). */
@Injectable()
export class CharityLogoRateLimiter {
  private readonly perCharity: RedisBudget;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perCharity = new RedisBudget(redis, {
      keyPrefix: `${config.REDIS_PREFIX}:charity-logos`,
      points: LOGO_UPLOADS_PER_CHARITY_PER_HOUR,
      windowSeconds: 3600,
    });
  }

  consume(charityId: string): Promise<void> {
    return this.perCharity.consume(charityId, tooManyLogoUploads);
  }
}
