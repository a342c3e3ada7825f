import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS } from '@arena/redis';

/**
 * The inputs the server recorded for each play of a hidden game before it answered them, in order
 * (Memory Pairs: the card of each flip; Tile Merge: `open`, then each move it released a block for),
 * kept until the play's result is checked against them. Short-lived working state of one play,
 * not a fact of the tournament: a pairs play reveals some 25 to 300 flips within 7 minutes, and
 * appending each to the tournament's stream would put them all through its lane. The result records
 * the flips that count (its log, checked to be these); if this store lost a play's reveals, its result
 * is refused as a flip not revealed (the member plays again, as after a crashed tab).
 */
export abstract class PlayReveals {
  /** The inputs recorded for the play so far, in order. */
  abstract inputs(playId: string): Promise<string[]>;
  /**
   * Records `input` as step `step` when exactly `step` inputs were recorded before (else changes
   * nothing: a concurrent reveal got there first); kept until `keepUntil`. Whether it was recorded.
   */
  abstract append(playId: string, step: number, input: string, keepUntil: Date): Promise<boolean>;
  /**
   * In one atomic step: records `input` as step `step` when exactly `step` inputs were recorded before
   * (`recorded`); else tells what step `step` already holds (`held`), or, when it is further than the
   * next step, how many inputs are recorded (`length`). For the steps whose answer does not depend on the
   * inputs before them (Tile Merge's and Snake's releases): one round trip, with no list read.
   */
  abstract recordAt(playId: string, step: number, input: string, keepUntil: Date): Promise<RecordOutcome>;
}

export type RecordOutcome =
  { recorded: true } | { recorded: false; held: string } | { recorded: false; length: number };

/** recordAt's answer from the script: [1], [0, held] or [2, length]. */
function outcomeOf(reply: [number, string | number]): RecordOutcome {
  if (reply[0] === 1) return { recorded: true };
  return reply[0] === 0
    ? { recorded: false, held: String(reply[1]) }
    : { recorded: false, length: Number(reply[1]) };
}

/** Appends only at the expected length, atomically: of two concurrent reveals of one flip, one wins. */
const APPEND_AT = `
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
return 1`;

/** recordAt: append at the expected length, else what the step holds or how long the list is. */
const RECORD_AT = `
local length = redis.call('LLEN', KEYS[1])
local step = tonumber(ARGV[1])
if length == step then
  redis.call('RPUSH', KEYS[1], ARGV[2])
  redis.call('PEXPIREAT', KEYS[1], ARGV[3])
  return {1}
end
if step < length then return {0, redis.call('LINDEX', KEYS[1], step)} end
return {2, length}`;

type ScriptedRedis = Redis & {
  playRecordAt(
    key: string,
    step: number,
    input: string,
    keepUntilMs: number,
  ): Promise<[number, string | number]>;
};

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
    // Sent by its hash (EVALSHA) once Redis knows it: a release does not send the script's text.
    if (!('playRecordAt' in redis)) redis.defineCommand('playRecordAt', { numberOfKeys: 1, lua: RECORD_AT });
  }

  async inputs(playId: string): Promise<string[]> {
    return this.redis.lrange(this.prefix + playId, 0, -1);
  }

  async append(playId: string, step: number, input: string, keepUntil: Date): Promise<boolean> {
    const done = await this.redis.eval(APPEND_AT, 1, this.prefix + playId, step, input, keepUntil.getTime());
    return done === 1;
  }

  async recordAt(playId: string, step: number, input: string, keepUntil: Date): Promise<RecordOutcome> {
    const reply = await (this.redis as ScriptedRedis).playRecordAt(
      this.prefix + playId,
      step,
      input,
      keepUntil.getTime(),
    );
    return outcomeOf(reply);
  }
}

/** The same in one process's memory: for specs of the handlers. */
export class InMemoryPlayReveals extends PlayReveals {
  private readonly plays = new Map<string, string[]>();

  inputs(playId: string): Promise<string[]> {
    return Promise.resolve([...(this.plays.get(playId) ?? [])]);
  }

  append(playId: string, step: number, input: string): Promise<boolean> {
    const inputs = this.plays.get(playId) ?? [];
    if (inputs.length !== step) return Promise.resolve(false);
    this.plays.set(playId, [...inputs, input]);
    return Promise.resolve(true);
  }

  recordAt(playId: string, step: number, input: string): Promise<RecordOutcome> {
    const inputs = this.plays.get(playId) ?? [];
    if (step === inputs.length) {
      this.plays.set(playId, [...inputs, input]);
      return Promise.resolve({ recorded: true });
    }
    return Promise.resolve(
      step < inputs.length
        ? { recorded: false, held: inputs[step]! }
        : { recorded: false, length: inputs.length },
    );
  }
}
