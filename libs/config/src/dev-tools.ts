import type { AppConfig } from './config.schema';

/**
 * The developer pages (`/dev/ui`, `/dev/mailbox` and `/api/dev/…`) exist only where NODE_ENV says
 * development or test: the mailbox shows every sign-in code, so a production process must never
 * serve it, and naming the safe modes keeps it so should NODE_ENV ever take another value.
 */
export function devToolsEnabled(config: Pick<AppConfig, 'NODE_ENV'>): boolean {
  return config.NODE_ENV === 'development' || config.NODE_ENV === 'test';
}

/**
 * The local payment driver's hosted pages (checkout, Connect onboarding, billing portal) take test cards and
 * pretend to be Stripe: they exist where the developer tools do, or in a production deployment that says it
 * is a test-mode demo (TEST_MODE_DEPLOYMENT=true, docs/security.md). Elsewhere they answer 404.
 */
export function localHostedPagesEnabled(
  config: Pick<AppConfig, 'NODE_ENV' | 'TEST_MODE_DEPLOYMENT'>,
): boolean {
  return devToolsEnabled(config) || config.TEST_MODE_DEPLOYMENT === true;
}
