import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface RedisBudgetOptions {
  /** The counters' key prefix, the app's REDIS_PREFIX first (`${prefix}:support-messages:member`). */
  keyPrefix: string;
  points: number;
  windowSeconds: number;
}

/**
 * `points` uses per key per window, counted in Redis so every process shares the count. Cost: one Redis
 * round trip per use, whatever the number of keys.
 */
export class RedisBudget {
  private readonly limiter: RateLimiterRedis;

  constructor(redis: Redis, { keyPrefix, points, windowSeconds }: RedisBudgetOptions) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: windowSeconds });
  }

  /**
   * Spends one use of `key`'s budget; once it is spent, throws what `refuse` makes of the seconds until the
   * window frees a use (at least 1: the answer's Retry-After).
   */
  async consume(key: string, refuse: (retryAfterSeconds: number) => Error): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw refuse(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      }
      throw rejection;
    }
  }
}
