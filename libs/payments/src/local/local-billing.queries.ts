import { Inject, Injectable } from '@nestjs/common';
import { sql, type Kysely, type Transaction } from 'kysely';
import { DATABASE } from '@arena/database';

export interface LocalCustomerRow {
  id: string;
  email: string;
  member_id: string | null;
  card_declines: boolean;
  created_at: Date;
}

export type LocalSubscriptionStatus = 'active' | 'past_due' | 'canceled';

export interface LocalSubscriptionRow {
  id: string;
  customer_id: string;
  item_id: string;
  status: LocalSubscriptionStatus;
  plan_type: string;
  price_cents: number;
  product_name: string;
  metadata: Record<string, string>;
  billing_cycle_anchor: Date;
  /** Periods begun after the first: the period ending at anchor + (cycles + 1) months is the current one. */
  cycles: number;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  canceled_at: Date | null;
  ended_at: Date | null;
  latest_invoice_id: string | null;
  created_at: Date;
}

export type LocalBillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update';

/** One line of an invoice, kept as the Stripe-shaped object it was sent as. */
export type LocalInvoiceLine = Record<string, unknown> & { amount: number };

export interface LocalInvoiceRow {
  id: string;
  subscription_id: string;
  customer_id: string;
  idempotency_key: string;
  billing_reason: LocalBillingReason;
  status: 'open' | 'paid';
  amount_cents: number;
  lines: LocalInvoiceLine[];
  period_start: Date;
  period_end: Date;
  charge_id: string | null;
  attempt_count: number;
  created_at: Date;
  paid_at: Date | null;
}

export interface LocalChargeRow {
  id: string;
  invoice_id: string | null;
  /** Null for a gift's charge: Checkout in payment mode pays as a guest, with no customer. */
  customer_id: string | null;
  payment_intent_id: string;
  amount_cents: number;
  amount_refunded_cents: number;
  metadata: Record<string, string>;
  created_at: Date;
}

export interface LocalRefundRow {
  id: string;
  charge_id: string;
  amount_cents: number;
  created_at: Date;
}

/** A dispute of a charge (issue 20): the disputed amount is withdrawn until it is closed; won brings it back. */
export interface LocalDisputeRow {
  id: string;
  charge_id: string;
  amount_cents: number;
  status: 'needs_response' | 'won' | 'lost';
  created_at: Date;
  closed_at: Date | null;
}

interface LocalAdjustmentRow {
  id: string;
  type: string;
  amount_cents: number;
  source_id: string;
  created_at: Date;
}

export interface LocalPortalSessionRow {
  id: string;
  customer_id: string;
  return_url: string;
  created_at: Date;
  expires_at: Date;
}

interface LocalBillingTables {
  payment_local_clock: { id: number; offset_ms: string | number };
  payment_local_customers: LocalCustomerRow;
  payment_local_subscriptions: LocalSubscriptionRow;
  payment_local_invoices: LocalInvoiceRow;
  payment_local_charges: LocalChargeRow;
  payment_local_refunds: LocalRefundRow;
  payment_local_disputes: LocalDisputeRow;
  payment_local_portal_sessions: LocalPortalSessionRow;
  payment_local_checkout_sessions: { id: string; customer_id: string | null; subscription_id: string | null };
}

/** A transaction of LocalPaymentsQueries, seen with the billing tables. */
export type BillingTrx = Transaction<LocalBillingTables>;
export const asBillingTrx = (trx: unknown) => trx as BillingTrx;

/**
 * The local driver's subscription world (issue 13): its test clock, customers, subscriptions, invoices,
 * charges, refunds and billing portal sessions. Every time stored here is the clock's time, not the wall's.
 */
@Injectable()
export class LocalBillingQueries {
  constructor(@Inject(DATABASE) private readonly db: Kysely<LocalBillingTables>) {}

