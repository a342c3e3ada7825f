import type Redis from 'ioredis';
import type { PublishedNotice } from './projector';

export interface ChangePublisher {
  publish(notices: readonly PublishedNotice[]): Promise<void>;
}

export const changesChannel = (redisPrefix: string) => `${redisPrefix}:changes`;

/** PUBLISH `<prefix>:changes` once per distinct notice of a committed batch. */
export function redisChangePublisher(redis: Redis, redisPrefix: string): ChangePublisher {
  const channel = changesChannel(redisPrefix);
  return {
    async publish(notices) {
      const distinct = new Set(notices.map((notice) => JSON.stringify(notice)));
      if (distinct.size === 0) return;
      const pipeline = redis.pipeline();
      for (const message of distinct) pipeline.publish(channel, message);
      await pipeline.exec();
    },
  };
}
