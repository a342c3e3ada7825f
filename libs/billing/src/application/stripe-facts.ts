import type Stripe from 'stripe';
import { PAID_PLANS, PLAN_PRICES_CENTS, type PaidPlan } from '@arena/contracts';
import type { InvoicePayment, PaymentEvent } from '@arena/payments';
import type { RecordLostDispute, RecordRefund, SubscriptionCommand } from '../domain/subscription.commands';

/**
 * The provider's webhook objects (Stripe's shapes, node_modules/stripe) as subscription commands
 * (docs/subscriptions.md "Webhooks → events"). Pure: anything not a subscription's, or without the
 * member it belongs to, is null and the handler leaves it.
 */

export const SUBSCRIPTION_WEBHOOKS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
  'charge.dispute.closed',
] as const;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export const paidPlanOf = (value: unknown): PaidPlan | null =>
  (PAID_PLANS as readonly unknown[]).includes(value) ? (value as PaidPlan) : null;
const planByPrice = (cents: number | null | undefined): PaidPlan | null =>
  cents === PLAN_PRICES_CENTS.PREMIUM_PLUS
    ? 'PREMIUM_PLUS'
    : cents === PLAN_PRICES_CENTS.PREMIUM
      ? 'PREMIUM'
      : null;

/**
 * Issue 23: a monthly gift is a subscription too (the donations context's), marked `kind: 'gift'` in the
 * metadata its session, subscription and invoices carry. It is never a plan: no member's subscription
 * fact, so no Premium, no revenue and no referral reward (referrals accrue on SubscriptionPaymentSucceeded).
 */
export const isGiftMetadata = (metadata: Stripe.Metadata | null | undefined): boolean =>
  metadata?.kind === 'gift';

/** The month after a time, on the same day (a monthly subscription's first period). */
export function oneMonthAfter(time: string): string {
  const date = new Date(time);
  const next = new Date(date);
  next.setUTCMonth(date.getUTCMonth() + 1);
  // 31 January + 1 month is the end of February, not 3 March.
  if (next.getUTCDate() !== date.getUTCDate()) next.setUTCDate(0);
  return next.toISOString();
}

/**
 * `invoicePayments`: the invoice's payments as the provider lists them (Payments.listInvoicePayments,
 * issue 20): webhook payloads do not carry `invoice.payments`, so an `invoice.paid` without them is
 * recorded under the invoice's id only when nothing was paid (a zero-amount invoice).
 */
