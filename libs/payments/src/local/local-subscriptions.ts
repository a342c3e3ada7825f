import type Stripe from 'stripe';
import { Logger } from '@nestjs/common';
import { PaymentsError } from '../payments.errors';
import type { PaymentsClockListeners } from '../payments-clock';
import type { SubscriptionPlanChangeInput } from '../payments.port';
import {
  addMonths,
  localBillingId,
  localChargeObject,
  localDisputeObject,
  localInvoiceLine,
  localInvoiceObject,
  localPortalSessionId,
  localSubscriptionObject,
  LOCAL_PORTAL_SESSION_ID,
} from './local-billing-objects';
import {
  LocalBillingQueries,
  type BillingTrx,
  type LocalBillingReason,
  type LocalCustomerRow,
  type LocalInvoiceLine,
  type LocalInvoiceRow,
  type LocalPortalSessionRow,
  type LocalSubscriptionRow,
} from './local-billing.queries';
import type { LocalEventOutbox } from './local-event-outbox';
import type { LocalCheckoutSessionRow, LocalPaymentsQueries } from './local-payments.queries';
import { localEvent, localId } from './local-stripe-objects';

export const LOCAL_PORTAL_PATH = '/api/payments/local/portal';

/** A portal link works for an hour of wall time (Stripe's own sessions are short-lived too). */
export const LOCAL_PORTAL_TTL_MS = 60 * 60_000;

const DAY_MS = 24 * 60 * 60_000;

/** What the local billing portal shows for a customer. */
export interface PortalView {
  session: LocalPortalSessionRow;
  customer: LocalCustomerRow;
  subscription: LocalSubscriptionRow | undefined;
  invoices: LocalInvoiceRow[];
  now: Date;
}

export type PortalAction = 'cancel' | 'resume' | 'declining-card' | 'working-card';

/**
 * The local driver's subscription world on PostgreSQL, in the manner of Stripe Billing: customers,
 * monthly subscriptions with their periods, invoices, charges and refunds, a billing portal, and a test
 * clock. Every fact is stamped with the clock's time (wall time + the offset `advanceClock` moves), and
 * every change and the webhook events that report it are written in one transaction.
 */
export class LocalSubscriptions {
  private readonly logger = new Logger('LocalSubscriptions');

  constructor(
    private readonly queries: LocalBillingQueries,
    private readonly payments: LocalPaymentsQueries,
    private readonly outbox: LocalEventOutbox,
    private readonly listeners: PaymentsClockListeners | undefined,
  ) {}

  /**
   * Writes a webhook event, stamped with the clock time of its fact, in the transaction of the change it
   * reports; its delivery is queued once that transaction commits (see `inTransaction`).
   */
  private async record(trx: BillingTrx, type: Stripe.Event.Type, object: unknown, at: Date): Promise<void> {
    const event = localEvent(type, object, at);
    await this.payments.insertEvent(trx as never, { id: event.id, type: event.type, payload: event });
    const ids = collecting.get(trx);
    if (!ids) throw new Error('a local payment event was recorded outside a collecting transaction');
    ids.push(event.id);
  }

  /** Queues the delivery of events whose transaction committed. */
  async flush(result: { eventIds: string[] }): Promise<void> {
    for (const eventId of result.eventIds) await this.outbox.queueDelivery(eventId);
  }

  async now(trx?: BillingTrx): Promise<Date> {
    return new Date(Date.now() + (await this.queries.clockOffsetMs(trx)));
  }

