import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { PostgresEventStore } from '@arena/event-store';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import type { Payments, TransferInput } from '@arena/payments';
import type { NotificationsService } from '@arena/notifications';
import type { AppConfig } from '@arena/config';
import { DonationStreams } from '../../libs/donations/src/application/donation-streams';
import { GiftPaidHandler } from '../../libs/donations/src/application/reactions/gift-paid.handler';
import { DonationLog } from '../../libs/donations/src/application/donation-log';
import type { PayoutCharities } from '../../libs/donations/src/application/payout-charities';
import type { PlatformChoice } from '../../libs/donations/src/application/platform-choice';
import { TransferWindowService } from '../../libs/donations/src/application/reactions/transfer-window.service';
import { DonationTransfersRepository } from '../../libs/donations/src/infrastructure/donation-transfers.repository';
import { TransferWindowPlansRepository } from '../../libs/donations/src/infrastructure/transfer-window-plans.repository';
import { PrizeFlow } from '../../libs/donations/src/application/reactions/prize-flow';
import { TransferOutcomeHandler } from '../../libs/donations/src/application/reactions/transfer-outcome.handler';
import type { JobsService } from '@arena/jobs';
import {
  derivedEventIds,
  donationIdFrom,
  receiptCodeOf,
} from '../../libs/donations/src/application/donation-ids';

/**
 * The donation write side on a real PostgreSQL event store: a gift webhook delivered 50 times at once
 * receives one donation and one receipt; a transfer window interrupted at random steps and re-run pays
 * each charity once and initiates each donation once.
 */
