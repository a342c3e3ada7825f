import { deciderSpec } from '@arena/testing';
import type { RecordPaymentFailure, SubscriptionCommand } from './subscription.commands';
import { evolve, initialState, subscriptionDecider, type SubscriptionState } from './subscription.decider';
import type { SubscriptionEvent } from './subscription.events';

/**
 * The money rules of a member's subscription, one test per rule: a payment is recorded once per invoice
 * with the plan it paid for, a refund records only what is new of the charge's refunded total, and a
 * redelivered webhook records nothing.
 */
const spec = deciderSpec<SubscriptionCommand, SubscriptionEvent, SubscriptionState>(subscriptionDecider);

const memberId = '6e2a1c9f-3d4b-4f7a-8b6c-2c3d4e5f6a7b';
const sub = { memberId, subscriptionId: 'sub_7' };
const t = (day: number) => new Date(Date.UTC(2026, 10, 1 + day)).toISOString();

type Started = Extract<SubscriptionEvent, { type: 'SubscriptionStarted' }>;
type Paid = Extract<SubscriptionEvent, { type: 'SubscriptionPaymentSucceeded' }>;
type Refunded = Extract<SubscriptionEvent, { type: 'PaymentRefunded' }>;

const started = (planType: Started['data']['planType'] = 'PREMIUM', subscriptionId = 'sub_7'): Started => ({
  type: 'SubscriptionStarted',
  data: {
    ...sub,
    subscriptionId,
    providerEventId: `evt_created_${subscriptionId}`,
    occurredAt: t(0),
    customerId: 'cus_7',
    planType,
    priceCents: planType === 'PREMIUM' ? 499 : 999,
    interval: 'month',
    currentPeriodStart: t(0),
    currentPeriodEnd: t(30),
    checkoutSessionId: null,
  },
});
const paymentData = (id: string, amountPaidCents = 499): Paid['data'] => ({
  ...sub,
  providerEventId: id,
  occurredAt: t(1),
  invoiceId: 'in_7',
  chargeId: 'ch_7',
  planType: 'PREMIUM',
  amountPaidCents,
  billingReason: 'subscription_create',
  periodStart: t(0),
  periodEnd: t(30),
});
const paid = (id = 'evt_paid', amountPaidCents = 499): Paid => ({
  type: 'SubscriptionPaymentSucceeded',
  data: paymentData(id, amountPaidCents),
});
const recordPayment = (
  id: string,
  overrides: Partial<Omit<Paid['data'], 'planType'>> & { planType?: Paid['data']['planType'] | null } = {},
): SubscriptionCommand => ({
  type: 'RecordPayment',
  data: { ...paymentData(id), ...overrides },
});
const recordRefund = (
  id: string,
  refundedTotalCents: number,
  overrides: Partial<Extract<SubscriptionCommand, { type: 'RecordRefund' }>['data']> = {},
): SubscriptionCommand => ({
  type: 'RecordRefund',
  data: {
    memberId,
    providerEventId: id,
    occurredAt: t(3),
    chargeId: 'ch_7',
    paymentIntentId: null,
    refundedTotalCents,
    paymentAmountCents: 499,
    ...overrides,
  },
});
const refunded = (id: string, amountRefundedCents: number, totalRefundedCents: number): Refunded => ({
  type: 'PaymentRefunded',
  data: {
    ...sub,
    providerEventId: id,
    occurredAt: t(3),
    chargeId: 'ch_7',
    invoiceId: 'in_7',
    amountRefundedCents,
    totalRefundedCents,
    paymentAmountCents: 499,
  },
});

const stateOf = (events: readonly SubscriptionEvent[]) => events.reduce(evolve, initialState);

