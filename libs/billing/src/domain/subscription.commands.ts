import type { PaidPlan } from '@arena/contracts';
import type {
  SubscriptionCanceled,
  SubscriptionPaymentFailed,
  SubscriptionPaymentSucceeded,
  SubscriptionStarted,
} from './subscription.events';

/**
 * What the provider's webhooks tell a member's subscription (docs/subscriptions.md). Each command comes
 * from one webhook event and carries its id and time; the decider turns it into at most one event.
 */

/** checkout.session.completed in subscription mode: the plan begins (the period is the session's month). */
export interface StartFromCheckout {
  type: 'StartFromCheckout';
  data: SubscriptionStarted['data'];
}

/** customer.subscription.created / updated: the subscription as the provider has it now. */
export interface ObserveSubscription {
  type: 'ObserveSubscription';
  data: {
    memberId: string;
    subscriptionId: string;
    providerEventId: string;
    occurredAt: string;
    customerId: string;
    /** The plan it is on (metadata.planType); null when the provider's object does not say. */
    planType: PaidPlan | null;
    /** The plan before this change, when the provider says (the event's previous_attributes). */
    previousPlan: PaidPlan | null;
    priceCents: number;
    currentPeriodStart: string;
    currentPeriodEnd: string;
    cancelAtPeriodEnd: boolean;
    /** cancel_at_period_end is among the event's previous_attributes (it changed with this event). */
    cancelAtPeriodEndChanged: boolean;
    /**
     * The event said what changed (an update's previous_attributes). When it did, only what it names
     * changed; when it did not, the plan is compared with the plan known.
     */
    changesKnown: boolean;
  };
}

/** customer.subscription.deleted: the subscription ended now. */
export interface EndSubscription {
  type: 'EndSubscription';
  data: SubscriptionCanceled['data'];
}

/** invoice.paid. The plan is the subscription's metadata at invoice time; null → the plan known then. */
export interface RecordPayment {
  type: 'RecordPayment';
  data: Omit<SubscriptionPaymentSucceeded['data'], 'planType'> & { planType: PaidPlan | null };
}

/** invoice.payment_failed. */
export interface RecordPaymentFailure {
  type: 'RecordPaymentFailure';
  data: SubscriptionPaymentFailed['data'];
}

/**
 * charge.refunded. The provider reports the charge's refunded total so far (amount_refunded); the event
 * records what is new since the refunds already known of that charge.
 */
export interface RecordRefund {
  type: 'RecordRefund';
  data: {
    memberId: string;
    providerEventId: string;
    occurredAt: string;
    chargeId: string;
    paymentIntentId: string | null;
    refundedTotalCents: number;
    paymentAmountCents: number;
  };
}

/**
 * charge.dispute.closed, lost, of a subscription's charge (issue 20): the disputed amount is gone like a
 * refund of it (PaymentRefunded, naming the dispute), once per dispute.
 */
export interface RecordLostDispute {
  type: 'RecordLostDispute';
  data: {
    memberId: string;
    providerEventId: string;
    occurredAt: string;
    chargeId: string;
    paymentIntentId: string | null;
    disputeId: string;
    amountCents: number;
    paymentAmountCents: number;
  };
}

export type SubscriptionCommand =
  | StartFromCheckout
  | ObserveSubscription
  | EndSubscription
  | RecordPayment
  | RecordPaymentFailure
  | RecordRefund
  | RecordLostDispute;