export function commandOf(
  event: PaymentEvent,
  invoicePayments: readonly InvoicePayment[] = [],
): SubscriptionCommand | null {
  const occurredAt = iso(event.created);
  const providerEventId = event.id;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (isGiftMetadata(session.metadata)) return null;
      const memberId = session.metadata?.memberId;
      const planType = paidPlanOf(session.metadata?.planType);
      const subscriptionId = idOf(session.subscription);
      const customerId = idOf(session.customer);
      if (session.mode !== 'subscription' || !memberId || !planType || !subscriptionId || !customerId)
        return null;
      return {
        type: 'StartFromCheckout',
        data: {
          memberId,
          subscriptionId,
          providerEventId,
          occurredAt,
          customerId,
          planType,
          priceCents: PLAN_PRICES_CENTS[planType],
          interval: 'month',
          currentPeriodStart: occurredAt,
          currentPeriodEnd: oneMonthAfter(occurredAt),
          checkoutSessionId: session.id,
        },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      if (isGiftMetadata(subscription.metadata)) return null;
      const memberId = subscription.metadata?.memberId;
      const customerId = idOf(subscription.customer);
      const item = subscription.items?.data?.[0];
      if (!memberId || !customerId || !item) return null;
      const price = item.price?.unit_amount ?? null;
      const planType = paidPlanOf(subscription.metadata?.planType) ?? planByPrice(price);
      const previous =
        event.type === 'customer.subscription.updated'
          ? ((event.data.previous_attributes ?? null) as Partial<Stripe.Subscription> | null)
          : null;
      const previousPlan = previous
        ? (paidPlanOf(previous.metadata?.planType) ??
          planByPrice(previous.items?.data?.[0]?.price?.unit_amount))
        : null;
      const cancelAt = subscription.cancel_at ?? null;
      return {
        type: 'ObserveSubscription',
        data: {
          memberId,
          subscriptionId: subscription.id,
          providerEventId,
          occurredAt,
          customerId,
          planType,
          previousPlan,
          priceCents: price ?? (planType ? PLAN_PRICES_CENTS[planType] : 0),
          currentPeriodStart: iso(item.current_period_start),
          currentPeriodEnd:
            cancelAt !== null
              ? iso(Math.min(cancelAt, item.current_period_end))
              : iso(item.current_period_end),
          cancelAtPeriodEnd: subscription.cancel_at_period_end || cancelAt !== null,
          cancelAtPeriodEndChanged:
            previous !== null && ('cancel_at_period_end' in previous || 'cancel_at' in previous),
          changesKnown: previous !== null,
        },
      };
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      if (isGiftMetadata(subscription.metadata)) return null;
      const memberId = subscription.metadata?.memberId;
      if (!memberId) return null;
      const reason = subscription.cancellation_details?.reason;
      return {
        type: 'EndSubscription',
        data: {
          memberId,
          subscriptionId: subscription.id,
          providerEventId,
          occurredAt,
          atPeriodEnd: false,
          endsAt: iso(subscription.ended_at ?? subscription.canceled_at ?? event.created),
          reason:
            reason === 'cancellation_requested'
              ? 'member'
              : reason === 'payment_failed'
                ? 'payment_failed'
                : 'provider',
        },
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details ?? null;
      if (isGiftMetadata(details?.metadata) || isGiftMetadata(invoice.metadata)) return null;
      const subscriptionId = idOf(details?.subscription);
      const memberId = details?.metadata?.memberId ?? invoice.metadata?.memberId;
      if (!subscriptionId || !memberId || !invoice.id) return null;
      const base = { memberId, subscriptionId, providerEventId, occurredAt, invoiceId: invoice.id };
      if (event.type === 'invoice.payment_failed') {
        return {
          type: 'RecordPaymentFailure',
          data: {
            ...base,
            amountDueCents: invoice.amount_due,
            nextAttemptAt: invoice.next_payment_attempt === null ? null : iso(invoice.next_payment_attempt),
          },
        };
      }
      const payment = invoicePayments[0];
      const lines = invoice.lines?.data ?? [];
      const periodEnd = Math.max(invoice.period_end, ...lines.map((line) => line.period.end));
      const periodStart =
        lines.length > 0 ? Math.min(...lines.map((line) => line.period.start)) : invoice.period_start;
      return {
        type: 'RecordPayment',
        data: {
          ...base,
          chargeId: payment?.chargeId ?? payment?.paymentIntentId ?? invoice.id,
          planType: paidPlanOf(details?.metadata?.planType),
          amountPaidCents: invoice.amount_paid,
          billingReason: invoice.billing_reason ?? 'subscription_cycle',
          periodStart: iso(periodStart),
          periodEnd: iso(periodEnd),
        },
      };
    }
    default:
      return null;
  }
}

/** charge.refunded, once the member is known (the charge's metadata, or its customer's subscription). */
export function refundOf(event: PaymentEvent, memberId: string): RecordRefund | null {
  if (event.type !== 'charge.refunded') return null;
  const charge = event.data.object;
  return {
    type: 'RecordRefund',
    data: {
      memberId,
      providerEventId: event.id,
      occurredAt: iso(event.created),
      chargeId: charge.id,
      paymentIntentId: idOf(charge.payment_intent),
      refundedTotalCents: charge.amount_refunded,
      paymentAmountCents: charge.amount,
    },
  };
}

/** charge.dispute.closed lost, of a subscription's charge: like a refund of the disputed amount. */
export function lostDisputeOf(
  event: PaymentEvent,
  memberId: string,
  paymentAmountCents: number,
): RecordLostDispute | null {
  if (event.type !== 'charge.dispute.closed') return null;
  const dispute = event.data.object;
  const chargeId = idOf(dispute.charge);
  if (dispute.status !== 'lost' || !chargeId) return null;
  return {
    type: 'RecordLostDispute',
    data: {
      memberId,
      providerEventId: event.id,
      occurredAt: iso(event.created),
      chargeId,
      paymentIntentId: idOf(dispute.payment_intent),
      disputeId: dispute.id,
      amountCents: dispute.amount,
      paymentAmountCents,
    },
  };
}
