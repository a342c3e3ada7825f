import { createHmac } from 'node:crypto';
import type { AppConfig } from '@arena/config';

/**
 * Stripe's two kinds of webhook endpoint: `platform` receives the platform account's own events
 * (Checkout, transfers, subscriptions, invoices, charges); `connect` receives the events of connected
 * accounts (`account.updated`, `payout.*`), each carrying `account`. Each endpoint has its own signing
 * secret and its own route.
 */
export type WebhookEndpoint = 'platform' | 'connect';

/** Where each endpoint is served, under PUBLIC_URL (libs/contracts/src/http.routes.ts lists both). */
export const WEBHOOK_PATHS: Record<WebhookEndpoint, string> = {
  platform: '/api/stripe/webhooks',
  connect: '/api/stripe/connect-webhooks',
};

type SecretConfig = Pick<
  AppConfig,
  'STRIPE_WEBHOOK_SECRET' | 'STRIPE_CONNECT_WEBHOOK_SECRET' | 'JWT_ACCESS_SECRET'
>;

const derived = (config: Pick<AppConfig, 'JWT_ACCESS_SECRET'>, label: string) =>
  `whsec_${createHmac('sha256', config.JWT_ACCESS_SECRET).update(label).digest('hex')}`;

/**
 * The secret platform webhooks are signed and verified with: STRIPE_WEBHOOK_SECRET, or for the local
 * driver a secret derived from JWT_ACCESS_SECRET, so a laptop needs no extra setting and every process of
 * one deployment agrees on it without sharing anything new.
 */
export function webhookSecret(
  config: Pick<AppConfig, 'STRIPE_WEBHOOK_SECRET' | 'JWT_ACCESS_SECRET'>,
): string {
  return config.STRIPE_WEBHOOK_SECRET ?? derived(config, 'arena:local-payments:webhooks');
}

/**
 * The Connect endpoint's secret: STRIPE_CONNECT_WEBHOOK_SECRET, or one derived from JWT_ACCESS_SECRET
 * under another label (development and tests; production with Stripe requires the setting), so it
 * never equals the platform's.
 */
export function connectWebhookSecret(
  config: Pick<AppConfig, 'STRIPE_CONNECT_WEBHOOK_SECRET' | 'JWT_ACCESS_SECRET'>,
): string {
  return config.STRIPE_CONNECT_WEBHOOK_SECRET ?? derived(config, 'arena:local-payments:connect-webhooks');
}

export function webhookSecretOf(endpoint: WebhookEndpoint, config: SecretConfig): string {
  return endpoint === 'connect' ? connectWebhookSecret(config) : webhookSecret(config);
}

/** Where Stripe sends an event: a connected account's (it carries `account`) to Connect, others to the platform. */
export function webhookEndpointOf(event: { account?: unknown }): WebhookEndpoint {
  return typeof event.account === 'string' && event.account.length > 0 ? 'connect' : 'platform';
}
