import { deciderSpec } from '@arena/testing';
import type { SubscriptionCommand } from './subscription.commands';
import {
  evolve,
  initialState,
  planAt,
  subscriptionDecider,
  type SubscriptionState,
} from './subscription.decider';
import type { SubscriptionEvent } from './subscription.events';

const spec = deciderSpec<SubscriptionCommand, SubscriptionEvent, SubscriptionState>(subscriptionDecider);

const memberId = '5d1f0b8e-2c4a-4e6b-9a7c-1b2d3e4f5a6b';
const sub = { memberId, subscriptionId: 'sub_1' };
const t = (day: number) => new Date(Date.UTC(2026, 10, 1 + day)).toISOString();

const started: SubscriptionEvent = {
  type: 'SubscriptionStarted',
  data: {
    ...sub,
    providerEventId: 'evt_created',
    occurredAt: t(0),
    customerId: 'cus_1',
    planType: 'PREMIUM',
    priceCents: 499,
    interval: 'month',
    currentPeriodStart: t(0),
    currentPeriodEnd: t(30),
    checkoutSessionId: null,
  },
};
const paid = (
  id: string,
  day: number,
  end: number,
  amount = 499,
): Extract<SubscriptionEvent, { type: 'SubscriptionPaymentSucceeded' }> => ({
  type: 'SubscriptionPaymentSucceeded',
  data: {
    ...sub,
    providerEventId: id,
    occurredAt: t(day),
    invoiceId: `in_${id}`,
    chargeId: `ch_${id}`,
    planType: 'PREMIUM',
    amountPaidCents: amount,
    billingReason: 'subscription_cycle',
    periodStart: t(day),
    periodEnd: t(end),
  },
});
const observe = (
  id: string,
  day: number,
  over: Partial<Extract<SubscriptionCommand, { type: 'ObserveSubscription' }>['data']> = {},
): SubscriptionCommand => ({
  type: 'ObserveSubscription',
  data: {
    ...sub,
    providerEventId: id,
    occurredAt: t(day),
    customerId: 'cus_1',
    planType: 'PREMIUM',
    previousPlan: null,
    priceCents: 499,
    currentPeriodStart: t(0),
    currentPeriodEnd: t(30),
    cancelAtPeriodEnd: false,
    cancelAtPeriodEndChanged: false,
    changesKnown: false,
    ...over,
  },
});
const fold = (events: SubscriptionEvent[]) => events.reduce(evolve, initialState);

