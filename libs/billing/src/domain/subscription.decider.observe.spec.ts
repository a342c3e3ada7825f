import { deciderSpec } from '@arena/testing';
import type { EndSubscription, ObserveSubscription, SubscriptionCommand } from './subscription.commands';
import { subscriptionDecider, type SubscriptionState } from './subscription.decider';
import type { SubscriptionEvent, SubscriptionStarted } from './subscription.events';

/**
 * What the provider's subscription webhooks decide, one test per rule the first spec leaves out: a plan
 * change without previous attributes, a downgrade, a cancel read from the state, and the deletion.
 */
const spec = deciderSpec<SubscriptionCommand, SubscriptionEvent, SubscriptionState>(subscriptionDecider);

const memberId = '7f3b2d1e-4c5a-4b6c-9d7e-3f4a5b6c7d8e';
const sub = { memberId, subscriptionId: 'sub_9' };
const t = (day: number) => new Date(Date.UTC(2026, 10, 1 + day)).toISOString();

const started = (
  planType: 'PREMIUM' | 'PREMIUM_PLUS' = 'PREMIUM',
  subscriptionId = 'sub_9',
): SubscriptionStarted => ({
  type: 'SubscriptionStarted',
  data: {
    ...sub,
    subscriptionId,
    providerEventId: `evt_created_${subscriptionId}`,
    occurredAt: t(0),
    customerId: 'cus_9',
    planType,
    priceCents: planType === 'PREMIUM' ? 499 : 999,
    interval: 'month',
    currentPeriodStart: t(0),
    currentPeriodEnd: t(30),
    checkoutSessionId: null,
  },
});
const observe = (
  id: string,
  day: number,
  over: Partial<ObserveSubscription['data']> = {},
): SubscriptionCommand => ({
  type: 'ObserveSubscription',
  data: {
    ...sub,
    providerEventId: id,
    occurredAt: t(day),
    customerId: 'cus_9',
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
const planChanged = (
  id: string,
  day: number,
  fromPlan: 'PREMIUM' | 'PREMIUM_PLUS',
  toPlan: 'PREMIUM' | 'PREMIUM_PLUS',
  priceCents: number,
): SubscriptionEvent => ({
  type: 'SubscriptionPlanChanged',
  data: {
    ...sub,
    providerEventId: id,
    occurredAt: t(day),
    fromPlan,
    toPlan,
    priceCents,
    currentPeriodEnd: t(30),
  },
});
const canceledAtPeriodEnd = (id: string, day: number): SubscriptionEvent => ({
  type: 'SubscriptionCanceled',
  data: {
    ...sub,
    providerEventId: id,
    occurredAt: t(day),
    atPeriodEnd: true,
    endsAt: t(30),
    reason: 'member',
  },
});
const end = (id: string, subscriptionId = 'sub_9'): EndSubscription => ({
  type: 'EndSubscription',
  data: {
    ...sub,
    subscriptionId,
    providerEventId: id,
    occurredAt: t(30),
    atPeriodEnd: false,
    endsAt: t(30),
    reason: 'provider',
  },
});
const ended = (id: string, subscriptionId = 'sub_9'): SubscriptionEvent => ({
  type: 'SubscriptionCanceled',
  data: end(id, subscriptionId).data,
});

describe('subscription decider: what the subscription webhooks decide', () => {
  it('starts nothing from a subscription whose plan the provider does not name', () => {
    spec
      .given([])
      .when(observe('evt_created', 0, { planType: null }))
      .then([]);
  });

  it('records a change from the plan known when the event does not say what changed', () => {
    spec
      .given([started('PREMIUM')])
      .when(observe('evt_up', 5, { planType: 'PREMIUM_PLUS', priceCents: 999 }))
      .then([planChanged('evt_up', 5, 'PREMIUM', 'PREMIUM_PLUS', 999)]);
  });

  it('records a downgrade made in the billing portal as a plan change', () => {
    spec
      .given([started('PREMIUM_PLUS')])
      .when(
        observe('evt_down', 6, {
          planType: 'PREMIUM',
          previousPlan: 'PREMIUM_PLUS',
          priceCents: 499,
          changesKnown: true,
        }),
      )
      .then([planChanged('evt_down', 6, 'PREMIUM_PLUS', 'PREMIUM', 499)]);
  });

  it('stays quiet on an update that names the plan already held', () => {
    spec
      .given([started('PREMIUM')])
      .when(observe('evt_same', 4, { changesKnown: true }))
      .then([]);
  });

  it('reads a cancel from the state when the event does not say what changed', () => {
    spec
      .given([started()])
      .when(observe('evt_cancel', 3, { cancelAtPeriodEnd: true }))
      .then([canceledAtPeriodEnd('evt_cancel', 3)]);
  });

  it('stays quiet on a cancel the event says did not change with it', () => {
    spec
      .given([started()])
      .when(
        observe('evt_other', 3, {
          cancelAtPeriodEnd: true,
          cancelAtPeriodEndChanged: false,
          changesKnown: true,
        }),
      )
      .then([]);
  });

  it('starts a second subscription of the member from its checkout', () => {
    const second = started('PREMIUM_PLUS', 'sub_10');
    spec
      .given([started('PREMIUM')])
      .when({ type: 'StartFromCheckout', data: second.data })
      .then([second]);
  });

  it('ends a subscription canceled at period end when the provider deletes it', () => {
    spec
      .given([started(), canceledAtPeriodEnd('evt_cancel', 3)])
      .when(end('evt_del'))
      .then([ended('evt_del')]);
  });

  it("records the deletion of another subscription though the member's first one ended", () => {
    spec
      .given([started(), ended('evt_del'), started('PREMIUM', 'sub_10')])
      .when(end('evt_del_10', 'sub_10'))
      .then([ended('evt_del_10', 'sub_10')]);
  });
});
