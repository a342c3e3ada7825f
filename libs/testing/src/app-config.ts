import { randomBytes, randomUUID } from 'node:crypto';
import { loadConfig, type AppConfig } from '@arena/config';
import { TEST_REDIS_URL } from './test-database';

/**
 * The configuration of an API or worker started inside a test: its own database and Redis key
 * prefix, a fresh signing secret, no web build to serve, no automatic local payouts. Overrides win.
 *
 * The projection runner polls every second, not every 100 ms: the doorbell (the event store's
 * LISTEN/NOTIFY subscription) wakes it on every append, so the poll is only the fallback for a doorbell
 * that failed. At 100 ms an idle worker's 14 projectors read the log 140 times a second (about 80 ms of
 * CPU a second in the test process, and PostgreSQL's share besides); at 1,000 ms about 28 ms (docs/testing.md).
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
    PROJECTION_POLL_INTERVAL_MS: '1000',
    // A test pays connected accounts out when it says so (LocalPayments.runPayouts, the dev payouts route).
    LOCAL_AUTOMATIC_PAYOUTS: 'false',
    ...overrides,
  });
}

/**
 * What a test adds to NODE_ENV=production so the process starts (docs/security.md, "Production refuses to
 * start"): a test-mode deployment on the local payment driver, with mail and SMS pointing at nothing.
 */
export const TEST_MODE_PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  TEST_MODE_DEPLOYMENT: 'true',
  SMTP_URL: 'smtp://127.0.0.1:1',
  SMS_PROVIDER_URL: 'http://127.0.0.1:1/sms',
  SMS_PROVIDER_API_KEY: 'test-sms-key',
  LEDGER_SIGNING_KEY: 'a1'.repeat(32),
  METRICS_TOKEN: 'test-metrics-token-000000000000',
};
