import type Stripe from 'stripe';

/**
 * The payments port (issue 11; the donations and subscriptions issues extend it). Two drivers implement
 * it and pass one contract suite: `StripePayments` on the `stripe` package, and `LocalPayments`, which
 * plays Stripe's part on local pages and sends webhooks signed exactly as Stripe signs them. Which one
 * runs: Stripe when STRIPE_SECRET_KEY is set, the local driver otherwise.
 */
export abstract class Payments {
  /** 'local' makes the UI say "test mode". */
  abstract readonly mode: 'stripe' | 'local';

  /**
   * A Stripe Connect (Express) account for a charity's payouts. The same idempotency key answers the
   * same account, so a retried onboarding never opens a second one.
   */
  abstract createConnectedAccount(input: ConnectedAccountInput): Promise<ConnectedAccount>;

  /** A one-use link into the account's hosted onboarding, returning to returnUrl or, if it expires, refreshUrl. */
  abstract createAccountLink(input: AccountLinkInput): Promise<{ url: string; expiresAt: string }>;

  /** What the provider says about the account now. */
  abstract retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount>;

  /**
   * A hosted checkout for a one-time gift (issue 12). `metadata` comes back on the session in the
   * `checkout.session.completed` webhook; the same idempotency key answers the same session.
   */
  abstract createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;

  /**
   * Money from the platform's balance to a charity's connected account (Stripe Connect transfer). The same
   * idempotency key never makes a second transfer: a re-run transfer window answers the first one.
   */
  abstract createTransfer(input: TransferInput): Promise<Transfer>;

  /**
   * Issue 20 (Connect money): the transfers a connected account's payout carried, read from the payout's
   * balance transactions on that account (Stripe: `balanceTransactions.list({ payout, expand: ['data.source'] },
   * { stripeAccount })`, every page): a `payment` is a transfer's arrival (its source, the `py_` charge, names
   * the transfer in `source_transfer`); a `payout_failure` is an earlier failed payout's funds coming back, so
   * that payout's transactions are followed too. Transfer ids, each once, in no particular order.
   */
  abstract transfersCarriedByPayout(input: { accountId: string; payoutId: string }): Promise<string[]>;

  /**
   * The transfer of a group that a createTransfer with this idempotency key made (its `metadata.idempotencyKey`),
   * or null: for a retry after the provider's idempotency window (24 h) has passed, when the key alone would
   * make a second transfer.
   */
  abstract findTransfer(input: { transferGroup: string; idempotencyKey: string }): Promise<Transfer | null>;

  /**
   * One page of the provider's balance transactions created in [from, to), newest first as Stripe lists
   * them; the next page starts after the last one's id. For reconciliation (issue 20).
   */
  abstract listBalanceTransactions(input: BalanceTransactionsQuery): Promise<BalanceTransactionPage>;

  /**
   * An invoice's payments (issue 20): its charge and payment intent once paid. Webhook payloads do not carry
   * `invoice.payments`; billing reads them here to record a subscription payment under its charge id.
   */
  abstract listInvoicePayments(invoiceId: string): Promise<InvoicePayment[]>;

  /**
   * The charge (`ch_…`) a payment intent made, or null while it has none (Stripe: the PaymentIntent's
   * `latest_charge`). Webhooks of a paid Checkout name the payment intent only; a transfer funded by one gift
   * names that gift's charge as its `source_transaction`.
   */
  abstract latestChargeOf(paymentIntentId: string): Promise<string | null>;

  /**
   * Subscriptions (issue 13). A hosted checkout in subscription mode for a monthly plan; the provider's
   * customer is created with it unless `customerId` is given. `metadata` (memberId, planType) comes back on
   * the session and on the subscription. The same idempotency key answers the same session.
   */
  abstract createSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<CheckoutSession>;

