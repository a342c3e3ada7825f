export { RedisModule, REDIS, createRedis } from './redis.module';