  /**
   * A subscription-mode session was paid (in the checkout's transaction): its customer (made unless the
   * session named one), the subscription, its first invoice and charge, and their events.
   */
  async startFromCheckout(
    trx: BillingTrx,
    session: LocalCheckoutSessionRow,
    paidEmail: string,
  ): Promise<{ customerId: string; subscriptionId: string; at: Date }> {
    const at = await this.now(trx);
    let customer = session.customer_id
      ? await this.queries.findCustomer(session.customer_id, trx)
      : undefined;
    if (!customer) {
      customer = {
        id: localBillingId('cus'),
        email: paidEmail,
        member_id: session.metadata.memberId ?? null,
        card_declines: false,
        created_at: at,
      };
      await this.queries.insertCustomer(trx, customer);
    }
    const planType = session.plan_type ?? session.metadata.planType ?? 'PREMIUM';
    const subscription: LocalSubscriptionRow = {
      id: localBillingId('sub'),
      customer_id: customer.id,
      item_id: localBillingId('si'),
      status: 'active',
      plan_type: planType,
      price_cents: session.amount_cents,
      product_name: session.description,
      metadata: session.metadata,
      billing_cycle_anchor: at,
      cycles: 0,
      current_period_start: at,
      current_period_end: addMonths(at, 1),
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      latest_invoice_id: null,
      created_at: at,
    };
    await this.queries.insertSubscription(trx, subscription);
    await this.queries.linkCheckoutSession(trx, session.id, customer.id, subscription.id);
    await this.record(trx, 'customer.subscription.created', localSubscriptionObject(subscription), at);
    await this.bill(trx, subscription, customer, {
      reason: 'subscription_create',
      key: `${subscription.id}:create`,
      at,
      lines: [
        localInvoiceLine(subscription, {
          amount: subscription.price_cents,
          description: `1 × ${subscription.product_name} (at ${dollars(subscription.price_cents)} / month)`,
          periodStart: subscription.current_period_start,
          periodEnd: subscription.current_period_end,
          proration: false,
          planType,
          priceCents: subscription.price_cents,
          productName: subscription.product_name,
        }),
      ],
      // Checkout took the card itself: the first invoice is paid whatever card is on file later.
      forcePay: true,
    });
    return { customerId: customer.id, subscriptionId: subscription.id, at };
  }

  /**
   * An invoice for the lines, paid with the customer's card (`invoice.paid`, a charge and its balance
   * transaction) or, when the card declines, left open (`invoice.payment_failed`). Once per key.
   */
  private async bill(
    trx: BillingTrx,
    subscription: LocalSubscriptionRow,
    customer: LocalCustomerRow,
    bill: {
      reason: LocalBillingReason;
      key: string;
      at: Date;
      lines: LocalInvoiceLine[];
      forcePay?: boolean;
    },
  ): Promise<LocalInvoiceRow | undefined> {
    const amount = bill.lines.reduce((sum, line) => sum + line.amount, 0);
    const periods = bill.lines.map(
      (line) => (line as unknown as { period: { start: number; end: number } }).period,
    );
    const invoice = await this.queries.insertInvoice(trx, {
      id: localBillingId('in'),
      subscription_id: subscription.id,
      customer_id: customer.id,
      idempotency_key: bill.key,
      billing_reason: bill.reason,
      status: 'open',
      amount_cents: Math.max(0, amount),
      lines: bill.lines,
      period_start: new Date(Math.min(...periods.map((period) => period.start)) * 1000),
      period_end: new Date(Math.max(...periods.map((period) => period.end)) * 1000),
      charge_id: null,
      attempt_count: 1,
      created_at: bill.at,
      paid_at: null,
    });
    if (!invoice) return undefined;
    await this.queries.updateSubscription(trx, subscription.id, { latest_invoice_id: invoice.id });
    if (customer.card_declines && !bill.forcePay && invoice.amount_cents > 0) {
      await this.record(
        trx,
        'invoice.payment_failed',
        localInvoiceObject(invoice, subscription, customer.email),
        bill.at,
      );
      return invoice;
    }
    return this.pay(trx, invoice, subscription, customer, bill.at, invoice.attempt_count);
  }

  private async pay(
    trx: BillingTrx,
    invoice: LocalInvoiceRow,
    subscription: LocalSubscriptionRow,
    customer: LocalCustomerRow,
    at: Date,
    attempts: number,
  ): Promise<LocalInvoiceRow> {
    let chargeId = '';
    if (invoice.amount_cents > 0) {
      chargeId = localBillingId('ch');
      const charge = {
        id: chargeId,
        invoice_id: invoice.id,
        customer_id: customer.id,
        payment_intent_id: localBillingId('pi'),
        amount_cents: invoice.amount_cents,
        amount_refunded_cents: 0,
        metadata: subscription.metadata,
        created_at: at,
      };
      await this.queries.insertCharge(trx, charge);
      await trx
        .insertInto('payment_local_balance_transactions' as never)
        .values({
          id: localId('txn'),
          type: 'charge',
          amount_cents: charge.amount_cents,
          source_id: chargeId,
        } as never)
        .execute();
    }
    const paid =
      (await this.queries.markInvoicePaid(trx, invoice.id, chargeId || null, at, attempts)) ?? invoice;
    await this.record(trx, 'invoice.paid', localInvoiceObject(paid, subscription, customer.email), at);
    return paid;
  }

