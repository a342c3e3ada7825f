import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { TooManyRequestsException } from '@arena/http';
import { REDIS, RedisBudget } from '@arena/redis';

const ONE_MINUTE = 60;
const TOO_MANY = 'Too many plays right now: please wait a moment and try again';

/**
 * Per-member budgets of play starts, result submissions, Memory Pairs reveals and Tile Merge releases
 * (PLAY_STARTS_PER_MINUTE, PLAY_RESULTS_PER_MINUTE, PLAY_REVEALS_PER_MINUTE, PLAY_RELEASES_PER_MINUTE),
 * shared by every API process through Redis. Releases have their own budget: a tiles player moves far
 * faster than a pairs player flips. A start opens a fresh seed, a result costs a replay and a reveal replays the
 * flips before it: well beyond a person's pace, all three are only load. Over budget: 429
 * with Retry-After.
 */
@Injectable()
export class PlayRateLimiter {
  private readonly starts: RedisBudget;
  private readonly results: RedisBudget;
  private readonly reveals: RedisBudget;
  private readonly releases: RedisBudget;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    const limiter = (name: string, points: number) =>
      new RedisBudget(redis, {
        keyPrefix: `${config.REDIS_PREFIX}:plays:${name}`,
        points,
        windowSeconds: ONE_MINUTE,
      });
    this.starts = limiter('starts', config.PLAY_STARTS_PER_MINUTE);
    this.results = limiter('results', config.PLAY_RESULTS_PER_MINUTE);
    this.reveals = limiter('reveals', config.PLAY_REVEALS_PER_MINUTE);
    this.releases = limiter('releases', config.PLAY_RELEASES_PER_MINUTE);
  }

  startBy(memberId: string): Promise<void> {
    return consume(this.starts, memberId);
  }

  resultBy(memberId: string): Promise<void> {
    return consume(this.results, memberId);
  }

  revealBy(memberId: string): Promise<void> {
    return consume(this.reveals, memberId);
  }

  releaseBy(memberId: string): Promise<void> {
    return consume(this.releases, memberId);
  }
}

function consume(budget: RedisBudget, key: string): Promise<void> {
  return budget.consume(key, (retryAfter) => new TooManyRequestsException(TOO_MANY, retryAfter));
}
