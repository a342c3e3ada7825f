import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { LedgerMessages } from '@arena/contracts';
import { TooManyRequestsException } from '@arena/http';
import { REDIS, RedisBudget } from '@arena/redis';

/**
 * The public ledger's reads per client address, counted in Redis so every API process shares them:
 * LEDGER_ENTRIES_PER_MINUTE pages of entries, LEDGER_PROOFS_PER_MINUTE inclusion and consistency proofs.
 */
@Injectable()
export class LedgerRateLimiter {
  private readonly entries: RedisBudget;
  private readonly proofs: RedisBudget;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    const limiter = (name: string, points: number) =>
      new RedisBudget(redis, { keyPrefix: `${config.REDIS_PREFIX}:${name}:ip`, points, windowSeconds: 60 });
    this.entries = limiter('ledger-entries', config.LEDGER_ENTRIES_PER_MINUTE);
    this.proofs = limiter('ledger-proofs', config.LEDGER_PROOFS_PER_MINUTE);
  }

  entriesFrom(ip: string): Promise<void> {
    return consume(this.entries, ip);
  }

  proofsFrom(ip: string): Promise<void> {
    return consume(this.proofs, ip);
  }
}

function consume(budget: RedisBudget, ip: string): Promise<void> {
  return budget.consume(
    ip,
    (retryAfter) => new TooManyRequestsException(LedgerMessages.tooManyRequests, retryAfter),
  );
}