  /**
   * Moves the subscription to another plan's price now: an invoice of the prorated difference for the rest
   * of the period (`subscription_update`: a credit line for the unused time on the old plan, a line for
   * the remaining time on the new one, each rounded to whole cents) and `customer.subscription.updated`.
   * Once per idempotency key; the key used again with another plan is refused.
   */
  async changePlan(input: SubscriptionPlanChangeInput): Promise<void> {
    if (!input.idempotencyKey) throw new PaymentsError('invalid', 'An idempotency key is required');
    checkPrice(input.priceCents);
    const eventIds = await this.inTransaction(async (trx) => {
      const subscription = await this.liveSubscription(trx, input.subscriptionId);
      const done = await this.queries.findInvoiceByKey(`plan-change:${input.idempotencyKey}`, trx);
      if (done) {
        if (done.subscription_id !== subscription.id || subscription.plan_type !== input.planType) {
          throw idempotencyMismatch(input.idempotencyKey);
        }
        return;
      }
      if (subscription.plan_type === input.planType && subscription.price_cents === input.priceCents) {
        throw new PaymentsError('invalid', 'The subscription is already on this plan');
      }
      const customer = (await this.queries.findCustomer(subscription.customer_id, trx))!;
      const at = await this.now(trx);
      const start = subscription.current_period_start.getTime();
      const end = subscription.current_period_end.getTime();
      const remaining = Math.min(Math.max(end - at.getTime(), 0), end - start);
      const share = (cents: number) => Math.round((cents * remaining) / (end - start));
      const changed = await this.queries.updateSubscription(trx, subscription.id, {
        plan_type: input.planType,
        price_cents: input.priceCents,
        product_name: input.productName,
        // As the Stripe driver does: the subscription's metadata names the plan it is on now.
        metadata: { ...subscription.metadata, planType: input.planType },
      });
      const when = at.toISOString().slice(0, 10);
      const invoice = await this.bill(trx, changed, customer, {
        reason: 'subscription_update',
        key: `plan-change:${input.idempotencyKey}`,
        at,
        lines: [
          localInvoiceLine(subscription, {
            amount: -share(subscription.price_cents),
            description: `Unused time on ${subscription.product_name} after ${when}`,
            periodStart: at,
            periodEnd: subscription.current_period_end,
            proration: true,
            planType: subscription.plan_type,
            priceCents: subscription.price_cents,
            productName: subscription.product_name,
          }),
          localInvoiceLine(changed, {
            amount: share(input.priceCents),
            description: `Remaining time on ${input.productName} after ${when}`,
            periodStart: at,
            periodEnd: subscription.current_period_end,
            proration: true,
            planType: input.planType,
            priceCents: input.priceCents,
            productName: input.productName,
          }),
        ],
      });
      // As with Stripe, an upgrade whose invoice the card declines leaves the subscription past due.
      const latest =
        invoice?.status === 'open'
          ? await this.queries.updateSubscription(trx, subscription.id, { status: 'past_due' })
          : (await this.queries.findSubscription(subscription.id, trx))!;
      await this.record(trx, 'customer.subscription.updated', localSubscriptionObject(latest), at);
    });
    await this.flush({ eventIds });
  }

