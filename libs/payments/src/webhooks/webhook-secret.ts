import { createHmac } from 'node:crypto';
import type { AppConfig } from '@arena/config';

/**
 * The secret webhooks are signed and verified with: STRIPE_WEBHOOK_SECRET, or for the local driver a
 * secret derived from JWT_ACCESS_SECRET, so a laptop needs no extra setting and every process of one
 * deployment agrees on it without sharing anything new.
 */
export function webhookSecret(
  config: Pick<AppConfig, 'STRIPE_WEBHOOK_SECRET' | 'JWT_ACCESS_SECRET'>,
): string {
  if (config.STRIPE_WEBHOOK_SECRET) return config.STRIPE_WEBHOOK_SECRET;
  const derived = createHmac('sha256', config.JWT_ACCESS_SECRET)
    .update('arena:local-payments:webhooks')
    .digest('hex');
  return `whsec_${derived}`;
}
