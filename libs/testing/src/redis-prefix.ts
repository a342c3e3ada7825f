import Redis from 'ioredis';
import { TEST_REDIS_URL } from './test-database';

/** Deletes every key under a test's (or benchmark's) private Redis prefix. */
export async function clearRedisPrefix(prefix: string, redisUrl = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
