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
