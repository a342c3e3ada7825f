import { randomBytes } from 'node:crypto';
import type {
  LocalChargeRow,
  LocalCustomerRow,
  LocalDisputeRow,
  LocalInvoiceRow,
  LocalRefundRow,
  LocalSubscriptionRow,
} from './local-billing.queries';

/** Ids of the subscription world, shaped like Stripe's and marked local. */
export const localBillingId = (
  prefix: 'cus' | 'sub' | 'si' | 'in' | 'il' | 'ch' | 're' | 'pi' | 'du' | 'inpay',
) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

/** Billing portal sessions are bearer links: 24 random bytes. */
export const localPortalSessionId = () => `bps_local_${randomBytes(24).toString('hex')}`;
export const LOCAL_PORTAL_SESSION_ID = /^bps_local_[0-9a-f]{48}$/;

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** One price per plan and amount (Checkout's inline price_data makes one per session on Stripe). */
export const localPriceId = (planType: string, cents: number) =>
  `price_local_${planType.toLowerCase()}_${cents}`;
export const localProductId = (planType: string) => `prod_local_${planType.toLowerCase()}`;

/**
 * `months` calendar months after `anchor`, on the anchor's day of the month or the month's last day
 * (Stripe's billing_cycle_anchor rule: a subscription started on the 31st renews on the 30th in April).
 */
export function addMonths(anchor: Date, months: number): Date {
  const target = new Date(anchor.getTime());
  const day = anchor.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export function localPriceObject(planType: string, cents: number, productName: string) {
  return {
    id: localPriceId(planType, cents),
    object: 'price' as const,
    active: true,
    currency: 'usd',
    unit_amount: cents,
    recurring: { interval: 'month' as const, interval_count: 1 },
    product: localProductId(planType),
    nickname: productName,
    type: 'recurring' as const,
    metadata: { planType },
    livemode: false,
  };
}

export function localCustomerObject(row: LocalCustomerRow) {
  return {
    id: row.id,
    object: 'customer' as const,
    email: row.email,
    metadata: row.member_id ? { memberId: row.member_id } : {},
    created: seconds(row.created_at),
    livemode: false,
  };
}

/**
 * The subscription as Stripe's API shows it. The period is on the subscription and, as API versions since
 * 2025 put it, on its item; the plan is the item's price (metadata.planType, unit_amount in cents).
 */
/**
 * `cancellation`: why a deleted subscription ended, as Stripe's `cancellation_details.reason` says it
 * ('cancellation_requested' for a cancel by the API or at period end, 'payment_failed' for an unpaid one).
 */
export function localSubscriptionObject(
  row: LocalSubscriptionRow,
  cancellation: 'cancellation_requested' | 'payment_failed' | null = null,
) {
  const periodStart = seconds(row.current_period_start);
  const periodEnd = seconds(row.current_period_end);
  return {
    id: row.id,
    object: 'subscription' as const,
    customer: row.customer_id,
    status: row.status,
    cancel_at_period_end: row.cancel_at_period_end,
    cancel_at: row.cancel_at_period_end ? periodEnd : null,
    canceled_at: row.canceled_at ? seconds(row.canceled_at) : null,
    cancellation_details: { comment: null, feedback: null, reason: cancellation },
    ended_at: row.ended_at ? seconds(row.ended_at) : null,
    current_period_start: periodStart,
    current_period_end: periodEnd,
    billing_cycle_anchor: seconds(row.billing_cycle_anchor),
    start_date: seconds(row.created_at),
    collection_method: 'charge_automatically' as const,
    currency: 'usd',
    latest_invoice: row.latest_invoice_id,
    items: {
      object: 'list' as const,
      data: [
        {
          id: row.item_id,
          object: 'subscription_item' as const,
          subscription: row.id,
          quantity: 1,
          current_period_start: periodStart,
          current_period_end: periodEnd,
          price: localPriceObject(row.plan_type, row.price_cents, row.product_name),
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${row.id}`,
    },
    metadata: row.metadata,
    created: seconds(row.created_at),
    livemode: false,
  };
}

/** An invoice line for a period of a plan (a proration line when `proration`), in cents (negative for a credit). */
export function localInvoiceLine(
  subscription: LocalSubscriptionRow,
  line: {
    amount: number;
    description: string;
    periodStart: Date;
    periodEnd: Date;
    proration: boolean;
    planType: string;
    priceCents: number;
    productName: string;
  },
) {
  return {
    id: localBillingId('il'),
    object: 'line_item' as const,
    amount: line.amount,
    currency: 'usd',
    description: line.description,
    period: { start: seconds(line.periodStart), end: seconds(line.periodEnd) },
    proration: line.proration,
    quantity: 1,
    price: localPriceObject(line.planType, line.priceCents, line.productName),
    pricing: {
      type: 'price_details' as const,
      price_details: {
        price: localPriceId(line.planType, line.priceCents),
        product: localProductId(line.planType),
      },
      unit_amount_decimal: String(line.priceCents),
    },
    parent: {
      type: 'subscription_item_details' as const,
      subscription_item_details: {
        subscription: subscription.id,
        subscription_item: subscription.item_id,
        proration: line.proration,
      },
    },
    metadata: subscription.metadata,
  };
}

/**
 * The invoice as a webhook sends a subscription's invoice. `subscription` is the field older API versions
 * had; `parent.subscription_details` is where newer ones keep the subscription; the payments are listed by
 * the invoice payments API (not in the payload).
 * The billed period is each line's `period` (as with Stripe; the invoice's own period_start/end here
 * are the same as its lines').
 */
export function localInvoiceObject(row: LocalInvoiceRow, subscription: LocalSubscriptionRow, email: string) {
  const paid = row.status === 'paid';
  return {
    id: row.id,
    object: 'invoice' as const,
    customer: row.customer_id,
    customer_email: email,
    subscription: row.subscription_id,
    parent: {
      type: 'subscription_details' as const,
      subscription_details: { subscription: row.subscription_id, metadata: subscription.metadata },
      quote_details: null,
    },
    billing_reason: row.billing_reason,
    collection_method: 'charge_automatically' as const,
    status: row.status,
    paid,
    currency: 'usd',
    subtotal: row.amount_cents,
    total: row.amount_cents,
    amount_due: row.amount_cents,
    amount_paid: paid ? row.amount_cents : 0,
    amount_remaining: paid ? 0 : row.amount_cents,
    attempt_count: row.attempt_count,
    attempted: true,
    // Neither `charge` (gone since API version 2025-03-31) nor `invoice.payments` (an includable field the
    // API answers only when asked) is in a webhook's invoice: its payments are read through
    // Payments.listInvoicePayments (issue 20).
    lines: { object: 'list' as const, data: row.lines, has_more: false, total_count: row.lines.length },
    period_start: seconds(row.period_start),
    period_end: seconds(row.period_end),
    status_transitions: {
      finalized_at: seconds(row.created_at),
      paid_at: row.paid_at ? seconds(row.paid_at) : null,
    },
    next_payment_attempt: null,
    metadata: {},
    created: seconds(row.created_at),
    livemode: false,
  };
}

/** The charge as Stripe's API shows it, with its refunds (newest first). */
export function localChargeObject(row: LocalChargeRow, refunds: LocalRefundRow[], disputed = false) {
  return {
    id: row.id,
    object: 'charge' as const,
    amount: row.amount_cents,
    amount_captured: row.amount_cents,
    amount_refunded: row.amount_refunded_cents,
    refunded: row.amount_refunded_cents === row.amount_cents,
    captured: true,
    paid: true,
    status: 'succeeded' as const,
    currency: 'usd',
    customer: row.customer_id,
    // No `invoice`: a charge has none since API version 2025-03-31 (an invoice lists its payments instead).
    payment_intent: row.payment_intent_id,
    metadata: row.metadata,
    disputed,
    balance_transaction: null,
    refunds: {
      object: 'list' as const,
      data: refunds.map((refund) => ({
        id: refund.id,
        object: 'refund' as const,
        amount: refund.amount_cents,
        charge: refund.charge_id,
        currency: 'usd',
        status: 'succeeded' as const,
        created: seconds(refund.created_at),
      })),
      has_more: false,
      total_count: refunds.length,
    },
    created: seconds(row.created_at),
    livemode: false,
  };
}

/** The dispute as Stripe sends it in `charge.dispute.*` (resources.dispute of Stripe's fixtures). */
export function localDisputeObject(
  row: LocalDisputeRow,
  charge: LocalChargeRow,
  balanceTransactions: { id: string; amount_cents: number; created_at: Date }[],
) {
  return {
    id: row.id,
    object: 'dispute' as const,
    amount: row.amount_cents,
    balance_transactions: balanceTransactions.map((txn) => ({
      id: txn.id,
      object: 'balance_transaction' as const,
      amount: txn.amount_cents,
      currency: 'usd',
      net: txn.amount_cents,
      fee: 0,
      type: 'adjustment' as const,
      reporting_category: txn.amount_cents < 0 ? 'dispute' : 'dispute_reversal',
      source: row.id,
      created: seconds(txn.created_at),
    })),
    charge: row.charge_id,
    payment_intent: charge.payment_intent_id,
    currency: 'usd',
    evidence: {},
    evidence_details: {
      due_by: seconds(row.created_at) + 7 * 24 * 3600,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    metadata: {},
    payment_method_details: {
      card: { brand: 'visa', case_type: 'chargeback', network_reason_code: '10.4' },
      type: 'card' as const,
    },
    reason: 'fraudulent' as const,
    status: row.status,
    enhanced_eligibility_types: [],
    created: seconds(row.created_at),
    livemode: false,
  };
}
