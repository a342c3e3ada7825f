import { randomUUID } from 'node:crypto';
import type { SubscriptionEvent } from '@arena/billing/events';
import type { DonationEvent } from '@arena/donations/events';
import type { ReferralEvent } from '@arena/referrals/events';
import type { RecordedEvent } from '@arena/event-store';
import { projectEvents } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { postingsProjector } from './postings.projection';
import { accountBalances } from './postings.queries';

describe('postings projection', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(2);
  });
  afterAll(() => database.drop());

  let sequence = 0;
  const record = (event: DonationEvent): RecordedEvent => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {},
    streamId: `donation-${event.data.donationId}`,
    revision: sequence,
    position: { commit: 1n, prepare: BigInt(++sequence) },
    createdAt: new Date(),
  });

  it('posts a gift through to a cleared transfer once, however often the events are delivered', async () => {
    const d = randomUUID();
    const ein = '530196605';
    const at = new Date().toISOString();
    const events = [
      record({
        type: 'DonationReceived',
        data: {
          donationId: d,
          amountCents: 2500,
          currency: 'usd',
          donorEmail: null,
          donorMemberId: null,
          charityEin: ein,
          checkoutSessionId: 'cs_1',
          paymentIntentId: 'pi_1',
          providerEventId: 'evt_1',
          receiptCode: 'R-1',
          receivedAt: at,
        },
      }),
      record({
        type: 'DonationDirected',
        data: {
          donationId: d,
          amountCents: 2500,
          charityEin: ein,
          charityName: 'Red Cross',
          directedBy: { kind: 'donor', memberId: null, displayName: null },
          source: { kind: 'gift', checkoutSessionId: 'cs_1' },
          receiptCode: 'R-1',
          directedAt: at,
        },
      }),
      record({
        type: 'DonationTransferInitiated',
        data: {
          donationId: d,
          windowId: '2026-11-23',
          transferId: 'tr_1',
          charityEin: ein,
          stripeAccountId: 'acct_1',
          amountCents: 2500,
          transferAmountCents: 2500,
          initiatedAt: at,
        },
      }),
      record({
        type: 'PayoutCleared',
        data: { donationId: d, transferId: 'tr_1', providerEventId: 'evt_2', clearedAt: at },
      }),
    ];
    await projectEvents(database.db, postingsProjector, events);
    // A redelivery, one event at a time: nothing new.
    for (const event of events) await projectEvents(database.db, postingsProjector, [event]);

    expect(await accountBalances(database.db)).toEqual([
      { account: 'cash_at_provider', balanceCents: 0 },
      { account: `charity_paid:${ein}`, balanceCents: 2500 },
      { account: `charity_payable:${ein}`, balanceCents: -2500 },
      { account: 'donation_pool', balanceCents: 0 },
      { account: `in_transit:${ein}`, balanceCents: 0 },
    ]);
    const legs = await database.db
      .selectFrom('postings' as never)
      .selectAll()
      .execute();
    expect(legs).toHaveLength(8);
  });
});

describe('postings projection: subscription revenue, refunds and referral payouts', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(2);
  });
  afterAll(() => database.drop());

  const record = (
    event: SubscriptionEvent | ReferralEvent,
    streamId: string,
    revision: number,
  ): RecordedEvent => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {},
    streamId,
    revision,
    position: { commit: 1n, prepare: BigInt(revision) },
    createdAt: new Date(),
  });

  it('posts revenue in, the refunded part back out, and a payout as expense, once each', async () => {
    const memberId = randomUUID();
    const at = new Date().toISOString();
    const from = { memberId, subscriptionId: 'sub_1', occurredAt: at };
    const events = [
      record(
        {
          type: 'SubscriptionPaymentSucceeded',
          data: {
            ...from,
            providerEventId: 'evt_paid',
            invoiceId: 'in_1',
            chargeId: 'ch_1',
            planType: 'PREMIUM_PLUS',
            amountPaidCents: 999,
            billingReason: 'subscription_create',
            periodStart: at,
            periodEnd: at,
          },
        },
        `subscription-${memberId}`,
        0,
      ),
      record(
        {
          type: 'PaymentRefunded',
          data: {
            ...from,
            providerEventId: 'evt_refund',
            chargeId: 'ch_1',
            invoiceId: 'in_1',
            amountRefundedCents: 300,
            totalRefundedCents: 300,
            paymentAmountCents: 999,
          },
        },
        `subscription-${memberId}`,
        1,
      ),
      record(
        {
          type: 'ReferralRewardPaid',
          data: {
            payoutId: 'po_1',
            referrerId: memberId,
            month: '2026-11',
            rewardIds: ['rw_1'],
            grossCents: 99,
            clawbackCents: 0,
            amountCents: 99,
            transferId: 'tr_ref_1',
            destinationAccountId: 'acct_member',
            paidAt: at,
          },
        },
        `referral-${memberId}`,
        0,
      ),
    ];
    await projectEvents(database.db, postingsProjector, events);
    for (const event of events) await projectEvents(database.db, postingsProjector, [event]);
    expect(await accountBalances(database.db)).toEqual([
      { account: 'cash_at_provider', balanceCents: 999 - 300 - 99 },
      { account: 'platform_expense', balanceCents: 99 },
      { account: 'platform_revenue', balanceCents: -(999 - 300) },
    ]);
  });
});
