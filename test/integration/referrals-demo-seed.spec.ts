import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BillingModule, SubscriptionsService } from '@arena/billing';
import type { AppConfig } from '@arena/config';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@arena/event-store';
import { seedDemoMembers } from '@arena/identity';
import { LocalPayments, Payments, PaymentsError, PaymentsModule } from '@arena/payments';
import { PlatformModule } from '@arena/platform';
import { projectEvents } from '@arena/projection-runner/testing';
import { memberTransactionsProjector } from '@arena/projections/member-transactions/member-transactions.projection';
import { memberTransactions } from '@arena/projections/member-transactions/member-transactions.queries';
import { referralBalancesProjector } from '@arena/projections/referral-balances/referral-balances.projection';
import {
  referralBalances,
  referralPayouts,
  referralRewards,
} from '@arena/projections/referral-balances/referral-balances.queries';
import { subscriptionsProjector } from '@arena/projections/subscriptions/subscriptions.projection';
import { memberSubscription } from '@arena/projections/subscriptions/subscriptions.queries';
import { ReferralsModule, seedDemoReferrals } from '@arena/referrals';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';

/**
 * `npm start`'s subscriptions and referrals (apps/cli/src/seed.ts): composed as the seed composes it,
 * seeded twice, then the read models projected from the log as the worker's projectors would.
 */
describe('the subscriptions and referrals demo seed', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let app: INestApplicationContext;

  beforeAll(async () => {
    database = await createTestDatabase(4);
    config = testAppConfig(database.url);
    @Module({
      imports: [
        PlatformModule.forRoot(config),
        PaymentsModule.forRoot(config),
        BillingModule,
        ReferralsModule,
      ],
    })
    class SeedModule {}
    app = await NestFactory.createApplicationContext(SeedModule, { logger: false });
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await clearRedisPrefix(config.REDIS_PREFIX);
    await database.drop();
  });

  const eventCount = async () =>
    Number(
      (
        await database.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const allEvents = async () => {
    const store = app.get<EventStore>(EVENT_STORE);
    const events: RecordedEvent[] = [];
    for (;;) {
      const page = await store.readAll({ after: events.at(-1)?.position, maxCount: 1000 });
      events.push(...page);
      if (page.length < 1000) return events;
    }
  };

  it('starts the payment clock in the past, brings it back to now, and leaves a plan of each kind and rewards in every state; a second run adds nothing', async () => {
    const members = await seedDemoMembers(database.db);
    const first = await seedDemoReferrals(app, members);
    expect(first).toEqual({
      referralsRegistered: 5,
      payoutAccount: 'onboarded',
      subscriptions: 'seeded',
      webhooksApplied: expect.any(Number),
    });
    const clock = await database.db
      .selectFrom('payment_local_clock' as never)
      .select('offset_ms' as never)
      .executeTakeFirstOrThrow();
    expect(Number((clock as { offset_ms: string }).offset_ms)).toBe(0);
    // The clock can no longer be started in the past: the world holds subscriptions.
    const payments = app.get(Payments) as LocalPayments;
    await expect(payments.startClockDaysAgo(10)).rejects.toEqual(expect.any(PaymentsError));
    await expect(payments.startClockDaysAgo(10)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(payments.startClockDaysAgo(0)).rejects.toMatchObject({ kind: 'invalid' });

    const afterFirst = await eventCount();
    const second = await seedDemoReferrals(app, members);
    expect(second).toEqual({
      referralsRegistered: 0,
      payoutAccount: 'already ready',
      subscriptions: 'already there',
      webhooksApplied: 0,
    });
    expect(await eventCount()).toBe(afterFirst);

    // What each member holds now, from their own stream (GET /api/subscriptions/active).
    const subscriptions = app.get(SubscriptionsService);
    const active = async (key: keyof typeof members) => subscriptions.active(members[key].accountId);
    expect(await active('ada')).toMatchObject({ plan: { planType: 'FREE' } });
    expect(await active('ben')).toMatchObject({ plan: { planType: 'PREMIUM' } });
    expect(await active('chloe')).toMatchObject({ plan: { planType: 'PREMIUM_PLUS' } });
    expect(await active('felix')).toMatchObject({ plan: { planType: 'PREMIUM' } });

    // The read models, projected from the log.
    const events = await allEvents();
    for (const projector of [
      subscriptionsProjector,
      referralBalancesProjector,
      memberTransactionsProjector,
    ]) {
      await projectEvents(database.db, projector, events);
    }
    const row = async (key: keyof typeof members) => memberSubscription(database.db, members[key].accountId);
    expect(await row('ada')).toBeNull();
    expect(await row('ben')).toMatchObject({
      plan: 'PREMIUM',
      status: 'active',
      cancel_at_period_end: false,
    });
    expect(await row('chloe')).toMatchObject({ plan: 'PREMIUM_PLUS', status: 'active', price_cents: 999 });
    expect(await row('dev')).toMatchObject({ plan: 'PREMIUM', status: 'active', cancel_at_period_end: true });
    expect(await row('emma')).toMatchObject({ plan: 'PREMIUM', status: 'past_due' });

    const ada = members.ada.accountId;
    const rewards = await referralRewards(database.db, ada);
    const statuses = new Set(rewards.map((reward) => reward.status));
    expect([...statuses].sort()).toEqual(['paid', 'pending', 'released', 'voided']);
    expect(rewards.filter((reward) => reward.status === 'pending').length).toBeGreaterThan(0);
    expect(rewards.filter((reward) => reward.status === 'paid').length).toBeGreaterThan(0);
    expect(rewards.filter((reward) => reward.status === 'voided')).toEqual([
      expect.objectContaining({
        referredUsername: 'demo_dev',
        voidReason: 'payment-refunded',
        amountCents: 49,
      }),
    ]);
    // Chloe's one-time reward: her first payment, whole, its window ended as the clock reached now.
    expect(rewards.filter((reward) => reward.referredUsername === 'demo_chloe')).toEqual([
      expect.objectContaining({ rewardMode: 'one-time', amountCents: 999, status: 'released' }),
    ]);
    const payouts = await referralPayouts(database.db, ada);
    expect(payouts.length).toBeGreaterThan(0);
    const balances = await referralBalances(database.db, ada);
    expect(balances.paidCents).toBeGreaterThanOrEqual(49);
    expect(balances.releasedCents).toBeGreaterThanOrEqual(999);
    expect(balances.voidedCents).toBe(49);
    // Ben has no payout account: the reward Felix's first payment earned him is released, and stays so.
    const ben = await referralRewards(database.db, members.ben.accountId);
    expect(ben.map((reward) => reward.status)).toContain('released');
    expect(ben.map((reward) => reward.status)).not.toContain('paid');
    // Half of Felix's first payment ($4.99) refunded: Ben's reward on it is 10% of the $2.49 kept (issue 21).
    expect(ben.filter((reward) => reward.amountCents === 24)).toHaveLength(1);

    const transactions = async (key: keyof typeof members) =>
      (await memberTransactions(database.db, members[key].accountId)).map((one) => one.type);
    expect(await transactions('ben')).toContain('subscription');
    expect(await transactions('dev')).toEqual(expect.arrayContaining(['subscription', 'refund']));
    expect(await transactions('ada')).toEqual(expect.arrayContaining(['referral-reward', 'referral-payout']));
  }, 180_000);
});
