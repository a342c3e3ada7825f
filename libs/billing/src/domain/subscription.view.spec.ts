import type { SubscriptionEvent } from './subscription.events';
import { compareFacts, emptySubscriptionView, insertFact, planAt, viewOf } from './subscription.view';

const memberId = '6e2a1c9f-3d4b-4f7a-8b6c-2c3d4e5f6a7b';
const t = (day: number, ms = 0) => new Date(Date.UTC(2026, 10, 1 + day) + ms).toISOString();

const started = (
  id: string,
  day: number,
  options: {
    subscriptionId?: string;
    checkout?: boolean;
    end?: number;
    plan?: 'PREMIUM' | 'PREMIUM_PLUS';
  } = {},
): SubscriptionEvent => ({
  type: 'SubscriptionStarted',
  data: {
    memberId,
    subscriptionId: options.subscriptionId ?? 'sub_1',
    providerEventId: id,
    occurredAt: t(day),
    customerId: `cus_${options.subscriptionId ?? 'sub_1'}`,
    planType: options.plan ?? 'PREMIUM',
    priceCents: options.plan === 'PREMIUM_PLUS' ? 999 : 499,
    interval: 'month',
    currentPeriodStart: t(day),
    currentPeriodEnd: t(options.end ?? day + 30),
    checkoutSessionId: options.checkout ? 'cs_1' : null,
  },
});
const paid = (
  id: string,
  day: number,
  end: number,
  chargeId = `ch_${id}`,
  amountPaidCents = 499,
): SubscriptionEvent => ({
  type: 'SubscriptionPaymentSucceeded',
  data: {
    memberId,
    subscriptionId: 'sub_1',
    providerEventId: id,
    occurredAt: t(day),
    invoiceId: `in_${id}`,
    chargeId,
    planType: 'PREMIUM',
    amountPaidCents,
    billingReason: 'subscription_cycle',
    periodStart: t(day),
    periodEnd: t(end),
  },
});
const failed = (id: string, day: number): SubscriptionEvent => ({
  type: 'SubscriptionPaymentFailed',
  data: {
    memberId,
    subscriptionId: 'sub_1',
    providerEventId: id,
    occurredAt: t(day),
    invoiceId: `in_${id}`,
    amountDueCents: 499,
    nextAttemptAt: null,
  },
});
const canceled = (
  id: string,
  day: number,
  atPeriodEnd: boolean,
  endsAt: number,
  subscriptionId = 'sub_1',
): SubscriptionEvent => ({
  type: 'SubscriptionCanceled',
  data: {
    memberId,
    subscriptionId,
    providerEventId: id,
    occurredAt: t(day),
    atPeriodEnd,
    endsAt: t(endsAt),
    reason: atPeriodEnd ? 'member' : 'provider',
  },
});
const refunded = (
  id: string,
  day: number,
  chargeId: string,
  cents: number,
  total: number,
): SubscriptionEvent => ({
  type: 'PaymentRefunded',
  data: {
    memberId,
    subscriptionId: 'sub_1',
    providerEventId: id,
    occurredAt: t(day),
    chargeId,
    invoiceId: null,
    amountRefundedCents: cents,
    totalRefundedCents: total,
    paymentAmountCents: 499,
  },
});

