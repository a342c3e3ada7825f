import fc from 'fast-check';
import type { PaidPlan } from '@arena/contracts';
import type { SubscriptionCommand } from './subscription.commands';
import { decide, evolve, initialState, type SubscriptionState } from './subscription.decider';
import type { SubscriptionEvent } from './subscription.events';

const memberId = '5d1f0b8e-2c4a-4e6b-9a7c-1b2d3e4f5a6b';
const subscriptionId = 'sub_1';
const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 0, 1);
const at = (ms: number) => new Date(ms).toISOString();

interface Lifecycle {
  plan: PaidPlan;
  /** Per month after the first: 'paid', 'failed-then-paid', or 'failed' (the last month it runs). */
  months: ('paid' | 'failed-then-paid' | 'failed')[];
  upgradeInMonth: number | null;
  cancelInMonth: number | null;
  refund: { month: number; steps: number[] } | null;
}

const lifecycle: fc.Arbitrary<Lifecycle> = fc.record({
  plan: fc.constantFrom<PaidPlan>('PREMIUM', 'PREMIUM_PLUS'),
  months: fc.array(fc.constantFrom('paid' as const, 'failed-then-paid' as const, 'failed' as const), {
    maxLength: 5,
  }),
  upgradeInMonth: fc.option(fc.nat({ max: 5 })),
  cancelInMonth: fc.option(fc.nat({ max: 5 })),
  refund: fc.option(
    fc.record({
      month: fc.nat({ max: 5 }),
      steps: fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 3 }),
    }),
  ),
});

/** The webhooks of a lifecycle as commands, in the provider's time order (several share a second). */
function commandsOf(life: Lifecycle): SubscriptionCommand[] {
  const commands: SubscriptionCommand[] = [];
  let plan = life.plan;
  let n = 0;
  const id = () => `evt_${String(++n).padStart(3, '0')}`;
  const base = (ms: number) => ({ memberId, subscriptionId, providerEventId: id(), occurredAt: at(ms) });
  const price = (p: PaidPlan) => (p === 'PREMIUM' ? 499 : 999);
  const observe = (
    ms: number,
    periodEnd: number,
    over: Partial<Extract<SubscriptionCommand, { type: 'ObserveSubscription' }>['data']>,
  ): SubscriptionCommand => ({
    type: 'ObserveSubscription',
    data: {
      ...base(ms),
      customerId: 'cus_1',
      planType: plan,
      previousPlan: null,
      priceCents: price(plan),
      currentPeriodStart: at(periodEnd - 30 * DAY),
      currentPeriodEnd: at(periodEnd),
      cancelAtPeriodEnd: false,
      cancelAtPeriodEndChanged: false,
      changesKnown: false,
      ...over,
    },
  });
  const pay = (ms: number, periodEnd: number, amount: number, reason: string): SubscriptionCommand => {
    const b = base(ms);
    return {
      type: 'RecordPayment',
      data: {
        ...b,
        invoiceId: `in_${b.providerEventId}`,
        chargeId: `ch_${b.providerEventId}`,
        planType: plan,
        amountPaidCents: amount,
        billingReason: reason,
        periodStart: at(periodEnd - 30 * DAY),
        periodEnd: at(periodEnd),
      },
    };
  };
  let periodEnd = START + 30 * DAY;
  const charges: { chargeId: string; amount: number; month: number }[] = [];
  const record = (command: SubscriptionCommand, month: number) => {
    commands.push(command);
    if (command.type === 'RecordPayment')
      charges.push({ chargeId: command.data.chargeId, amount: command.data.amountPaidCents, month });
  };
  // The first month: the subscription, its checkout and its first invoice, all in one second.
  record(observe(START, periodEnd, {}), 0);
  const checkout = base(START);
  record(
    {
      type: 'StartFromCheckout',
      data: {
        ...checkout,
        customerId: 'cus_1',
        planType: plan,
        priceCents: price(plan),
        interval: 'month',
        currentPeriodStart: at(START),
        currentPeriodEnd: at(START + 31 * DAY),
        checkoutSessionId: 'cs_1',
      },
    },
    0,
  );
  record(pay(START, periodEnd, price(plan), 'subscription_create'), 0);
  let canceled = false;
  const monthsRun = [null, ...life.months];
  for (let month = 0; month < monthsRun.length; month++) {
    const outcome = monthsRun[month];
    const monthStart = periodEnd - 30 * DAY;
    if (outcome) {
      if (canceled) {
        commands.push({
          type: 'EndSubscription',
          data: { ...base(monthStart), atPeriodEnd: false, endsAt: at(monthStart), reason: 'member' },
        });
        break;
      }
      periodEnd += 30 * DAY;
      if (outcome !== 'paid') {
        const failure = base(monthStart + 3600_000);
        commands.push({
          type: 'RecordPaymentFailure',
          data: {
            ...failure,
            invoiceId: `in_f${failure.providerEventId}`,
            amountDueCents: price(plan),
            nextAttemptAt: null,
          },
        });
      }
      if (outcome === 'failed') {
        commands.push({
          type: 'EndSubscription',
          data: {
            ...base(monthStart + 5 * DAY),
            atPeriodEnd: false,
            endsAt: at(monthStart + 5 * DAY),
            reason: 'payment_failed',
          },
        });
        break;
      }
      record(pay(monthStart + 2 * 3600_000, periodEnd, price(plan), 'subscription_cycle'), month);
    }
    if (life.upgradeInMonth === month && plan === 'PREMIUM' && !canceled) {
      plan = 'PREMIUM_PLUS';
      const when = periodEnd - 20 * DAY;
      record(observe(when, periodEnd, { previousPlan: 'PREMIUM', changesKnown: true }), month);
      record(pay(when, periodEnd, 333, 'subscription_update'), month);
    }
    if (life.cancelInMonth === month && !canceled) {
      canceled = true;
      record(
        observe(periodEnd - 10 * DAY, periodEnd, {
          cancelAtPeriodEnd: true,
          cancelAtPeriodEndChanged: true,
          changesKnown: true,
        }),
        month,
      );
    }
  }
  const refunded = life.refund && charges.find((charge) => charge.month === life.refund!.month);
  if (refunded && life.refund) {
    let total = 0;
    life.refund.steps.forEach((step, i) => {
      total = Math.min(refunded.amount, total + step);
      commands.push({
        type: 'RecordRefund',
        data: {
          memberId,
          providerEventId: id(),
          occurredAt: at(START + 400 * DAY + i * 1000),
          chargeId: refunded.chargeId,
          paymentIntentId: null,
          refundedTotalCents: total,
          paymentAmountCents: refunded.amount,
        },
      });
    });
  }
  return commands;
}