  transaction<T>(run: (trx: BillingTrx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(run);
  }

  async clockOffsetMs(trx?: BillingTrx): Promise<number> {
    const row = await (trx ?? this.db)
      .selectFrom('payment_local_clock')
      .select('offset_ms')
      .where('id', '=', 1)
      .executeTakeFirst();
    return Number(row?.offset_ms ?? 0);
  }

  /** The clock's offset, its row locked until the caller's transaction ends: advances run one at a time. */
  async lockClock(trx: BillingTrx): Promise<number> {
    const row = await trx
      .selectFrom('payment_local_clock')
      .select('offset_ms')
      .where('id', '=', 1)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return Number(row.offset_ms);
  }

  /** Whether the local world holds any subscription, whatever its status. */
  async hasSubscriptions(trx: BillingTrx): Promise<boolean> {
    const row = await trx.selectFrom('payment_local_subscriptions').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async setClockOffset(trx: BillingTrx, offsetMs: number) {
    await trx.updateTable('payment_local_clock').set({ offset_ms: offsetMs }).where('id', '=', 1).execute();
  }

  async insertCustomer(trx: BillingTrx, row: LocalCustomerRow) {
    await trx.insertInto('payment_local_customers').values(row).execute();
  }

  findCustomer(id: string, trx?: BillingTrx): Promise<LocalCustomerRow | undefined> {
    return (trx ?? this.db)
      .selectFrom('payment_local_customers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  setCardDeclines(trx: BillingTrx, customerId: string, declines: boolean) {
    return trx
      .updateTable('payment_local_customers')
      .set({ card_declines: declines })
      .where('id', '=', customerId)
      .where('card_declines', '=', !declines)
      .returningAll()
      .executeTakeFirst();
  }

  async insertSubscription(trx: BillingTrx, row: LocalSubscriptionRow) {
    await trx
      .insertInto('payment_local_subscriptions')
      .values({ ...row, metadata: JSON.stringify(row.metadata) } as never)
      .execute();
  }

  findSubscription(id: string, trx?: BillingTrx): Promise<LocalSubscriptionRow | undefined> {
    return (trx ?? this.db)
      .selectFrom('payment_local_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  lockSubscription(trx: BillingTrx, id: string): Promise<LocalSubscriptionRow | undefined> {
    return trx
      .selectFrom('payment_local_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The subscription due first (its period ended by `until`), locked; undefined when none is due. */
  nextDueSubscription(trx: BillingTrx, until: Date): Promise<LocalSubscriptionRow | undefined> {
    return trx
      .selectFrom('payment_local_subscriptions')
      .selectAll()
      .where('status', '<>', 'canceled')
      .where('current_period_end', '<=', until)
      .orderBy('current_period_end')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
  }

  updateSubscription(
    trx: BillingTrx,
    id: string,
    change: Partial<Omit<LocalSubscriptionRow, 'id'>>,
  ): Promise<LocalSubscriptionRow> {
    const { metadata, ...rest } = change;
    return trx
      .updateTable('payment_local_subscriptions')
      .set(metadata ? ({ ...rest, metadata: JSON.stringify(metadata) } as never) : rest)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Sets cancel_at_period_end on a subscription not ended; answers it only to the caller that changed it. */
  setCancelAtPeriodEnd(trx: BillingTrx, id: string, cancel: boolean) {
    return trx
      .updateTable('payment_local_subscriptions')
      .set({ cancel_at_period_end: cancel })
      .where('id', '=', id)
      .where('status', '<>', 'canceled')
      .where('cancel_at_period_end', '=', !cancel)
      .returningAll()
      .executeTakeFirst();
  }

  subscriptionsOf(customerId: string): Promise<LocalSubscriptionRow[]> {
    return this.db
      .selectFrom('payment_local_subscriptions')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  /** Inserts the invoice unless its idempotency key was used: the row only to the caller that inserted it. */
  insertInvoice(trx: BillingTrx, row: LocalInvoiceRow): Promise<LocalInvoiceRow | undefined> {
    return trx
      .insertInto('payment_local_invoices')
      .values({ ...row, lines: JSON.stringify(row.lines) } as never)
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  findInvoiceByKey(idempotencyKey: string, trx?: BillingTrx): Promise<LocalInvoiceRow | undefined> {
    return (trx ?? this.db)
      .selectFrom('payment_local_invoices')
      .selectAll()
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  }

  markInvoicePaid(trx: BillingTrx, id: string, chargeId: string | null, paidAt: Date, attempts: number) {
    return trx
      .updateTable('payment_local_invoices')
      .set({ status: 'paid', charge_id: chargeId, paid_at: paidAt, attempt_count: attempts })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returningAll()
      .executeTakeFirst();
  }

  openInvoicesOf(trx: BillingTrx, customerId: string): Promise<LocalInvoiceRow[]> {
    return trx
      .selectFrom('payment_local_invoices')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('status', '=', 'open')
      .orderBy('created_at')
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  invoicesOf(customerId: string): Promise<LocalInvoiceRow[]> {
    return this.db
      .selectFrom('payment_local_invoices')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async insertCharge(trx: BillingTrx, row: LocalChargeRow) {
    await trx
      .insertInto('payment_local_charges')
      .values({ ...row, metadata: JSON.stringify(row.metadata) } as never)
      .execute();
  }

  lockCharge(trx: BillingTrx, id: string): Promise<LocalChargeRow | undefined> {
    return trx
      .selectFrom('payment_local_charges')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  refund(trx: BillingTrx, refund: LocalRefundRow): Promise<LocalChargeRow> {
    return trx
      .insertInto('payment_local_refunds')
      .values(refund)
      .execute()
      .then(() =>
        trx
          .updateTable('payment_local_charges')
          .set({ amount_refunded_cents: sql<number>`amount_refunded_cents + ${refund.amount_cents}` })
          .where('id', '=', refund.charge_id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
  }

  async chargeOfPaymentIntent(paymentIntentId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('payment_local_charges')
      .select('id')
      .where('payment_intent_id', '=', paymentIntentId)
      .executeTakeFirst();
    return row?.id;
  }

  /** Subscriptions not canceled, by id after `after` (cost: a scan of the local world's subscriptions). */
  liveSubscriptions(after: string | null, limit: number): Promise<LocalSubscriptionRow[]> {
    let query = this.db
      .selectFrom('payment_local_subscriptions')
      .selectAll()
      .where('status', '<>', 'canceled')
      .orderBy('id')
      .limit(limit);
    if (after !== null) query = query.where('id', '>', after);
    return query.execute();
  }

  findCharge(id: string): Promise<LocalChargeRow | undefined> {
    return this.db.selectFrom('payment_local_charges').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findInvoice(id: string): Promise<LocalInvoiceRow | undefined> {
    return this.db.selectFrom('payment_local_invoices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  disputeOfCharge(trx: BillingTrx, chargeId: string): Promise<LocalDisputeRow | undefined> {
    return trx
      .selectFrom('payment_local_disputes')
      .selectAll()
      .where('charge_id', '=', chargeId)
      .executeTakeFirst();
  }

  /** A dispute's balance transactions (its `adjustment`s), oldest first. */
  adjustmentsOf(trx: BillingTrx, disputeId: string) {
    return (trx as unknown as Kysely<{ payment_local_balance_transactions: LocalAdjustmentRow }>)
      .selectFrom('payment_local_balance_transactions')
      .select(['id', 'amount_cents', 'created_at'])
      .where('type', '=', 'adjustment')
      .where('source_id', '=', disputeId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Inserts the charge's dispute; undefined when the charge already has one (Stripe opens at most one). */
  insertDispute(trx: BillingTrx, row: LocalDisputeRow): Promise<LocalDisputeRow | undefined> {
    return trx
      .insertInto('payment_local_disputes')
      .values(row)
      .onConflict((conflict) => conflict.column('charge_id').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  lockDispute(trx: BillingTrx, id: string): Promise<LocalDisputeRow | undefined> {
    return trx
      .selectFrom('payment_local_disputes')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  closeDispute(trx: BillingTrx, id: string, status: 'won' | 'lost', at: Date): Promise<LocalDisputeRow> {
    return trx
      .updateTable('payment_local_disputes')
      .set({ status, closed_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  refundsOf(trx: BillingTrx, chargeId: string): Promise<LocalRefundRow[]> {
    return trx
      .selectFrom('payment_local_refunds')
      .selectAll()
      .where('charge_id', '=', chargeId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  async linkCheckoutSession(trx: BillingTrx, sessionId: string, customerId: string, subscriptionId: string) {
    await trx
      .updateTable('payment_local_checkout_sessions')
      .set({ customer_id: customerId, subscription_id: subscriptionId })
      .where('id', '=', sessionId)
      .execute();
  }

  async insertPortalSession(row: Omit<LocalPortalSessionRow, 'created_at'>) {
    await this.db
      .insertInto('payment_local_portal_sessions')
      .values(row as LocalPortalSessionRow)
      .execute();
  }

  findPortalSession(id: string): Promise<LocalPortalSessionRow | undefined> {
    return this.db
      .selectFrom('payment_local_portal_sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