describe('subscription view', () => {
  describe('the order of facts', () => {
    it('orders facts by the provider time first', () => {
      expect(compareFacts(canceled('evt_a', 1, false, 1), started('evt_b', 2))).toBeLessThan(0);
      expect(compareFacts(started('evt_b', 2), canceled('evt_a', 1, false, 1))).toBeGreaterThan(0);
    });

    it('orders facts of the same instant by kind: a start before its payment, a payment before its refund', () => {
      expect(compareFacts(started('evt_z', 1), paid('evt_a', 1, 31))).toBeLessThan(0);
      expect(compareFacts(paid('evt_z', 1, 31), refunded('evt_a', 1, 'ch_evt_z', 499, 499))).toBeLessThan(0);
      expect(compareFacts(failed('evt_z', 1), canceled('evt_a', 1, false, 1))).toBeLessThan(0);
    });

    it('orders facts of the same instant and kind by provider event id, and a fact equals itself', () => {
      expect(compareFacts(failed('evt_a', 1), failed('evt_b', 1))).toBeLessThan(0);
      expect(compareFacts(failed('evt_b', 1), failed('evt_a', 1))).toBeGreaterThan(0);
      expect(compareFacts(failed('evt_a', 1), failed('evt_a', 1))).toBe(0);
    });

    it('puts a fact that arrives late in its place in time', () => {
      const facts = insertFact([started('evt_s', 0), paid('evt_p2', 30, 60)], paid('evt_p1', 1, 30));
      expect(facts.map((fact) => fact.data.providerEventId)).toEqual(['evt_s', 'evt_p1', 'evt_p2']);
    });

    it('inserts a fact already there, by provider event id, as nothing new', () => {
      const facts = [started('evt_s', 0), paid('evt_p1', 1, 30)];
      const again = insertFact(facts, { ...paid('evt_p1', 5, 90) });
      expect(again).toEqual(facts);
      expect(again).not.toBe(facts);
    });
  });

  describe('the period paid for', () => {
    it("estimates a checkout's period end until the provider says its own", () => {
      expect(viewOf([started('evt_s', 0, { checkout: true, end: 31 })]).current?.currentPeriodEnd).toBe(
        t(31),
      );
      expect(
        viewOf([started('evt_s', 0, { checkout: true, end: 31 }), paid('evt_p', 0, 30)]).current
          ?.currentPeriodEnd,
      ).toBe(t(30));
    });

    it('keeps the latest period end known, though a later fact names an earlier one', () => {
      expect(
        viewOf([started('evt_s', 0), paid('evt_p2', 30, 60), paid('evt_p1', 31, 45)]).current
          ?.currentPeriodEnd,
      ).toBe(t(60));
    });
  });

  describe('payments and refunds', () => {
    it("adds each refund step to its payment's refunded cents", () => {
      const view = viewOf([
        started('evt_s', 0),
        paid('evt_p', 1, 31, 'ch_1'),
        refunded('evt_r1', 2, 'ch_1', 100, 100),
        refunded('evt_r2', 3, 'ch_1', 399, 499),
      ]);
      expect(view.payments).toEqual([
        {
          subscriptionId: 'sub_1',
          invoiceId: 'in_evt_p',
          chargeId: 'ch_1',
          amountPaidCents: 499,
          refundedCents: 499,
        },
      ]);
    });

    it('keeps a refund of a charge it has no payment for as its own entry, with nothing paid', () => {
      const view = viewOf([started('evt_s', 0), refunded('evt_r1', 2, 'ch_other', 250, 250)]);
      expect(view.payments).toEqual([
        {
          subscriptionId: 'sub_1',
          invoiceId: null,
          chargeId: 'ch_other',
          amountPaidCents: 0,
          refundedCents: 250,
        },
      ]);
    });
  });

  describe('status', () => {
    it('is past due after a failed payment, and active again once a payment succeeds', () => {
      expect(viewOf([started('evt_s', 0), failed('evt_f', 30)]).current?.status).toBe('past_due');
      expect(viewOf([started('evt_s', 0), failed('evt_f', 30), paid('evt_p', 31, 61)]).current?.status).toBe(
        'active',
      );
    });

    it('stays canceled once ended, though a payment or a failure comes after', () => {
      const ended = [started('evt_s', 0), canceled('evt_c', 10, false, 10)];
      expect(viewOf([...ended, paid('evt_p', 11, 41)]).current).toMatchObject({
        status: 'canceled',
        ended: true,
      });
      expect(viewOf([...ended, failed('evt_f', 11)]).current?.status).toBe('canceled');
    });

    it('follows the subscription started last once the first is over, and its customer', () => {
      const view = viewOf([
        started('evt_s1', 0),
        canceled('evt_c1', 3, false, 3),
        started('evt_s2', 5, { subscriptionId: 'sub_2', plan: 'PREMIUM_PLUS' }),
      ]);
      expect(view.current).toMatchObject({
        subscriptionId: 'sub_2',
        planType: 'PREMIUM_PLUS',
        priceCents: 999,
        duplicate: false,
      });
      expect(view.customerId).toBe('cus_sub_2');
      expect(view.live.map((sub) => sub.subscriptionId)).toEqual(['sub_2']);
      // A first one past its period (lapsed, its deletion not heard yet) holds no plan either.
      const lapsed = viewOf([
        started('evt_s1', 0),
        started('evt_s2', 31, { subscriptionId: 'sub_2', plan: 'PREMIUM_PLUS' }),
      ]);
      expect(lapsed.current).toMatchObject({ subscriptionId: 'sub_2', duplicate: false });
    });

    it('keeps the first of two subscriptions started while it held the plan, the second a duplicate (issue 21)', () => {
      const facts = [
        started('evt_s1', 0),
        started('evt_s2', 5, { subscriptionId: 'sub_2', plan: 'PREMIUM_PLUS', checkout: true }),
      ];
      for (const order of [facts, [...facts].reverse()]) {
        const view = viewOf(order.reduce<SubscriptionEvent[]>(insertFact, []));
        expect(view.current).toMatchObject({ subscriptionId: 'sub_1', duplicate: false });
        expect(view.live.map((sub) => [sub.subscriptionId, sub.duplicate])).toEqual([
          ['sub_1', false],
          ['sub_2', true],
        ]);
        expect(view.customerId).toBe('cus_sub_1');
        expect(planAt(view, new Date(t(6)))).toBe('PREMIUM');
        expect(view.duplicateIds).toEqual(['sub_2']);
      }
      // The duplicate canceled: the first one stays current and live; the plan is held.
      const after = viewOf([...facts, canceled('evt_c2', 6, false, 6, 'sub_2')]);
      expect(after.current?.subscriptionId).toBe('sub_1');
      expect(after.live.map((sub) => sub.subscriptionId)).toEqual(['sub_1']);
      expect(planAt(after, new Date(t(7)))).toBe('PREMIUM');
    });
  });

  describe('the plan at a time', () => {
    it('is Free with no subscription', () => {
      expect(planAt(emptySubscriptionView, new Date(t(1)))).toBe('FREE');
    });

    it('holds the plan until the last millisecond of the period, and Free at its end', () => {
      const view = viewOf([started('evt_s', 0), paid('evt_p', 0, 30)]);
      expect(planAt(view, new Date(t(30, -1)))).toBe('PREMIUM');
      expect(planAt(view, new Date(t(30)))).toBe('FREE');
    });

    it('ends a plan canceled at period end at the earlier of its cancel end and the period end', () => {
      const view = viewOf([started('evt_s', 0), paid('evt_p', 0, 30), canceled('evt_c', 5, true, 20)]);
      expect(planAt(view, new Date(t(20, -1)))).toBe('PREMIUM');
      expect(planAt(view, new Date(t(20)))).toBe('FREE');
    });
  });
});
