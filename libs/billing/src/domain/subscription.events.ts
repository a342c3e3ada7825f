import type { PaidPlan } from '@arena/contracts';

/**
 * The events of a member's subscription (issue 13), stream `subscription-{memberId}`. Facts, past tense,
 * never edited; money in integer cents (USD). Each comes from one verified webhook event of the payment
 * provider and carries its id (`providerEventId`); the event id is derived from it, so a redelivered
 * webhook appends nothing. Webhooks arrive in any order: every event carries the provider's own time
 * (`occurredAt`, the webhook event's `created`) and the state takes each fact by that time, so any order
 * of the same events ends in the same state.
 */

export const subscriptionStreamId = (memberId: string) => `subscription-${memberId}`;

interface FromProvider {
  memberId: string;
  /** The provider's subscription (sub_…). */
  subscriptionId: string;
  providerEventId: string;
  /** The provider's time of the fact (ISO), which orders facts whatever order they arrive in. */
  occurredAt: string;
}

/** Checkout in subscription mode completed (or the subscription was created): the paid plan begins. */
export interface SubscriptionStarted {
  type: 'SubscriptionStarted';
  data: FromProvider & {
    customerId: string;
    planType: PaidPlan;
    priceCents: number;
    interval: 'month';
    currentPeriodStart: string;
    currentPeriodEnd: string;
    checkoutSessionId: string | null;
  };
}

/** An invoice of the subscription was paid (the first month, a renewal, or a proration on upgrade). */
export interface SubscriptionPaymentSucceeded {
  type: 'SubscriptionPaymentSucceeded';
  data: FromProvider & {
    invoiceId: string;
    /** The charge (ch_…) or payment intent it was paid with: a refund names it. */
    chargeId: string;
    planType: PaidPlan;
    amountPaidCents: number;
    /** 'subscription_create' | 'subscription_cycle' | 'subscription_update' (Stripe's billing_reason). */
    billingReason: string;
    periodStart: string;
    periodEnd: string;
  };
}

/** The plan moved (an upgrade, with proration; or a change made in the billing portal). */
export interface SubscriptionPlanChanged {
  type: 'SubscriptionPlanChanged';
  data: FromProvider & {
    fromPlan: PaidPlan;
    toPlan: PaidPlan;
    priceCents: number;
    currentPeriodEnd: string;
  };
}

/** An invoice could not be paid: the subscription is past due until a retry succeeds or it ends. */
export interface SubscriptionPaymentFailed {
  type: 'SubscriptionPaymentFailed';
  data: FromProvider & { invoiceId: string; amountDueCents: number; nextAttemptAt: string | null };
}

/**
 * The subscription was canceled: `atPeriodEnd` true when the member canceled (the plan lasts until
 * `endsAt`); false when it ended now (the provider deleted it: canceled at period end, or unpaid).
 *
 * Issue 21: also recorded when we ended it now ourselves, as soon as the provider accepted the cancel:
 * `account_closed` (the member closed their account) or `duplicate` (a second subscription paid while one
 * was live: canceled and refunded on arrival). Those carry our own cause as `providerEventId`
 * (`account-closed:{sub}`, `duplicate:{sub}`) and the provider's end as `occurredAt`; the provider's
 * `customer.subscription.deleted` that follows adds nothing.
 */
export interface SubscriptionCanceled {
  type: 'SubscriptionCanceled';
  data: FromProvider & {
    atPeriodEnd: boolean;
    endsAt: string;
    reason: 'member' | 'payment_failed' | 'provider' | 'account_closed' | 'duplicate';
  };
}

/** A payment of the subscription was refunded (in whole or in part): revenue is reversed. */
export interface PaymentRefunded {
  type: 'PaymentRefunded';
  data: FromProvider & {
    chargeId: string;
    /**
     * The charge's payment intent, when the provider named it (issue 20; absent on events stored before):
     * a refund reported under the payment intent and again under the charge is one refund.
     */
    paymentIntentId?: string | null;
    invoiceId: string | null;
    /** What this refund gave back (a charge refunded in steps gives one event per step). */
    amountRefundedCents: number;
    /** The charge's refunded total with this refund (the provider's amount_refunded). */
    totalRefundedCents: number;
    /** The refunded payment's own amount: a refund of all of it voids a referral reward on it. */
    paymentAmountCents: number;
    /** Set when the money went in a lost dispute (issue 20), not a refund. */
    disputeId?: string;
  };
}

export type SubscriptionEvent =
  | SubscriptionStarted
  | SubscriptionPaymentSucceeded
  | SubscriptionPlanChanged
  | SubscriptionPaymentFailed
  | SubscriptionCanceled
  | PaymentRefunded;

export const SUBSCRIPTION_EVENT_TYPES = [
  'SubscriptionStarted',
  'SubscriptionPaymentSucceeded',
  'SubscriptionPlanChanged',
  'SubscriptionPaymentFailed',
  'SubscriptionCanceled',
  'PaymentRefunded',
] as const satisfies readonly SubscriptionEvent['type'][];
