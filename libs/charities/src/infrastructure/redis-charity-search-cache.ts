import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { charityGraphqlAnswer, type CharityGraphqlAnswer } from '@arena/contracts';
import { REDIS } from '@arena/redis';
import { CharitySearchCache } from '../application/ports/charity-search-cache';

@Injectable()
export class RedisCharitySearchCache extends CharitySearchCache {
  private readonly prefix: string;
  private readonly seconds: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super();
    this.prefix = `${config.REDIS_PREFIX}:charity-search:answer:`;
    this.seconds = config.CHARITY_SEARCH_CACHE_SECONDS;
  }

  async get(key: string): Promise<CharityGraphqlAnswer | undefined> {
    if (this.seconds === 0) return undefined;
    const stored = await this.redis.get(this.prefix + key);
    if (!stored) return undefined;
    // A value written by an older shape of the answer is a miss, not a broken page.
    try {
      const parsed = charityGraphqlAnswer.safeParse(JSON.parse(stored));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  async set(key: string, answer: CharityGraphqlAnswer): Promise<void> {
    if (this.seconds === 0) return;
    await this.redis.set(this.prefix + key, JSON.stringify(answer), 'EX', this.seconds);
  }
}
