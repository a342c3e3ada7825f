import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS } from '@arena/redis';
import { streamBusy } from '../domain/charity.errors';

/** How long one claim may hold its member's lock (it expires by itself if the process dies). */
const HOLD_MS = 30_000;
/** How long a claim waits for its member's previous one before answering 409 "try again". */
const WAIT_MS = 15_000;

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * One member's charity claims, one at a time across API processes (issue 21): the count of their open
 * onboardings and the claim that follows it must not interleave with another of theirs, or 30 claims at
 * once would all see "none open". A Redis lock (SET NX PX, released only by its holder), not a database
 * one: a waiter holding a pooled connection could starve the holder of the connection it needs.
 */
@Injectable()
export class ClaimLock {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run<T>(managerId: string, claim: () => Promise<T>): Promise<T> {
    const key = `${this.config.REDIS_PREFIX}:charity-claims:${managerId}`;
    const token = randomUUID();
    const deadline = Date.now() + WAIT_MS;
    while ((await this.redis.set(key, token, 'PX', HOLD_MS, 'NX')) !== 'OK') {
      if (Date.now() > deadline) throw streamBusy();
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
    }
    try {
      return await claim();
    } finally {
      await this.redis.eval(RELEASE, 1, key, token);
    }
  }
}