  /**
   * Issue 23: a monthly gift. A hosted checkout in subscription mode with a price made inline (the amount in
   * cents, recurring every month) and no plan: `metadata` (kind 'gift', schedule 'monthly', …) comes back on
   * the session, on the subscription, and on each invoice's `parent.subscription_details.metadata`. It never
   * carries `memberId` or `planType`, the keys billing reads a plan from. Ended with `cancelSubscriptionNow`.
   * The same idempotency key answers the same session.
   */
  abstract createGiftSubscriptionCheckout(input: GiftSubscriptionCheckoutInput): Promise<CheckoutSession>;

  /** Move a subscription to another plan's price now, prorating the rest of the period (an upgrade). */
  abstract changeSubscriptionPlan(input: SubscriptionPlanChangeInput): Promise<void>;

  /** Cancel at the end of the current period (the member keeps the plan until then). */
  abstract cancelSubscriptionAtPeriodEnd(subscriptionId: string): Promise<void>;

  /**
   * Issue 21: end a subscription now, not at period end (a closed account, a second subscription). No
   * proration credit and no final invoice (Stripe: `subscriptions.cancel` with `prorate: false, invoice_now:
   * false`): the Terms refund no partly used period. Repeats are harmless: a subscription already canceled
   * answers `alreadyCanceled` and its end. The provider sends `customer.subscription.deleted` once.
   */
  abstract cancelSubscriptionNow(input: {
    subscriptionId: string;
    idempotencyKey: string;
  }): Promise<{ endedAt: Date; alreadyCanceled: boolean }>;

  /**
   * Issue 21: refund what is left of a payment (a `ch_` charge or, for payments recorded under it, a `pi_`
   * payment intent) in full: a duplicate charge (the Terms refund charges made in error). Nothing left →
   * nothing happens (answers 0), so a repeat refunds nothing twice. The cents refunded now.
   */
  abstract refundPayment(input: RefundPaymentInput): Promise<number>;

  /**
   * Issue 21: closes an open checkout session so it can no longer be paid (Stripe:
   * `checkout.sessions.expire`; `checkout.session.expired` follows). A session already paid or expired is
   * left as it is and answered with its status.
   */
  abstract expireCheckoutSession(sessionId: string): Promise<'expired' | 'complete'>;

  /**
   * Issue 21: one page of the provider's subscriptions not yet canceled (any customer), oldest first; the
   * next page starts after the last one's id. For the reconciliation of closed members' billing.
   */
  abstract listLiveSubscriptions(input: {
    startingAfter?: string;
    limit: number;
  }): Promise<{ data: LiveSubscription[]; hasMore: boolean }>;

  /** A session of the provider's billing portal for a customer, returning to returnUrl. */
  abstract createBillingPortalSession(input: {
    customerId: string;
    returnUrl: string;
  }): Promise<{ url: string }>;

  /**
   * Resolves when the provider's billing portal can open sessions: on Stripe, a default
   * `billing_portal.configuration` is saved and active (without one, every portal session fails). Throws
   * PaymentsError 'invalid' naming what to do when there is none; 'provider_failed' when it could not ask.
   * The local driver's portal needs nothing. Checked at API start (BillingPortalCheck, in apps/api's AppModule).
   */
  abstract checkBillingPortal(): Promise<void>;

  /**
   * A Stripe Connect (Express) account for a member's referral payouts (issue 13). The same idempotency key
   * answers the same account. Onboarded through `createAccountLink`, like a charity's.
   */
  abstract createMemberPayoutAccount(input: MemberPayoutAccountInput): Promise<ConnectedAccount>;
}