describe('subscription decider', () => {
  it('starts a subscription from customer.subscription.created', () => {
    spec.given([]).when(observe('evt_created', 0)).then([started]);
  });

  it('appends nothing for a redelivered webhook, or a checkout of a subscription already started', () => {
    spec.given([started]).when(observe('evt_created', 0)).then([]);
    spec
      .given([started])
      .when({
        type: 'StartFromCheckout',
        data: { ...started.data, providerEventId: 'evt_cs', checkoutSessionId: 'cs_1' },
      })
      .then([]);
  });

  it('records an upgrade as a plan change, from previous_attributes', () => {
    spec
      .given([started])
      .when(
        observe('evt_up', 5, {
          planType: 'PREMIUM_PLUS',
          previousPlan: 'PREMIUM',
          priceCents: 999,
          changesKnown: true,
        }),
      )
      .then([
        {
          type: 'SubscriptionPlanChanged',
          data: {
            ...sub,
            providerEventId: 'evt_up',
            occurredAt: t(5),
            fromPlan: 'PREMIUM',
            toPlan: 'PREMIUM_PLUS',
            priceCents: 999,
            currentPeriodEnd: t(30),
          },
        },
      ]);
  });

  it('records a cancel at period end once; an unrelated update after it adds nothing', () => {
    const cancel = observe('evt_cancel', 3, {
      cancelAtPeriodEnd: true,
      cancelAtPeriodEndChanged: true,
      changesKnown: true,
    });
    const canceled: SubscriptionEvent = {
      type: 'SubscriptionCanceled',
      data: {
        ...sub,
        providerEventId: 'evt_cancel',
        occurredAt: t(3),
        atPeriodEnd: true,
        endsAt: t(30),
        reason: 'member',
      },
    };
    spec.given([started]).when(cancel).then([canceled]);
    spec
      .given([started, canceled])
      .when(observe('evt_other', 4, { cancelAtPeriodEnd: true }))
      .then([]);
  });

  it('keeps a payment that arrives before its subscription started, and the view takes both', () => {
    const payment = paid('evt_pay', 0, 30);
    spec
      .given([])
      .when({ type: 'RecordPayment', data: { ...payment.data, planType: null } })
      .then([{ ...payment, data: { ...payment.data, planType: 'PREMIUM' } }]);
    const view = fold([payment, started]).view;
    expect(view.current).toMatchObject({ planType: 'PREMIUM', status: 'active', currentPeriodEnd: t(30) });
    expect(view.payments).toHaveLength(1);
  });

  it('does not let a plan change older than the latest one win', () => {
    const change = (
      id: string,
      day: number,
      from: 'PREMIUM' | 'PREMIUM_PLUS',
      to: 'PREMIUM' | 'PREMIUM_PLUS',
    ) =>
      ({
        type: 'SubscriptionPlanChanged',
        data: {
          ...sub,
          providerEventId: id,
          occurredAt: t(day),
          fromPlan: from,
          toPlan: to,
          priceCents: 0,
          currentPeriodEnd: t(30),
        },
      }) satisfies SubscriptionEvent;
    const latestFirst = fold([
      started,
      change('evt_b', 9, 'PREMIUM_PLUS', 'PREMIUM'),
      change('evt_a', 5, 'PREMIUM', 'PREMIUM_PLUS'),
    ]);
    expect(latestFirst.view.current?.planType).toBe('PREMIUM');
  });

  it('records only the new part of a charge refunded in steps, whatever order they come in', () => {
    const payment = paid('evt_pay', 0, 30);
    const refund = (id: string, total: number): SubscriptionCommand => ({
      type: 'RecordRefund',
      data: {
        memberId,
        providerEventId: id,
        occurredAt: t(2),
        chargeId: 'ch_evt_pay',
        paymentIntentId: null,
        refundedTotalCents: total,
        paymentAmountCents: 499,
      },
    });
    const refunded = (id: string, cents: number, total = cents): SubscriptionEvent => ({
      type: 'PaymentRefunded',
      data: {
        ...sub,
        providerEventId: id,
        occurredAt: t(2),
        chargeId: 'ch_evt_pay',
        invoiceId: 'in_evt_pay',
        amountRefundedCents: cents,
        totalRefundedCents: total,
        paymentAmountCents: 499,
      },
    });
    spec
      .given([started, payment])
      .when(refund('evt_r1', 200))
      .then([refunded('evt_r1', 200)]);
    spec
      .given([started, payment, refunded('evt_r1', 200)])
      .when(refund('evt_r2', 499))
      .then([refunded('evt_r2', 299, 499)]);
    spec
      .given([started, payment, refunded('evt_r2', 499)])
      .when(refund('evt_r1', 200))
      .then([]);
  });

  it('ends a subscription the provider deleted, once', () => {
    const end: SubscriptionCommand = {
      type: 'EndSubscription',
      data: {
        ...sub,
        providerEventId: 'evt_del',
        occurredAt: t(30),
        atPeriodEnd: false,
        endsAt: t(30),
        reason: 'member',
      },
    };
    const ended: SubscriptionEvent = { type: 'SubscriptionCanceled', data: end.data };
    spec.given([started]).when(end).then([ended]);
    spec
      .given([started, ended])
      .when({ ...end, data: { ...end.data, providerEventId: 'evt_del2' } })
      .then([]);
  });

  it('records an end we made (account closed) once: the same cause again, or the provider deletion after, adds nothing (issue 21)', () => {
    const closed: SubscriptionCommand = {
      type: 'EndSubscription',
      data: {
        ...sub,
        providerEventId: 'account-closed:sub_1',
        occurredAt: t(10),
        atPeriodEnd: false,
        endsAt: t(10),
        reason: 'account_closed',
      },
    };
    const ended: SubscriptionEvent = { type: 'SubscriptionCanceled', data: closed.data };
    spec.given([started]).when(closed).then([ended]);
    spec.given([started, ended]).when(closed).then([]);
    spec
      .given([started, ended])
      .when({ ...closed, data: { ...closed.data, providerEventId: 'evt_deleted', reason: 'member' } })
      .then([]);
    const view = fold([started, ended]).view;
    expect(view.live).toEqual([]);
    expect(planAt(view, new Date(t(11)))).toBe('FREE');
  });

  describe('the plan gate', () => {
    it('counts a paid plan until its period ends, past due included, then Free', () => {
      const view = fold([started, paid('evt_p', 0, 30)]).view;
      expect(planAt(view, new Date(t(29)))).toBe('PREMIUM');
      expect(planAt(view, new Date(t(30)))).toBe('FREE');
      const pastDue = fold([
        started,
        paid('evt_p', 0, 30),
        {
          type: 'SubscriptionPaymentFailed',
          data: {
            ...sub,
            providerEventId: 'evt_f',
            occurredAt: t(10),
            invoiceId: 'in_f',
            amountDueCents: 499,
            nextAttemptAt: null,
          },
        },
      ]).view;
      expect(pastDue.current?.status).toBe('past_due');
      expect(planAt(pastDue, new Date(t(20)))).toBe('PREMIUM');
    });

    it('keeps a canceled plan until the period ends, and an ended one is Free at once', () => {
      const canceled = fold([
        started,
        {
          type: 'SubscriptionCanceled',
          data: {
            ...sub,
            providerEventId: 'evt_c',
            occurredAt: t(3),
            atPeriodEnd: true,
            endsAt: t(30),
            reason: 'member',
          },
        },
      ]).view;
      expect(canceled.current?.cancelAtPeriodEnd).toBe(true);
      expect(planAt(canceled, new Date(t(29)))).toBe('PREMIUM');
      expect(planAt(canceled, new Date(t(31)))).toBe('FREE');
      const ended = fold([
        started,
        {
          type: 'SubscriptionCanceled',
          data: {
            ...sub,
            providerEventId: 'evt_d',
            occurredAt: t(3),
            atPeriodEnd: false,
            endsAt: t(3),
            reason: 'payment_failed',
          },
        },
      ]).view;
      expect(planAt(ended, new Date(t(4)))).toBe('FREE');
      expect(planAt(initialState.view, new Date(t(4)))).toBe('FREE');
    });
  });
});

describe('a cancel undone in the portal', () => {
  it('is taken as undone when a payment covers a period past the canceled end', () => {
    const view = fold([
      started,
      {
        type: 'SubscriptionCanceled',
        data: {
          ...sub,
          providerEventId: 'evt_c',
          occurredAt: t(3),
          atPeriodEnd: true,
          endsAt: t(30),
          reason: 'member',
        },
      },
      paid('evt_renew', 30, 60),
    ]).view;
    expect(view.current).toMatchObject({ cancelAtPeriodEnd: false, currentPeriodEnd: t(60) });
    expect(planAt(view, new Date(t(45)))).toBe('PREMIUM');
  });
});