  /** Sets (or, from the portal, clears) cancel at period end; `customer.subscription.updated` only on a change. */
  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    const eventIds = await this.inTransaction(async (trx) => {
      await this.liveSubscription(trx, subscriptionId);
      const changed = await this.queries.setCancelAtPeriodEnd(trx, subscriptionId, cancel);
      if (!changed) return;
      const at = await this.now(trx);
      const updated = await this.queries.updateSubscription(trx, subscriptionId, {
        canceled_at: cancel ? at : null,
      });
      await this.record(trx, 'customer.subscription.updated', localSubscriptionObject(updated), at);
    });
    await this.flush({ eventIds });
  }

  /**
   * Ends the subscription now (issue 21), as Stripe's `subscriptions.cancel` with no proration and no final
   * invoice: status canceled, ended now, `customer.subscription.deleted` once. The row is locked, so
   * concurrent calls end it once; a canceled subscription answers its end again.
   */
  async cancelNow(subscriptionId: string): Promise<{ endedAt: Date; alreadyCanceled: boolean }> {
    const outcome = await this.inTransaction(async (trx) => {
      const subscription = await this.queries.lockSubscription(trx, subscriptionId);
      if (!subscription) throw new PaymentsError('not_found', `No such subscription: '${subscriptionId}'`);
      if (subscription.status === 'canceled') {
        return { endedAt: subscription.ended_at ?? subscription.canceled_at!, alreadyCanceled: true };
      }
      const at = await this.now(trx);
      const ended = await this.queries.updateSubscription(trx, subscriptionId, {
        status: 'canceled',
        ended_at: at,
        canceled_at: at,
      });
      await this.record(
        trx,
        'customer.subscription.deleted',
        localSubscriptionObject(ended, 'cancellation_requested'),
        at,
      );
      return { endedAt: at, alreadyCanceled: false };
    }, true);
    await this.flush({ eventIds: outcome.eventIds });
    return outcome.value;
  }

  /** What is left of a charge (by its id or its payment intent's), refunded in full; nothing left: 0. */
  async refundRest(paymentId: string): Promise<number> {
    const chargeId = paymentId.startsWith('pi_')
      ? await this.queries.chargeOfPaymentIntent(paymentId)
      : paymentId;
    const charge = chargeId ? await this.queries.findCharge(chargeId) : undefined;
    if (!charge) throw new PaymentsError('not_found', `No such charge: '${paymentId}'`);
    if (charge.amount_cents - charge.amount_refunded_cents < 1) return 0;
    try {
      return (await this.refundCharge(charge.id)).amountCents;
    } catch (error) {
      // A concurrent refund took the rest first.
      const now = await this.queries.findCharge(charge.id);
      if (now && now.amount_cents - now.amount_refunded_cents < 1) return 0;
      throw error;
    }
  }

  /** Subscriptions not canceled, by id, after `startingAfter`. */
  async listLive(input: {
    startingAfter?: string;
    limit: number;
  }): Promise<{ data: LocalSubscriptionRow[]; hasMore: boolean }> {
    const rows = await this.queries.liveSubscriptions(input.startingAfter ?? null, input.limit + 1);
    return { data: rows.slice(0, input.limit), hasMore: rows.length > input.limit };
  }

  async createPortalSession(
    customerId: string,
    returnUrl: string,
    publicUrl: string,
  ): Promise<{ url: string }> {
    if (!(await this.queries.findCustomer(customerId))) {
      throw new PaymentsError('not_found', `No such customer: '${customerId}'`);
    }
    const id = localPortalSessionId();
    await this.queries.insertPortalSession({
      id,
      customer_id: customerId,
      return_url: returnUrl,
      expires_at: new Date(Date.now() + LOCAL_PORTAL_TTL_MS),
    });
    return { url: new URL(`${LOCAL_PORTAL_PATH}/${id}`, publicUrl).toString() };
  }

  /** The portal session while it works; an unknown one is a 404, an expired one goes back to its return URL. */
  async openPortal(sessionId: string): Promise<PortalView | { redirectTo: string }> {
    const session = LOCAL_PORTAL_SESSION_ID.test(sessionId)
      ? await this.queries.findPortalSession(sessionId)
      : undefined;
    if (!session) throw new PaymentsError('not_found', 'No such billing portal session');
    if (session.expires_at.getTime() <= Date.now()) return { redirectTo: session.return_url };
    const customer = (await this.queries.findCustomer(session.customer_id))!;
    const subscriptions = await this.queries.subscriptionsOf(customer.id);
    return {
      session,
      customer,
      subscription: subscriptions.find((one) => one.status !== 'canceled') ?? subscriptions[0],
      invoices: await this.queries.invoicesOf(customer.id),
      now: await this.now(),
    };
  }

  async portalAction(view: PortalView, action: PortalAction): Promise<void> {
    if (action === 'cancel' || action === 'resume') {
      if (!view.subscription || view.subscription.status === 'canceled') {
        throw new PaymentsError('invalid', 'There is no subscription to change');
      }
      return this.setCancelAtPeriodEnd(view.subscription.id, action === 'cancel');
    }
    return this.setCard(view.customer.id, action === 'declining-card');
  }

  /**
   * The card on file: a declining one makes the next renewals fail; a working one also pays the open
   * invoices now (`invoice.paid`), and a past-due subscription is active again.
   */
  async setCard(customerId: string, declines: boolean): Promise<void> {
    const eventIds = await this.inTransaction(async (trx) => {
      const customer = await this.queries.setCardDeclines(trx, customerId, declines);
      if (!customer || declines) return;
      const at = await this.now(trx);
      for (const invoice of await this.queries.openInvoicesOf(trx, customerId)) {
        const subscription = (await this.queries.lockSubscription(trx, invoice.subscription_id))!;
        await this.pay(trx, invoice, subscription, customer, at, invoice.attempt_count + 1);
        if (subscription.status === 'past_due') {
          const active = await this.queries.updateSubscription(trx, subscription.id, { status: 'active' });
          await this.record(trx, 'customer.subscription.updated', localSubscriptionObject(active), at);
        }
      }
    });
    await this.flush({ eventIds });
  }

  /**
   * Moves the test clock forward and, in time order, does what the passing time brings: each subscription
   * whose period ends by the new now is renewed (`customer.subscription.updated` and `invoice.paid` with
   * billing_reason subscription_cycle, or `invoice.payment_failed` and past_due when the card declines),
   * or, if it was to cancel at period end or is still past due, deleted (`customer.subscription.deleted`).
   * Advances run one at a time (the clock's row is locked). Then the clock's listeners run.
   */
  async advanceClock(by: { days?: number; months?: number }): Promise<{ from: Date; to: Date }> {
    const days = by.days ?? 0;
    const months = by.months ?? 0;
    if (!Number.isSafeInteger(days) || !Number.isSafeInteger(months) || days < 0 || months < 0) {
      throw new PaymentsError('invalid', 'Advance the clock by whole, non-negative days and months');
    }
    if (days === 0 && months === 0) {
      throw new PaymentsError('invalid', 'Advance the clock by at least one day or month.');
    }
    let moved: { from: Date; to: Date } = { from: new Date(), to: new Date() };
    const eventIds = await this.inTransaction(async (trx) => {
      const offset = await this.queries.lockClock(trx);
      const from = new Date(Date.now() + offset);
      const to = new Date(addMonths(from, months).getTime() + days * DAY_MS);
      await this.queries.setClockOffset(trx, offset + (to.getTime() - from.getTime()));
      for (;;) {
        const due = await this.queries.nextDueSubscription(trx, to);
        if (!due) break;
        await this.renew(trx, due);
      }
      moved = { from, to };
    });
    await this.flush({ eventIds });
    const failures: unknown[] = [];
    for (const listener of this.listeners?.all() ?? []) {
      try {
        await listener(moved.from, moved.to);
      } catch (error) {
        this.logger.error({ err: error }, 'a payments clock listener failed');
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, 'A payments clock listener failed');
    return moved;
  }

  /**
   * Sets the test clock `days` whole days behind the wall clock, so a world can be started in the past and
   * then advanced to now (the demo seed): `advanceClock({ days })` by the same days brings the offset back
   * to exactly 0. Only while the local world has no subscription, since the clock otherwise only moves
   * forward (its facts would go back in time). No events and no listeners: nothing happened yet.
   */
  async startClockDaysAgo(days: number): Promise<Date> {
    if (!Number.isSafeInteger(days) || days < 1) {
      throw new PaymentsError('invalid', 'Start the clock a whole, positive number of days ago');
    }
    return this.queries.transaction(async (trx) => {
      await this.queries.lockClock(trx);
      if (await this.queries.hasSubscriptions(trx)) {
        throw new PaymentsError(
          'invalid',
          'The clock can only be started in the past before any subscription',
        );
      }
      await this.queries.setClockOffset(trx, -days * DAY_MS);
      return new Date(Date.now() - days * DAY_MS);
    });
  }

  /** The period that ended: renewed, or the subscription deleted. Stamped with the period's end. */
  private async renew(trx: BillingTrx, subscription: LocalSubscriptionRow): Promise<void> {
    const at = subscription.current_period_end;
    const customer = (await this.queries.findCustomer(subscription.customer_id, trx))!;
    const openInvoices = subscription.status === 'past_due';
    if (subscription.cancel_at_period_end || openInvoices) {
      const ended = await this.queries.updateSubscription(trx, subscription.id, {
        status: 'canceled',
        ended_at: at,
        canceled_at: subscription.canceled_at ?? at,
      });
      await this.record(
        trx,
        'customer.subscription.deleted',
        localSubscriptionObject(ended, openInvoices ? 'payment_failed' : 'cancellation_requested'),
        at,
      );
      return;
    }
    const cycles = subscription.cycles + 1;
    const periodEnd = addMonths(subscription.billing_cycle_anchor, cycles + 1);
    const renewed = await this.queries.updateSubscription(trx, subscription.id, {
      cycles,
      current_period_start: at,
      current_period_end: periodEnd,
    });
    const invoice = await this.bill(trx, renewed, customer, {
      reason: 'subscription_cycle',
      key: `${subscription.id}:cycle:${cycles}`,
      at,
      lines: [
        localInvoiceLine(renewed, {
          amount: renewed.price_cents,
          description: `1 × ${renewed.product_name} (at ${dollars(renewed.price_cents)} / month)`,
          periodStart: at,
          periodEnd,
          proration: false,
          planType: renewed.plan_type,
          priceCents: renewed.price_cents,
          productName: renewed.product_name,
        }),
      ],
    });
    const latest = await this.queries.updateSubscription(trx, subscription.id, {
      status: invoice?.status === 'open' ? 'past_due' : 'active',
    });
    await this.record(trx, 'customer.subscription.updated', localSubscriptionObject(latest), at);
  }

  /**
   * Refunds a charge, all of what is left of it or `amountCents`: `charge.refunded` with the charge as it
   * is now (amount_refunded, refunds). A refund larger than what is left is refused.
   */
  async refundCharge(
    chargeId: string,
    amountCents?: number,
  ): Promise<{ refundId: string; amountCents: number }> {
    const outcome = await this.inTransaction(async (trx) => {
      const charge = await this.queries.lockCharge(trx, chargeId);
      if (!charge) throw new PaymentsError('not_found', `No such charge: '${chargeId}'`);
      const dispute = await this.queries.disputeOfCharge(trx, chargeId);
      if (dispute && dispute.status !== 'won') {
        throw new PaymentsError('invalid', `Charge ${chargeId} has been charged back; it cannot be refunded`);
      }
      const left = charge.amount_cents - charge.amount_refunded_cents;
      const amount = amountCents ?? left;
      if (!Number.isSafeInteger(amount) || amount < 1 || amount > left) {
        throw new PaymentsError(
          'invalid',
          `Refund amount (${amount}) must be a whole number of cents from 1 to what is left of the charge (${left})`,
        );
      }
      const at = await this.now(trx);
      const refundId = localBillingId('re');
      const refunded = await this.queries.refund(trx, {
        id: refundId,
        charge_id: chargeId,
        amount_cents: amount,
        created_at: at,
      });
      await trx
        .insertInto('payment_local_balance_transactions' as never)
        .values({ id: localId('txn'), type: 'refund', amount_cents: -amount, source_id: refundId } as never)
        .execute();
      const refunds = await this.queries.refundsOf(trx, chargeId);
      await this.record(trx, 'charge.refunded', localChargeObject(refunded, refunds, !!dispute), at);
      return { refundId, amountCents: amount };
    }, true);
    await this.flush({ eventIds: outcome.eventIds });
    return outcome.value!;
  }

  /**
   * A cardholder disputes a charge (issue 20): what is left of it after refunds is withdrawn from the
   * balance (an `adjustment` balance transaction on the `du_` dispute) and `charge.dispute.created` is sent.
   * A charge has at most one dispute; a fully refunded one cannot be disputed.
   */
  async createDispute(chargeId: string): Promise<{ disputeId: string; amountCents: number }> {
    const outcome = await this.inTransaction(async (trx) => {
      const charge = await this.queries.lockCharge(trx, chargeId);
      if (!charge) throw new PaymentsError('not_found', `No such charge: '${chargeId}'`);
      const amount = charge.amount_cents - charge.amount_refunded_cents;
      if (amount < 1) throw new PaymentsError('invalid', `Charge ${chargeId} was refunded in full`);
      const at = await this.now(trx);
      const dispute = await this.queries.insertDispute(trx, {
        id: localBillingId('du'),
        charge_id: chargeId,
        amount_cents: amount,
        status: 'needs_response',
        created_at: at,
        closed_at: null,
      });
      if (!dispute) throw new PaymentsError('invalid', `Charge ${chargeId} is already disputed`);
      const withdrawal = { id: localId('txn'), amount_cents: -amount, created_at: at };
      await this.insertAdjustment(trx, dispute.id, withdrawal);
      await this.record(trx, 'charge.dispute.created', localDisputeObject(dispute, charge, [withdrawal]), at);
      return { disputeId: dispute.id, amountCents: amount };
    }, true);
    await this.flush({ eventIds: outcome.eventIds });
    return outcome.value!;
  }

  /**
   * The dispute is decided: won, the money comes back (a second `adjustment`, a reinstatement); lost, it
   * stays withdrawn. `charge.dispute.closed` either way; closing a closed dispute is refused.
   */
  async closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<void> {
    if (outcome !== 'won' && outcome !== 'lost') {
      throw new PaymentsError('invalid', "A dispute closes as 'won' or 'lost'");
    }
    const eventIds = await this.inTransaction(async (trx) => {
      const dispute = await this.queries.lockDispute(trx, disputeId);
      if (!dispute) throw new PaymentsError('not_found', `No such dispute: '${disputeId}'`);
      if (dispute.status !== 'needs_response') {
        throw new PaymentsError('invalid', `Dispute ${disputeId} is already closed (${dispute.status})`);
      }
      const charge = (await this.queries.lockCharge(trx, dispute.charge_id))!;
      const at = await this.now(trx);
      const closed = await this.queries.closeDispute(trx, disputeId, outcome, at);
      const transactions = await this.queries.adjustmentsOf(trx, disputeId);
      if (outcome === 'won') {
        const reinstatement = { id: localId('txn'), amount_cents: dispute.amount_cents, created_at: at };
        await this.insertAdjustment(trx, disputeId, reinstatement);
        transactions.push(reinstatement);
      }
      await this.record(trx, 'charge.dispute.closed', localDisputeObject(closed, charge, transactions), at);
    });
    await this.flush({ eventIds });
  }

  private async insertAdjustment(
    trx: BillingTrx,
    disputeId: string,
    txn: { id: string; amount_cents: number; created_at: Date },
  ) {
    await trx
      .insertInto('payment_local_balance_transactions' as never)
      .values({ ...txn, type: 'adjustment', source_id: disputeId } as never)
      .execute();
  }

  /**
   * An invoice's payments, as the invoice payments API lists them: its charge (id and payment intent) once
   * paid. Unknown invoices are a 404.
   */
  async listInvoicePayments(
    invoiceId: string,
  ): Promise<{ paymentIntentId: string; chargeId: string | null; amountPaidCents: number }[]> {
    const invoice = await this.queries.findInvoice(invoiceId);
    if (!invoice) throw new PaymentsError('not_found', `No such invoice: '${invoiceId}'`);
    if (!invoice.charge_id) return [];
    const charge = (await this.queries.findCharge(invoice.charge_id))!;
    return [
      {
        paymentIntentId: charge.payment_intent_id,
        chargeId: charge.id,
        amountPaidCents: charge.amount_cents,
      },
    ];
  }

  private async liveSubscription(trx: BillingTrx, id: string): Promise<LocalSubscriptionRow> {
    const subscription = await this.queries.lockSubscription(trx, id);
    if (!subscription) throw new PaymentsError('not_found', `No such subscription: '${id}'`);
    if (subscription.status === 'canceled') {
      throw new PaymentsError('invalid', 'A canceled subscription cannot be changed');
    }
    return subscription;
  }

  /** Runs `work` in a transaction whose recorded events are collected, answering their ids. */
  private inTransaction(work: (trx: BillingTrx) => Promise<void>): Promise<string[]>;
  private inTransaction<T>(
    work: (trx: BillingTrx) => Promise<T>,
    withValue: true,
  ): Promise<{ eventIds: string[]; value: T }>;
  private async inTransaction<T>(
    work: (trx: BillingTrx) => Promise<T>,
    withValue?: true,
  ): Promise<string[] | { eventIds: string[]; value: T }> {
    const collected: string[] = [];
    const value = await this.queries.transaction(async (trx) => {
      collecting.set(trx, collected);
      try {
        return await work(trx);
      } finally {
        collecting.delete(trx);
      }
    });
    return withValue ? { eventIds: collected, value } : collected;
  }
}

/** Which event ids a transaction recorded (read by the RecordEvent the driver gives). */
export const collecting = new WeakMap<object, string[]>();

const dollars = (cents: number) => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

function checkPrice(cents: number) {
  if (!Number.isSafeInteger(cents) || cents < 1 || cents > 99_999_999) {
    throw new PaymentsError('invalid', 'The price must be a whole number of cents from 1 to 99999999');
  }
}

const idempotencyMismatch = (key: string) =>
  new PaymentsError(
    'invalid',
    `Keys for idempotent requests can only be used with the same parameters they were first used with (${key})`,
  );