export interface SubscriptionCheckoutInput {
  memberId: string;
  email: string;
  customerId: string | null;
  planType: 'PREMIUM' | 'PREMIUM_PLUS';
  /** The monthly price (the plan's, from @arena/contracts PLAN_PRICES_CENTS). */
  priceCents: number;
  /** The plan's name on the checkout page and the invoice: 'Charity Arena Premium'. */
  productName: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/**
 * A monthly gift's checkout: a one-off checkout's fields, `amountCents` charged every month and `description`
 * the product's name on the checkout page and every invoice ('Monthly gift to …').
 */
export type GiftSubscriptionCheckoutInput = CheckoutSessionInput;

export interface RefundPaymentInput {
  paymentId: string;
  /** Stripe's refund reason: a duplicate subscription's charge, or a charge after the member left. */
  reason: 'duplicate' | 'requested_by_customer';
  idempotencyKey: string;
}

/** A subscription the provider has not canceled, and the member its metadata names. */
export interface LiveSubscription {
  subscriptionId: string;
  customerId: string;
  memberId: string | null;
  status: string;
}

export interface SubscriptionPlanChangeInput {
  subscriptionId: string;
  planType: 'PREMIUM' | 'PREMIUM_PLUS';
  priceCents: number;
  productName: string;
  idempotencyKey: string;
}

export interface MemberPayoutAccountInput {
  memberId: string;
  email: string;
  idempotencyKey: string;
}

export interface CheckoutSessionInput {
  amountCents: number;
  /** Prefilled on the checkout page, and where the provider sends its receipt. */
  email: string | null;
  /** Shown on the checkout page: 'Gift to Charity Arena's donation pool', … */
  description: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

export interface TransferInput {
  amountCents: number;
  destinationAccountId: string;
  /** Groups the transfer with what it pays (Stripe's transfer_group). */
  transferGroup: string;
  /** Also sent in metadata as `idempotencyKey` (see findTransfer). */
  metadata: Record<string, string>;
  idempotencyKey: string;
  /**
   * The charge (`ch_…`) that funds it (Stripe's `source_transaction`): the transfer then waits for that
   * charge's funds rather than drawing on the platform's available balance. Null when it pays several gifts
   * or prizes (the platform's balance funds it).
   */
  sourceTransaction: string | null;
}

export interface Transfer {
  id: string;
  amountCents: number;
  destinationAccountId: string;
}

export interface BalanceTransaction {
  id: string;
  /**
   * 'charge', 'payment', 'transfer', 'transfer_reversal', 'payout', 'refund', 'adjustment' (a dispute's
   * withdrawal or reinstatement), … as the provider names it.
   */
  type: string;
  amountCents: number;
  /** What it is about, as Stripe gives it: `ch_`, `py_`, `tr_`, `trr_`, `po_`, `re_`, `du_` ids. */
  sourceId: string | null;
  /** For a charge (and a refund or dispute of one): the charge's payment intent; null otherwise. */
  paymentIntentId: string | null;
  created: Date;
}

export interface BalanceTransactionsQuery {
  from: Date;
  /** Exclusive. */
  to: Date;
  /** The last id of the previous page. */
  startingAfter?: string;
  /** 1 to 100. */
  limit: number;
}

export interface BalanceTransactionPage {
  data: BalanceTransaction[];
  hasMore: boolean;
}

/** One payment of an invoice (Stripe's invoice_payment): the payment intent and the charge it made. */
export interface InvoicePayment {
  paymentIntentId: string;
  chargeId: string | null;
  amountPaidCents: number;
}

export interface ConnectedAccountInput {
  ein: string;
  organizationName: string;
  email: string;
  /** Our charity id, kept in the account's metadata so webhooks can be traced back. */
  charityId: string;
  idempotencyKey: string;
}

export interface ConnectedAccount {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** metadata.charityId, as given at creation. */
  charityId: string | null;
}

export interface AccountLinkInput {
  accountId: string;
  returnUrl: string;
  refreshUrl: string;
}

/** A verified webhook event, as `stripe.webhooks.constructEvent` returns it. */
export type PaymentEvent = Stripe.Event;

/**
 * One context's reaction to verified webhook events of some types. Handlers must be idempotent (each
 * event is delivered at least once, in any order); the webhook answers 200 only after every handler
 * for the event's type has finished, so a failure makes the provider retry.
 */
export interface PaymentEventHandler {
  readonly eventTypes: readonly string[];
  handle(event: PaymentEvent): Promise<void>;
}

/**
 * Where contexts register their handlers (in `onModuleInit`); the webhook endpoint dispatches each
 * verified event to every handler of its type.
 */
export abstract class PaymentEventHandlers {
  abstract register(handler: PaymentEventHandler): void;
}
