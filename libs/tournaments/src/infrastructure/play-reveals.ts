import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS } from '@arena/redis';

/**
 * What the server revealed of each play of a hidden game (Memory Pairs: the card of each flip, in
 * order), kept until the play's result is checked against it. Short-lived working state of one play,
 * not a fact of the tournament: a pairs play reveals some 25 to 300 flips within 7 minutes, and
 * appending each to the tournament's stream would put them all through its lane. The result records
 * the flips that count (its log, checked to be these); if this store lost a play's reveals, its result
 * is refused as a flip not revealed (the member plays again, as after a crashed tab).
 */
export abstract class PlayReveals {
  /** The cards revealed for the play so far, in order. */
  abstract cards(playId: string): Promise<number[]>;
  /**
   * Records `card` as flip number `flip` when exactly `flip` cards were revealed before (else changes
   * nothing: a concurrent reveal got there first); kept until `keepUntil`. Whether it was recorded.
   */
  abstract append(playId: string, flip: number, card: number, keepUntil: Date): Promise<boolean>;
}

/** Appends only at the expected length, atomically: of two concurrent reveals of one flip, one wins. */
const APPEND_AT = `
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
return 1`;

/** One Redis list per play, shared by every API process; it expires with the play. */
@Injectable()
export class RedisPlayReveals extends PlayReveals {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super();
    this.prefix = `${config.REDIS_PREFIX}:plays:reveals:`;
  }

  async cards(playId: string): Promise<number[]> {
    return (await this.redis.lrange(this.prefix + playId, 0, -1)).map(Number);
  }

  async append(playId: string, flip: number, card: number, keepUntil: Date): Promise<boolean> {
    const done = await this.redis.eval(APPEND_AT, 1, this.prefix + playId, flip, card, keepUntil.getTime());
    return done === 1;
  }
}

/** The same in one process's memory: for specs of the handlers. */
export class InMemoryPlayReveals extends PlayReveals {
  private readonly plays = new Map<string, number[]>();

  cards(playId: string): Promise<number[]> {
    return Promise.resolve([...(this.plays.get(playId) ?? [])]);
  }

  append(playId: string, flip: number, card: number): Promise<boolean> {
    const cards = this.plays.get(playId) ?? [];
    if (cards.length !== flip) return Promise.resolve(false);
    this.plays.set(playId, [...cards, card]);
    return Promise.resolve(true);
  }
}