describe('subscription decider: money', () => {
  describe('payments', () => {
    it('records a payment once per invoice, though the provider reports it under another event id', () => {
      spec
        .given([started(), paid('evt_paid')])
        .when(recordPayment('evt_paid_again'))
        .then([]);
    });

    it('stays quiet on a redelivered payment webhook', () => {
      spec
        .given([started(), paid('evt_paid')])
        .when(recordPayment('evt_paid', { invoiceId: 'in_other' }))
        .then([]);
    });

    it("takes the plan from the subscription's start when the invoice does not name one", () => {
      spec
        .given([started('PREMIUM_PLUS')])
        .when(recordPayment('evt_paid', { planType: null, amountPaidCents: 499 }))
        .then([
          {
            type: 'SubscriptionPaymentSucceeded',
            data: { ...paymentData('evt_paid'), planType: 'PREMIUM_PLUS' },
          },
        ]);
    });

    it('guesses the plan by price when nothing else says: Premium+ from its price up, else Premium', () => {
      const planFor = (amountPaidCents: number) =>
        subscriptionDecider.decide(
          recordPayment('evt_paid', { planType: null, amountPaidCents }),
          initialState,
        );
      expect(planFor(999)).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ planType: 'PREMIUM_PLUS' }) }),
      ]);
      expect(planFor(998)).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ planType: 'PREMIUM' }) }),
      ]);
      expect(planFor(0)).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ planType: 'PREMIUM' }) }),
      ]);
    });

    it('records a payment whose invoice was known only from an earlier-arriving refund', () => {
      const refundFirst = refunded('evt_refund', 499, 499);
      spec
        .given([started(), refundFirst])
        .when(recordPayment('evt_paid'))
        .then([paid('evt_paid')]);
      expect(stateOf([started(), refundFirst, paid('evt_paid')]).view.payments).toEqual([
        {
          subscriptionId: 'sub_7',
          invoiceId: 'in_7',
          chargeId: 'ch_7',
          amountPaidCents: 499,
          refundedCents: 499,
        },
      ]);
    });

    it('records every failed attempt of an invoice once per provider event', () => {
      const failure = (id: string): RecordPaymentFailure => ({
        type: 'RecordPaymentFailure',
        data: {
          ...sub,
          providerEventId: id,
          occurredAt: t(31),
          invoiceId: 'in_8',
          amountDueCents: 499,
          nextAttemptAt: t(34),
        },
      });
      const failed = (id: string): SubscriptionEvent => ({
        type: 'SubscriptionPaymentFailed',
        data: failure(id).data,
      });
      spec
        .given([started()])
        .when(failure('evt_f1'))
        .then([failed('evt_f1')]);
      spec
        .given([started(), failed('evt_f1')])
        .when(failure('evt_f2'))
        .then([failed('evt_f2')]);
      spec
        .given([started(), failed('evt_f1')])
        .when(failure('evt_f1'))
        .then([]);
    });
  });

  describe('refunds', () => {
    it('records a whole refund of a payment at once, with its invoice', () => {
      spec
        .given([started(), paid()])
        .when(recordRefund('evt_r1', 499))
        .then([refunded('evt_r1', 499, 499)]);
      expect(stateOf([started(), paid(), refunded('evt_r1', 499, 499)]).view.payments).toEqual([
        {
          subscriptionId: 'sub_7',
          invoiceId: 'in_7',
          chargeId: 'ch_7',
          amountPaidCents: 499,
          refundedCents: 499,
        },
      ]);
    });

    it('records a partial refund as small as one cent', () => {
      spec
        .given([started(), paid()])
        .when(recordRefund('evt_r1', 1))
        .then([refunded('evt_r1', 1, 1)]);
    });

    it('stays quiet when the refunded total did not grow, or a late report says less', () => {
      const history = [started(), paid(), refunded('evt_r1', 200, 200)];
      spec.given(history).when(recordRefund('evt_r2', 200)).then([]);
      spec.given(history).when(recordRefund('evt_r0', 150)).then([]);
      spec.given([started(), paid()]).when(recordRefund('evt_r0', 0)).then([]);
    });

    it('stays quiet on a redelivered refund webhook', () => {
      spec
        .given([started(), paid(), refunded('evt_r1', 200, 200)])
        .when(recordRefund('evt_r1', 499))
        .then([]);
    });

    it('never refuses a provider fact: a refunded total above the payment is recorded as reported', () => {
      spec
        .given([started(), paid()])
        .when(recordRefund('evt_r1', 600))
        .then([refunded('evt_r1', 600, 600)]);
    });

    it('finds a payment made through a payment intent by the refund of its charge', () => {
      const viaIntent: Paid = { ...paid(), data: { ...paid().data, chargeId: 'pi_7' } };
      spec
        .given([started(), viaIntent])
        .when(recordRefund('evt_r1', 300, { chargeId: 'ch_7', paymentIntentId: 'pi_7' }))
        .then([
          {
            type: 'PaymentRefunded',
            data: { ...refunded('evt_r1', 300, 300).data, chargeId: 'pi_7', paymentIntentId: 'pi_7' },
          },
        ]);
    });

    it("counts the refunds recorded under the charge's other id, so the events add up to its refunded total", () => {
      const viaIntent: Paid = { ...paid(), data: { ...paid().data, chargeId: 'pi_7' } };
      // Recorded under ch_7: the payment (known by its payment intent) was not known yet, or the
      // refund's report did not name the payment intent.
      const firstUnderCharge: Refunded = {
        type: 'PaymentRefunded',
        data: { ...refunded('evt_r1', 100, 100).data, invoiceId: null },
      };
      const rest: Refunded = {
        type: 'PaymentRefunded',
        data: { ...refunded('evt_r2', 200, 300).data, chargeId: 'pi_7', paymentIntentId: 'pi_7' },
      };
      const secondReport = recordRefund('evt_r2', 300, { chargeId: 'ch_7', paymentIntentId: 'pi_7' });
      // The refund arrived before the payment.
      spec.given([started(), firstUnderCharge, viaIntent]).when(secondReport).then([rest]);
      // The payment arrived first; the first refund's report had no payment intent.
      spec.given([started(), viaIntent, firstUnderCharge]).when(secondReport).then([rest]);
    });

    it('counts a refund once when it was reported under the payment intent and again without one (issue 20)', () => {
      const viaCharge: Paid = { ...paid(), data: { ...paid().data, chargeId: 'ch_7' } };
      const first: Refunded = {
        type: 'PaymentRefunded',
        data: { ...refunded('evt_r1', 200, 200).data, chargeId: 'ch_7', paymentIntentId: 'pi_7' },
      };
      spec
        .given([started(), viaCharge, first])
        .when(recordRefund('evt_r2', 200, { chargeId: 'ch_7', paymentIntentId: null }))
        .then([]);
      spec
        .given([started(), { ...viaCharge, data: { ...viaCharge.data, chargeId: 'pi_7' } }, first])
        .when(recordRefund('evt_r2', 200, { chargeId: 'ch_other', paymentIntentId: 'pi_7' }))
        .then([]);
    });

    it('books a lost dispute as a refund of what is left of the payment, once per dispute (issue 20)', () => {
      const viaCharge: Paid = { ...paid(), data: { ...paid().data, chargeId: 'ch_7' } };
      const lost = (providerEventId: string) =>
        ({
          type: 'RecordLostDispute',
          data: {
            ...sub,
            providerEventId,
            occurredAt: t(3),
            chargeId: 'ch_7',
            paymentIntentId: 'pi_7',
            disputeId: 'du_7',
            amountCents: 499,
            paymentAmountCents: 499,
          },
        }) as const;
      const booked: Refunded = {
        type: 'PaymentRefunded',
        data: {
          ...sub,
          subscriptionId: viaCharge.data.subscriptionId,
          providerEventId: 'evt_d1',
          occurredAt: t(3),
          chargeId: 'ch_7',
          paymentIntentId: 'pi_7',
          invoiceId: viaCharge.data.invoiceId,
          amountRefundedCents: 499,
          totalRefundedCents: 499,
          paymentAmountCents: 499,
          disputeId: 'du_7',
        },
      };
      spec.given([started(), viaCharge]).when(lost('evt_d1')).then([booked]);
      spec.given([started(), viaCharge, booked]).when(lost('evt_d2')).then([]);
    });

    it('records a refund of a charge it does not know against the current subscription, with no invoice', () => {
      spec
        .given([started()])
        .when(recordRefund('evt_r1', 250, { chargeId: 'ch_unknown', paymentAmountCents: 250 }))
        .then([
          {
            type: 'PaymentRefunded',
            data: {
              ...sub,
              providerEventId: 'evt_r1',
              occurredAt: t(3),
              chargeId: 'ch_unknown',
              invoiceId: null,
              amountRefundedCents: 250,
              totalRefundedCents: 250,
              paymentAmountCents: 250,
            },
          },
        ]);
    });

    it('refunds huge charges to the exact cent, in steps', () => {
      const big = paid('evt_paid', 90_000_000_000_001);
      const bigRefund = (id: string, total: number) =>
        recordRefund(id, total, { paymentAmountCents: 90_000_000_000_001 });
      const first: Refunded = {
        type: 'PaymentRefunded',
        data: {
          ...refunded('evt_r1', 1, 1).data,
          amountRefundedCents: 45_000_000_000_000,
          totalRefundedCents: 45_000_000_000_000,
          paymentAmountCents: 90_000_000_000_001,
        },
      };
      spec.given([started(), big]).when(bigRefund('evt_r1', 45_000_000_000_000)).then([first]);
      spec
        .given([started(), big, first])
        .when(bigRefund('evt_r2', 90_000_000_000_001))
        .then([
          {
            type: 'PaymentRefunded',
            data: {
              ...first.data,
              providerEventId: 'evt_r2',
              amountRefundedCents: 45_000_000_000_001,
              totalRefundedCents: 90_000_000_000_001,
            },
          },
        ]);
    });
  });
});
