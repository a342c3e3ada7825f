import type { AppConfig } from '@arena/config';

/**
 * Whether the configured key is a live-mode key: `sk_live_…` / `rk_live_…` are live; `sk_test_…`,
 * `rk_test_…` and the local driver (no key) are test mode. Stripe stamps every event with the mode of
 * the key world it came from (`livemode`), so a deployment reads only the events of its own mode.
 */
export function keyIsLive(config: Pick<AppConfig, 'STRIPE_SECRET_KEY'>): boolean {
  return /^(sk|rk)_live_/.test(config.STRIPE_SECRET_KEY ?? '');
}

export const modeName = (live: boolean) => (live ? 'live' : 'test');
