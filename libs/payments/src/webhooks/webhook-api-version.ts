import type Stripe from 'stripe';

/**
 * The Stripe API version every webhook payload is read in, and the version the Stripe client asks for:
 * the installed `stripe` package's own version, whose types the handlers are written against (since
 * 2025-03-31 an invoice's subscription sits in `parent.subscription_details` and its payments in
 * `payments`, a subscription's period on its items). Both webhook endpoints must be created with this
 * `api_version` (docs/payments.md); an event in any other version is refused. `satisfies` makes an
 * upgrade of the package that moves its version fail to compile until this is re-pinned on purpose.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const satisfies Stripe.LatestApiVersion;
