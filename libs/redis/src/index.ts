export { RedisModule, REDIS, createRedis } from './redis.module';
export { RedisBudget, type RedisBudgetOptions } from './redis-budget';
