import { randomUUID } from 'node:crypto';
import type { DonationEvent } from '@arena/donations/events';
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
