import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../webhooks/webhook-api-version';
import type { LocalAccountRow, LocalCheckoutSessionRow, LocalTransferRow } from './local-payments.queries';

/** The API version the local driver's objects follow and its events are stamped with: the pinned one. */
export const LOCAL_API_VERSION: string = STRIPE_API_VERSION;

/** Ids shaped like the provider's (`acct_…`, `evt_…`), marked local so they are never mistaken for real ones. */
export const localId = (prefix: 'acct' | 'evt' | 'pi' | 'tr' | 'txn' | 'py' | 'pyr' | 'po' | 'trr' | 'ba') =>
  `${prefix}_local_${randomBytes(12).toString('hex')}`;

/** Checkout sessions look like Stripe's test-mode ones (`cs_test_…`). */
export const localCheckoutSessionId = () => `cs_test_local_${randomBytes(12).toString('hex')}`;
export const LOCAL_CHECKOUT_SESSION_ID = /^cs_test_local_[0-9a-f]{24}$/;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The account as Stripe's API shows a Connect Express account (the fields our code and its handlers read). */
export function localAccountObject(row: LocalAccountRow) {
  if (row.member_id) return localMemberAccountObject(row);
  return {
    id: row.id,
    object: 'account' as const,
    type: 'express' as const,
    country: 'US',
    default_currency: 'usd',
    email: row.email,
    business_type: 'non_profit' as const,
    business_profile: { name: row.organization_name },
    company: { name: row.organization_name, tax_id_provided: true },
    capabilities: { transfers: row.payouts_enabled ? ('active' as const) : ('inactive' as const) },
    charges_enabled: row.charges_enabled,
    payouts_enabled: row.payouts_enabled,
    details_submitted: row.details_submitted,
    metadata: { charityId: row.charity_id, ein: row.ein },
    created: seconds(row.created_at),
    livemode: false,
  };
}

/** A member's Express account for referral payouts (issue 13): an individual, metadata.memberId. */
function localMemberAccountObject(row: LocalAccountRow) {
  return {
    id: row.id,
    object: 'account' as const,
    type: 'express' as const,
    country: 'US',
    default_currency: 'usd',
    email: row.email,
    business_type: 'individual' as const,
    capabilities: { transfers: row.payouts_enabled ? ('active' as const) : ('inactive' as const) },
    charges_enabled: row.charges_enabled,
    payouts_enabled: row.payouts_enabled,
    details_submitted: row.details_submitted,
    metadata: { memberId: row.member_id },
    created: seconds(row.created_at),
    livemode: false,
  };
}

/**
 * An event object as Stripe sends it to a webhook endpoint. A connected account's event (`account.updated`
 * of a charity's or a member's account, its `payout.*`) carries `account`, the account's id, at the top
 * level, and goes to the Connect endpoint (LocalEventOutbox reads `account` to choose it); the platform's
 * own events (Checkout, transfers, subscriptions) have none. `type` is one of the installed stripe
 * package's `Stripe.Event.Type`: the driver cannot emit an event Stripe never sends
 * (local-driver-conformance.spec.ts checks the emitted literals against the package at run time too).
 */
export function localEvent(type: Stripe.Event.Type, object: unknown, at = new Date(), account?: string) {
  return {
    id: localId('evt'),
    ...(account ? { account } : {}),
    object: 'event' as const,
    api_version: LOCAL_API_VERSION,
    created: seconds(at),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/**
 * The session as Stripe's API shows a paid Checkout Session in `checkout.session.completed` (the fields
 * our handlers read): customer_details.email is what the payer typed, customer_email what we prefilled.
 */
export function localCheckoutSessionObject(
  row: LocalCheckoutSessionRow,
  /** A bank debit's session completes `unpaid` and is `paid` once it settles (issue 20). */
  paymentStatus?: 'paid' | 'unpaid',
) {
  return {
    id: row.id,
    object: 'checkout.session' as const,
    mode: row.mode,
    // Stripe sends both in either mode: null in a gift's (payment mode, no customer created).
    subscription: row.mode === 'subscription' ? row.subscription_id : null,
    customer: row.customer_id,
    amount_subtotal: row.amount_cents,
    amount_total: row.amount_cents,
    currency: 'usd',
    customer_details: { email: row.paid_email ?? row.email },
    customer_email: row.email,
    payment_intent: row.mode === 'subscription' ? null : row.payment_intent_id,
    payment_status: paymentStatus ?? (row.status === 'complete' ? ('paid' as const) : ('unpaid' as const)),
    status: row.status,
    metadata: row.metadata,
    success_url: row.success_url,
    cancel_url: row.cancel_url,
    created: seconds(row.created_at),
    expires_at: seconds(row.expires_at),
    livemode: false,
  };
}

/** A transfer's reversal as Stripe's API shows it (`trr_…`), in a transfer's `reversals.data`. */
export interface LocalTransferReversalObject {
  id: string;
  object: 'transfer_reversal';
  amount: number;
  balance_transaction: string | null;
  created: number;
  currency: 'usd';
  destination_payment_refund: string | null;
  metadata: Record<string, string>;
  source_refund: null;
  transfer: string;
}

/**
 * The transfer as Stripe's API shows a Connect transfer (Stripe's fixture's fields): `amount_reversed` and
 * `reversals` (newest first, as Stripe lists them) say how much came back to the platform, `reversed` that all did.
 */
export function localTransferObject(row: LocalTransferRow, reversals: LocalTransferReversalObject[] = []) {
  return {
    id: row.id,
    object: 'transfer' as const,
    amount: row.amount_cents,
    amount_reversed: row.amount_reversed,
    balance_transaction: null,
    currency: 'usd',
    description: null,
    destination: row.destination_account_id,
    destination_payment: row.destination_payment,
    transfer_group: row.transfer_group,
    metadata: row.metadata,
    reversals: {
      object: 'list' as const,
      data: reversals,
      has_more: false,
      url: `/v1/transfers/${row.id}/reversals`,
    },
    reversed: row.reversed,
    source_transaction: row.source_transaction,
    source_type: 'card' as const,
    created: seconds(row.created_at),
    livemode: false,
  };
}
