import { randomBytes, randomUUID } from 'node:crypto';
import { loadConfig, type AppConfig } from '@arena/config';
import { TEST_REDIS_URL } from './test-database';

/**
 * The configuration of an API or worker started inside a test: its own database and Redis key
 * prefix, a fresh signing secret, no web build to serve, quick projection polling, no automatic local
 * payouts. Overrides win.
 */
export function testAppConfig(databaseUrl: string, overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `test:${randomUUID()}`,
    JWT_ACCESS_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: '/nonexistent',
    PROJECTION_POLL_INTERVAL_MS: '100',
    // A test pays connected accounts out when it says so (LocalPayments.runPayouts, the dev payouts route).
    LOCAL_AUTOMATIC_PAYOUTS: 'false',
    ...overrides,
  });
}
