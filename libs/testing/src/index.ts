export { createTestDatabase, TEST_POSTGRES_URL, TEST_REDIS_URL, type TestDatabase } from './test-database';
export { deciderSpec, type Decider } from './decider-spec';
export { InMemoryEventStore } from './in-memory-event-store';
export { testAppConfig, TEST_MODE_PRODUCTION } from './app-config';
export { apiCaller, type ApiCall } from './api-caller';
export { clearRedisPrefix } from './redis-prefix';