describe('donations write side', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let streams: DonationStreams;

  beforeEach(async () => {
    database = await createTestDatabase(20);
    store = new PostgresEventStore({ connectionString: database.url, pool: database.pool });
    streams = new DonationStreams(store);
  });

  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  const charities = (verified: string[]) =>
    ({
      find: async (ein: string) => ({
        ein,
        name: `Charity ${ein}`,
        stripeAccountId: `acct_${ein}`,
        payoutVerified: verified.includes(ein),
      }),
      verified: async (ein: string) =>
        verified.includes(ein)
          ? { ein, name: `Charity ${ein}`, stripeAccountId: `acct_${ein}`, payoutVerified: true }
          : null,
    }) as unknown as PayoutCharities;

  it('the same gift webhook 50 times concurrently receives one donation and sends one receipt', async () => {
    const sent: unknown[] = [];
    const notifications = {
      sendEmail: async (message: unknown) => sent.push(message),
    } as unknown as NotificationsService;
    const handler = new GiftPaidHandler(
      { PUBLIC_URL: 'http://localhost:3000' } as AppConfig,
      streams,
      charities(['530196605']),
      notifications,
    );
    const event = {
      id: 'evt_gift_1',
      type: 'checkout.session.completed',
      created: 1_790_000_000,
      data: {
        object: {
          id: 'cs_test_gift_1',
          metadata: { kind: 'gift', charityEin: '530196605' },
          payment_status: 'paid',
          amount_total: 2500,
          customer_details: { email: 'ada@example.com' },
          payment_intent: 'pi_1',
        },
      },
    } as unknown as Stripe.Event;
    await Promise.all(Array.from({ length: 50 }, () => handler.handle(event)));
    const donationId = donationIdFrom('checkout:cs_test_gift_1');
    const recorded = await store.readStream(`donation-${donationId}`);
    expect(recorded.map((e) => e.type)).toEqual(['DonationReceived', 'DonationDirected']);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).toContain(
      `http://localhost:3000/donate/receipt/${receiptCodeOf(donationId)}`,
    );
  });

  it('a transfer window interrupted at random steps and re-run pays each charity once', async () => {
    const eins = ['100000001', '100000002', '100000003', '100000004'];
    const donationIds: string[] = [];
    for (let i = 0; i < 12; i++) {
      const donationId = donationIdFrom(`test:${i}`);
      donationIds.push(donationId);
      await streams.donation(
        {
          type: 'DirectDonation',
          data: {
            donationId,
            amountCents: 100 * (i + 1),
            charityEin: eins[i % eins.length]!,
            charityName: 'x',
            directedBy: { kind: 'platform', reason: 'undirected-30-days' },
            source: { kind: 'prize-balance', memberId: 'm', shares: [] },
            receiptCode: receiptCodeOf(donationId),
            directedAt: '2026-11-23T10:00:00.000Z',
          },
        },
        derivedEventIds(`test:${i}`),
      );
    }
    // The provider: one transfer per idempotency key, whatever the number of calls.
    const byKey = new Map<string, TransferInput & { id: string }>();
    let budget = Infinity;
    const payments = {
      createTransfer: async (input: TransferInput) => {
        if (budget-- <= 0) throw new Error('interrupted');
        const transfer = byKey.get(input.idempotencyKey) ?? { ...input, id: `tr_${byKey.size + 1}` };
        byKey.set(input.idempotencyKey, transfer);
        return {
          id: transfer.id,
          amountCents: transfer.amountCents,
          destinationAccountId: transfer.destinationAccountId,
        };
      },
    } as unknown as Payments;
    const db = database.db as Kysely<any>;
    const window = new TransferWindowService(
      payments,
      streams,
      new DonationLog(store),
      charities(eins.slice(0, 3)),
      { choose: async () => null } as unknown as PlatformChoice,
      new TransferWindowPlansRepository(db),
      new DonationTransfersRepository(db),
    );
    for (let run = 0; run < 10; run++) {
      budget = Math.floor(Math.random() * 4);
      await window.run('2026-11-23').catch((error: Error) => expect(error.message).toBe('interrupted'));
    }
    budget = Infinity;
    const result = await window.run('2026-11-23');

    expect(byKey.size).toBe(3);
    expect(result.skippedCharities).toEqual([{ charityEin: '100000004', reason: expect.any(String) }]);
    for (const [index, donationId] of donationIds.entries()) {
      const types = (await store.readStream(`donation-${donationId}`)).map((e) => e.type);
      expect(types).toEqual(
        index % 4 === 3 ? ['DonationDirected'] : ['DonationDirected', 'DonationTransferInitiated'],
      );
    }
    const paid = [...byKey.values()].map((t) => t.amountCents).sort((a, b) => a - b);
    expect(paid).toEqual([1500, 1800, 2100]);
  });
  it('a prize allocation redelivered directs or credits once, and queues its share job under one id', async () => {
    const jobIds: string[] = [];
    const jobs = {
      enqueue: async (_name: string, _payload: unknown, options: { jobId: string }) =>
        jobIds.push(options.jobId),
    } as unknown as JobsService;
    const flow = new PrizeFlow({ DONATION_DIRECT_AFTER_DAYS: 30 } as AppConfig, store, streams, jobs);
    const prize = (charityId: string | null) => ({
      tournamentId: 't1',
      rank: 1,
      userId: 'member-1',
      username: 'ada',
      score: 10,
      amountCents: 700,
      charityId,
      charityName: charityId && 'Red Cross',
      allocatedAt: '2026-11-23T10:00:00.000Z',
    });
    const withCharity = '9a0c4a52-5d7e-4f0e-9b1a-2c3d4e5f6a7b';
    const without = '9b0c4a52-5d7e-4f0e-9b1a-2c3d4e5f6a7b';
    for (let i = 0; i < 3; i++) {
      await Promise.all([
        flow.prizeAllocated(withCharity, prize('530196605')),
        flow.prizeAllocated(without, prize(null)),
      ]);
    }
    const donation = await store.readStream(`donation-${donationIdFrom(`prize:${withCharity}`)}`);
    expect(donation.map((e) => e.type)).toEqual(['DonationDirected']);
    const balance = await store.readStream('prize-balance-member-1');
    expect(balance.map((e) => e.type)).toEqual(['PrizeShareCredited']);
    expect(balance[0]!.data).toMatchObject({ shareId: without, directBy: '2026-12-23T10:00:00.000Z' });
    expect(new Set(jobIds)).toEqual(new Set([`direct-share-${without}`]));
  });

  it('transfer.paid before its donations were initiated is refused, then clears them once', async () => {
    const db = database.db as Kysely<any>;
    const transfers = new DonationTransfersRepository(db);
    const handler = new TransferOutcomeHandler(streams, transfers);
    const donationId = donationIdFrom('test:paid');
    await streams.donation(
      {
        type: 'DirectDonation',
        data: {
          donationId,
          amountCents: 500,
          charityEin: '100000001',
          charityName: 'x',
          directedBy: { kind: 'platform', reason: 'undirected-30-days' },
          source: { kind: 'prize-balance', memberId: 'm', shares: [] },
          receiptCode: receiptCodeOf(donationId),
          directedAt: '2026-11-23T10:00:00.000Z',
        },
      },
      derivedEventIds('test:paid'),
    );
    const paid = {
      id: 'evt_paid_1',
      type: 'transfer.paid',
      created: 1_790_000_000,
      data: { object: { id: 'tr_9', metadata: { windowId: '2026-11-23', charityEin: '100000001' } } },
    } as unknown as Stripe.Event;
    await expect(handler.handle(paid)).rejects.toThrow(/not recorded/);
    await transfers.record('tr_9', 'acct_1', [donationId]);
    await expect(handler.handle(paid)).rejects.toThrow(/not in transfer/);
    await streams.donation(
      {
        type: 'InitiateTransfer',
        data: {
          donationId,
          windowId: '2026-11-23',
          transferId: 'tr_9',
          charityEin: '100000001',
          stripeAccountId: 'acct_1',
          amountCents: 500,
          transferAmountCents: 500,
          initiatedAt: '2026-11-23T15:00:00.000Z',
        },
      },
      derivedEventIds(`transfer:tr_9:${donationId}`),
    );
    await Promise.all(Array.from({ length: 10 }, () => handler.handle(paid)));
    const types = (await store.readStream(`donation-${donationId}`)).map((e) => e.type);
    expect(types).toEqual(['DonationDirected', 'DonationTransferInitiated', 'PayoutCleared']);
  });
});
