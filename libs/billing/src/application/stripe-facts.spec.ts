import type { PaymentEvent } from '@arena/payments';
import { commandOf, lostDisputeOf, oneMonthAfter, refundOf } from './stripe-facts';

const memberId = '5d1f0b8e-2c4a-4e6b-9a7c-1b2d3e4f5a6b';
const created = Date.UTC(2026, 10, 1) / 1000;
const event = (type: string, object: object, extra: object = {}) =>
  ({ id: 'evt_1', object: 'event', type, created, data: { object, ...extra } }) as unknown as PaymentEvent;
const subscription = (over: object = {}) => ({
  id: 'sub_1',
  object: 'subscription',
  customer: 'cus_1',
  cancel_at_period_end: false,
  cancel_at: null,
  metadata: { memberId, planType: 'PREMIUM_PLUS' },
  items: {
    data: [
      {
        current_period_start: created,
        current_period_end: created + 30 * 86400,
        price: { unit_amount: 999 },
      },
    ],
  },
  ...over,
});

describe("the provider's webhook objects as subscription commands", () => {
  it("makes nothing of a monthly gift's session, subscription or invoice, even one carrying a plan's keys (issue 23)", () => {
    const gift = { kind: 'gift', schedule: 'monthly', memberId, planType: 'PREMIUM' };
    const session = {
      id: 'cs_1',
      object: 'checkout.session',
      mode: 'subscription',
      subscription: 'sub_1',
      customer: 'cus_1',
    };
    const invoice = {
      id: 'in_1',
      amount_paid: 999,
      period_start: created,
      period_end: created,
      lines: { data: [] },
      metadata: {},
    };
    const invoiceOf = (metadata: object) => ({
      ...invoice,
      parent: { subscription_details: { subscription: 'sub_1', metadata } },
    });
    expect(commandOf(event('checkout.session.completed', { ...session, metadata: gift }))).toBeNull();
    for (const type of [
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ])
      expect(commandOf(event(type, subscription({ metadata: gift })))).toBeNull();
    expect(commandOf(event('invoice.paid', invoiceOf(gift)))).toBeNull();
    // The same objects without the gift's mark are a plan's: the guard is what tells them apart.
    const plan = { memberId, planType: 'PREMIUM' };
    expect(commandOf(event('checkout.session.completed', { ...session, metadata: plan }))?.type).toBe(
      'StartFromCheckout',
    );
    expect(commandOf(event('invoice.paid', invoiceOf(plan)))?.type).toBe('RecordPayment');
  });

  it('starts from a subscription-mode checkout only, with a month estimated from the session', () => {
    const session = {
      id: 'cs_1',
      object: 'checkout.session',
      mode: 'subscription',
      subscription: 'sub_1',
      customer: 'cus_1',
      metadata: { kind: 'subscription', memberId, planType: 'PREMIUM' },
    };
    expect(commandOf(event('checkout.session.completed', session))).toEqual({
      type: 'StartFromCheckout',
      data: expect.objectContaining({
        memberId,
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        planType: 'PREMIUM',
        priceCents: 499,
        checkoutSessionId: 'cs_1',
        currentPeriodEnd: '2026-12-01T00:00:00.000Z',
      }),
    });
    expect(commandOf(event('checkout.session.completed', { ...session, mode: 'payment' }))).toBeNull();
    expect(
      commandOf(event('checkout.session.completed', { ...session, metadata: { kind: 'gift' } })),
    ).toBeNull();
    expect(oneMonthAfter('2026-01-31T10:00:00.000Z')).toBe('2026-02-28T10:00:00.000Z');
  });

  it('reads what an update changed from previous_attributes', () => {
    const upgrade = commandOf(
      event('customer.subscription.updated', subscription(), {
        previous_attributes: { metadata: { memberId, planType: 'PREMIUM' } },
      }),
    );
    expect(upgrade?.data).toMatchObject({
      planType: 'PREMIUM_PLUS',
      previousPlan: 'PREMIUM',
      changesKnown: true,
      cancelAtPeriodEndChanged: false,
    });
    const cancel = commandOf(
      event('customer.subscription.updated', subscription({ cancel_at_period_end: true }), {
        previous_attributes: { cancel_at_period_end: false },
      }),
    );
    expect(cancel?.data).toMatchObject({
      cancelAtPeriodEnd: true,
      cancelAtPeriodEndChanged: true,
      previousPlan: null,
    });
    expect(commandOf(event('customer.subscription.created', subscription()))?.data).toMatchObject({
      changesKnown: false,
    });
    expect(commandOf(event('customer.subscription.created', subscription({ metadata: {} })))).toBeNull();
  });

  it('ends a deleted subscription with the reason the provider gives', () => {
    const deleted = commandOf(
      event(
        'customer.subscription.deleted',
        subscription({ ended_at: created, cancellation_details: { reason: 'payment_failed' } }),
      ),
    );
    expect(deleted).toEqual({
      type: 'EndSubscription',
      data: {
        memberId,
        subscriptionId: 'sub_1',
        providerEventId: 'evt_1',
        occurredAt: '2026-11-01T00:00:00.000Z',
        atPeriodEnd: false,
        endsAt: '2026-11-01T00:00:00.000Z',
        reason: 'payment_failed',
      },
    });
  });

  it("takes an invoice's member, plan and charge from its subscription details and payments", () => {
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      amount_paid: 999,
      amount_due: 999,
      billing_reason: 'subscription_cycle',
      period_start: created - 30 * 86400,
      period_end: created,
      next_payment_attempt: created + 86400,
      parent: {
        subscription_details: { subscription: 'sub_1', metadata: { memberId, planType: 'PREMIUM_PLUS' } },
      },
      payments: { data: [{ payment: { type: 'payment_intent', payment_intent: 'pi_1' } }] },
      lines: { data: [{ period: { start: created, end: created + 30 * 86400 } }] },
    };
    // invoice.payments is not in webhook payloads: the charge is what the invoice payments API lists.
    expect(commandOf(event('invoice.paid', invoice))?.data).toMatchObject({ chargeId: 'in_1' });
    const listed = [{ paymentIntentId: 'pi_1', chargeId: 'ch_1', amountPaidCents: 999 }];
    expect(commandOf(event('invoice.paid', invoice), listed)?.data).toMatchObject({
      invoiceId: 'in_1',
      chargeId: 'ch_1',
      planType: 'PREMIUM_PLUS',
      amountPaidCents: 999,
      periodStart: '2026-11-01T00:00:00.000Z',
      periodEnd: '2026-12-01T00:00:00.000Z',
    });
    expect(commandOf(event('invoice.payment_failed', invoice))).toMatchObject({
      type: 'RecordPaymentFailure',
      data: { amountDueCents: 999, nextAttemptAt: '2026-11-02T00:00:00.000Z' },
    });
    expect(commandOf(event('invoice.paid', { ...invoice, parent: null }))).toBeNull();
  });

  it('books a lost dispute of a subscription charge as a refund of the disputed amount; won or open, nothing', () => {
    const dispute = (status: string) => ({
      id: 'du_1',
      object: 'dispute',
      amount: 999,
      charge: 'ch_1',
      payment_intent: 'pi_1',
      status,
    });
    expect(lostDisputeOf(event('charge.dispute.closed', dispute('lost')), memberId, 999)).toEqual({
      type: 'RecordLostDispute',
      data: {
        memberId,
        providerEventId: 'evt_1',
        occurredAt: '2026-11-01T00:00:00.000Z',
        chargeId: 'ch_1',
        paymentIntentId: 'pi_1',
        disputeId: 'du_1',
        amountCents: 999,
        paymentAmountCents: 999,
      },
    });
    expect(lostDisputeOf(event('charge.dispute.closed', dispute('won')), memberId, 999)).toBeNull();
  });

  it("reports a refund's refunded total and the charge's amount", () => {
    const charge = {
      id: 'ch_1',
      object: 'charge',
      amount: 999,
      amount_refunded: 500,
      payment_intent: 'pi_1',
      customer: 'cus_1',
    };
    expect(refundOf(event('charge.refunded', charge), memberId)?.data).toMatchObject({
      chargeId: 'ch_1',
      paymentIntentId: 'pi_1',
      refundedTotalCents: 500,
      paymentAmountCents: 999,
    });
  });
});
