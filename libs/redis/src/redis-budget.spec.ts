import { randomUUID } from 'node:crypto';
import { clearRedisPrefix, TEST_REDIS_URL } from '@arena/testing';
import { createRedis } from './redis.module';
import { RedisBudget } from './redis-budget';

class Refused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('refused');
  }
}

describe('RedisBudget', () => {
  const prefix = `budget-spec-${randomUUID()}`;
  const first = createRedis(TEST_REDIS_URL);
  const second = createRedis(TEST_REDIS_URL, { autoPipelining: true });

  afterAll(async () => {
    await clearRedisPrefix(prefix);
    await Promise.all([first.quit(), second.quit()]);
  });

  const budget = (redis: typeof first) =>
    new RedisBudget(redis, { keyPrefix: `${prefix}:uses`, points: 3, windowSeconds: 120 });
  const refuse = (retryAfterSeconds: number) => new Refused(retryAfterSeconds);

  it('spends a key’s uses across processes, then refuses with the seconds until one frees', async () => {
    const [inOne, inAnother] = [budget(first), budget(second)];
    await inOne.consume('member-a', refuse);
    await inAnother.consume('member-a', refuse);
    await inOne.consume('member-a', refuse);

    const refusal = await inAnother.consume('member-a', refuse).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Refused);
    expect((refusal as Refused).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refusal as Refused).retryAfterSeconds).toBeLessThanOrEqual(120);
    // Another key has its own uses.
    await expect(inOne.consume('member-b', refuse)).resolves.toBeUndefined();
  });

  it('lets exactly the budget through when 50 uses arrive at once', async () => {
    const shared = budget(second);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => shared.consume('crowd', refuse)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(
      outcomes.every((outcome) => outcome.status === 'fulfilled' || outcome.reason instanceof Refused),
    ).toBe(true);
  });

  it('passes on what is not a spent budget (Redis unreachable) instead of refusing', async () => {
    const down = createRedis('redis://127.0.0.1:1');
    down.on('error', () => undefined);
    try {
      const error = await budget(down)
        .consume('member-a', refuse)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(Refused);
    } finally {
      down.disconnect();
    }
  });
});
