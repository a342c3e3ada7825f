import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS } from '@arena/redis';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-token';

/**
 * Sign-ins that ended (logout, a detected reuse, a contact change) while access tokens issued for
 * them may still be unexpired. Each is kept as long as such a token can live, so the guard refuses
 * them in one round trip and the keys clean themselves up.
 */
@Injectable()
export class EndedSignIns {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.REDIS_PREFIX}:auth:ended-sign-in:`;
  }

  async end(signInIds: readonly string[]): Promise<void> {
    if (signInIds.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const id of signInIds) pipeline.set(this.prefix + id, '1', 'EX', ACCESS_TOKEN_TTL_SECONDS);
    const results = await pipeline.exec();
    const failure = results?.find(([error]) => error)?.[0];
    if (failure) throw failure;
  }

  async hasEnded(signInId: string): Promise<boolean> {
    return (await this.redis.exists(this.prefix + signInId)) === 1;
  }
}
