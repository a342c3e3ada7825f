import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { subscriptionStreamId, type SubscriptionEvent } from '@arena/billing/events';
import type { RecordedEvent } from '@arena/event-store';
import { projectEvents } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { subscriptionsProjector } from './subscriptions.projection';
import { memberOfCustomer, memberSubscription, type SubscriptionsTables } from './subscriptions.queries';

const t = (day: number) => new Date(Date.UTC(2026, 10, 1 + day)).toISOString();

function lifecycle(memberId: string, customerId: string): SubscriptionEvent[] {
  const base = (id: string, day: number) => ({
    memberId,
    subscriptionId: `sub_${memberId}`,
    providerEventId: `${id}_${memberId}`,
    occurredAt: t(day),
  });
  return [
    {
      type: 'SubscriptionStarted',
      data: {
        ...base('evt_start', 0),
        customerId,
        planType: 'PREMIUM',
        priceCents: 499,
        interval: 'month',
        currentPeriodStart: t(0),
        currentPeriodEnd: t(30),
        checkoutSessionId: null,
      },
    },
    {
      type: 'SubscriptionPlanChanged',
      data: {
        ...base('evt_up', 5),
        fromPlan: 'PREMIUM',
        toPlan: 'PREMIUM_PLUS',
        priceCents: 999,
        currentPeriodEnd: t(30),
      },
    },
    {
      type: 'SubscriptionPaymentSucceeded',
      data: {
        ...base('evt_renew', 30),
        invoiceId: 'in_2',
        chargeId: 'ch_2',
        planType: 'PREMIUM_PLUS',
        amountPaidCents: 999,
        billingReason: 'subscription_cycle',
        periodStart: t(30),
        periodEnd: t(60),
      },
    },
    {
      type: 'SubscriptionCanceled',
      data: { ...base('evt_cancel', 40), atPeriodEnd: true, endsAt: t(60), reason: 'member' },
    },
  ];
}

describe('subscriptions projection', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(2);
  });
  afterAll(() => database.drop());

  const ids = new Map<string, string>();
  const record = (event: SubscriptionEvent, revision: number): RecordedEvent => {
    const id = ids.get(event.data.providerEventId) ?? randomUUID();
    ids.set(event.data.providerEventId, id);
    return {
      id,
      type: event.type,
      data: event.data,
      metadata: {},
      streamId: subscriptionStreamId(event.data.memberId),
      revision,
      position: { commit: 1n, prepare: BigInt(revision) },
      createdAt: new Date(),
    };
  };

  it('keeps one row per member, the same whatever order the facts came in and however often', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const inOrder = lifecycle(a, `cus_${a}`).map(record);
    const reversed = lifecycle(b, `cus_${b}`).reverse().map(record);
    await projectEvents(database.db, subscriptionsProjector, [...inOrder, ...reversed]);
    for (const event of [...reversed, ...inOrder])
      await projectEvents(database.db, subscriptionsProjector, [event]);
    const db = database.db as Kysely<SubscriptionsTables>;
    for (const memberId of [a, b]) {
      expect(await memberSubscription(db, memberId)).toMatchObject({
        plan: 'PREMIUM_PLUS',
        status: 'active',
        current_period_end: new Date(t(60)),
        cancel_at_period_end: true,
        customer_id: `cus_${memberId}`,
        subscription_id: `sub_${memberId}`,
      });
    }
    expect(await memberOfCustomer(db, `cus_${b}`)).toBe(b);
    expect(await memberSubscription(db, randomUUID())).toBeNull();
  });
});