function run(commands: SubscriptionCommand[]): { state: SubscriptionState; events: SubscriptionEvent[] } {
  let state = initialState;
  const events: SubscriptionEvent[] = [];
  for (const command of commands) {
    const decided = decide(command, state);
    expect(decided.length).toBeLessThanOrEqual(1);
    events.push(...decided);
    state = decided.reduce(evolve, state);
  }
  return { state, events };
}

const summary = (state: SubscriptionState) => ({
  current: state.view.current,
  customerId: state.view.customerId,
  paidCents: state.view.payments.reduce((sum, p) => sum + p.amountPaidCents, 0),
  refundedCents: state.view.payments.reduce((sum, p) => sum + p.refundedCents, 0),
});

describe('subscription state takes facts by their time, not their arrival', () => {
  it('folds the events of a lifecycle in any order to the same state', () => {
    fc.assert(
      fc.property(lifecycle, fc.infiniteStream(fc.nat()), (life, seeds) => {
        const { state, events } = run(commandsOf(life));
        const shuffled = [...events];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = seeds.next().value % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        expect(shuffled.reduce(evolve, initialState)).toEqual(state);
      }),
    );
  });

  it('decides the webhooks of a lifecycle, delivered in any order and some twice, to the same state', () => {
    fc.assert(
      fc.property(lifecycle, fc.infiniteStream(fc.nat()), (life, seeds) => {
        const commands = commandsOf(life);
        const inOrder = run(commands).state;
        const delivered = [...commands, ...commands.filter(() => seeds.next().value % 3 === 0)];
        for (let i = delivered.length - 1; i > 0; i--) {
          const j = seeds.next().value % (i + 1);
          [delivered[i], delivered[j]] = [delivered[j]!, delivered[i]!];
        }
        expect(summary(run(delivered).state)).toEqual(summary(inOrder));
      }),
    );
  });
});

describe('two subscriptions of one member (issue 21)', () => {
  const startOf = (id: string, day: number, checkout: boolean): SubscriptionEvent => ({
    type: 'SubscriptionStarted',
    data: {
      memberId,
      subscriptionId: id,
      providerEventId: `evt_start_${id}_${checkout ? 'cs' : 'sub'}`,
      occurredAt: at(START + day * DAY),
      customerId: `cus_${id}`,
      planType: 'PREMIUM',
      priceCents: 499,
      interval: 'month',
      currentPeriodStart: at(START + day * DAY),
      currentPeriodEnd: at(START + (day + 30) * DAY),
      checkoutSessionId: checkout ? `cs_${id}` : null,
    },
  });
  const endOf = (id: string, day: number): SubscriptionEvent => ({
    type: 'SubscriptionCanceled',
    data: {
      memberId,
      subscriptionId: id,
      providerEventId: `evt_end_${id}`,
      occurredAt: at(START + day * DAY),
      atPeriodEnd: false,
      endsAt: at(START + day * DAY),
      reason: 'provider',
    },
  });

  it('marks the same duplicate and keeps the same current subscription whatever order the facts arrive in', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 60 }),
        fc.option(fc.nat({ max: 60 })),
        fc.boolean(),
        fc.infiniteStream(fc.nat()),
        (secondDay, firstEndDay, bothStarts, randoms) => {
          const facts = [startOf('sub_1', 0, false), startOf('sub_2', secondDay, true)];
          if (bothStarts) facts.push(startOf('sub_2', secondDay, false));
          if (firstEndDay !== null) facts.push(endOf('sub_1', firstEndDay));
          const shuffled = [...facts].sort(() => (randoms.next().value % 3) - 1);
          const inOrder = facts.reduce(evolve, initialState).view;
          const anyOrder = shuffled.reduce(evolve, initialState).view;
          expect(anyOrder.duplicateIds).toEqual(inOrder.duplicateIds);
          expect(anyOrder.current?.subscriptionId).toBe(inOrder.current?.subscriptionId);
          expect(anyOrder.live.map((sub) => sub.subscriptionId)).toEqual(
            inOrder.live.map((sub) => sub.subscriptionId),
          );
          // The second is a duplicate exactly when the first held the plan when it started (an end in the
          // same second is ordered after the start: the types' fixed rank).
          const firstHeld = secondDay < 30 && (firstEndDay === null || firstEndDay >= secondDay);
          expect(inOrder.duplicateIds).toEqual(firstHeld ? ['sub_2'] : []);
          if (firstHeld && firstEndDay === null) expect(inOrder.current?.subscriptionId).toBe('sub_1');
        },
      ),
    );
  });
});
