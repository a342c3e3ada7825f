import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import { PostgresEventStore } from '@arena/event-store';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { PaymentsError, type Payments, type TransferInput } from '@arena/payments';
import type { NotificationsService } from '@arena/notifications';
import type { AppConfig } from '@arena/config';
import { DonationStreams } from '../../libs/donations/src/application/donation-streams';
import { GiftPaidHandler } from '../../libs/donations/src/application/reactions/gift-paid.handler';
import { GiftPayments } from '../../libs/donations/src/application/gift-payments';
import * as giftPaymentIntents from '../../migrations/20261127233000-GiftPaymentIntents';
import { donationsProjector } from '@arena/projections/donations/donations.projection';
import { DonationLog } from '../../libs/donations/src/application/donation-log';
import { catchUpReadModel } from './read-model-catch-up.harness';
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
/** A member id the donations read model accepts (a uuid column). */
const WINNER_ID = '00000000-0000-4000-8000-000000000001';

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

  /** A DonationLog whose read model the worker keeps up (caught up as each run starts). */
  const caughtUpLog = () => {
    const log = new DonationLog(store, database.db as Kysely<any>);
    const head = log.head.bind(log);
    log.head = async () => {
      await catchUpReadModel(database.db as Kysely<any>, store, donationsProjector);
      return head();
    };
    return log;
  };

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
      new GiftPayments(database.db as Kysely<any>),
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
    // Issue 21 review: its charge's refunds find it through the lookup table, not the events table.
    expect(await new GiftPayments(database.db as Kysely<any>).donationOfPaymentIntent('pi_1')).toBe(
      donationId,
    );
  });

  it('the lookup migration fills in the gifts paid before it, the first gift per payment intent', async () => {
    const db = database.db as Kysely<any>;
    await giftPaymentIntents.down(db);
    const gift = (cause: string, paymentIntentId: string | null) =>
      streams.donation(
        {
          type: 'ReceiveGift',
          data: {
            donationId: donationIdFrom(cause),
            amountCents: 1000,
            currency: 'usd',
            donorEmail: null,
            donorMemberId: null,
            charityEin: null,
            charityName: null,
            directedBy: { kind: 'donor', memberId: null, displayName: null },
            checkoutSessionId: cause,
            paymentIntentId,
            providerEventId: `evt_${cause}`,
            receiptCode: receiptCodeOf(donationIdFrom(cause)),
            receivedAt: '2026-11-20T10:00:00.000Z',
          },
        },
        derivedEventIds(cause),
      );
    await gift('cs_old_1', 'pi_old_1');
    await gift('cs_old_2', 'pi_old_2');
    await gift('cs_old_2_again', 'pi_old_2');
    await gift('cs_old_3', null);
    await giftPaymentIntents.up(db);
    const rows = await db
      .selectFrom('gift_payment_intents')
      .select(['payment_intent_id', 'donation_id'])
      .orderBy('payment_intent_id')
      .execute();
    expect(rows).toEqual([
      { payment_intent_id: 'pi_old_1', donation_id: donationIdFrom('cs_old_1') },
      { payment_intent_id: 'pi_old_2', donation_id: donationIdFrom('cs_old_2') },
    ]);
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
            source: { kind: 'prize-balance', memberId: WINNER_ID, shares: [] },
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
      caughtUpLog(),
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

  const direct = async (cause: string, amountCents: number, ein = '100000001') => {
    const donationId = donationIdFrom(cause);
    await streams.donation(
      {
        type: 'DirectDonation',
        data: {
          donationId,
          amountCents,
          charityEin: ein,
          charityName: 'x',
          directedBy: { kind: 'platform', reason: 'undirected-30-days' },
          source: { kind: 'prize-balance', memberId: WINNER_ID, shares: [] },
          receiptCode: receiptCodeOf(donationId),
          directedAt: '2026-11-23T10:00:00.000Z',
        },
      },
      derivedEventIds(cause),
    );
    return donationId;
  };
  const initiate = (
    donationId: string,
    transferId: string,
    amountCents: number,
    transferAmountCents: number,
  ) =>
    streams.donation(
      {
        type: 'InitiateTransfer',
        data: {
          donationId,
          windowId: '2026-11-23',
          transferId,
          charityEin: '100000001',
          stripeAccountId: 'acct_1',
          amountCents,
          transferAmountCents,
          initiatedAt: '2026-11-23T15:00:00.000Z',
        },
      },
      derivedEventIds(`transfer:${transferId}:${donationId}`),
    );
  const typesOf = async (donationId: string) =>
    (await store.readStream(`donation-${donationId}`)).map((e) => e.type);
  /** The provider as the handler asks it: a charity's account, and which transfers each payout carried. */
  const provider = (carried: Record<string, string[]>, charityId: string | null = 'charity-1') =>
    ({
      retrieveConnectedAccount: async (id: string) => ({ id, charityId }),
      transfersCarriedByPayout: async ({ payoutId }: { payoutId: string }) => carried[payoutId] ?? [],
    }) as unknown as Payments;
  const payoutEvent = (
    id: string,
    type: 'payout.paid' | 'payout.failed',
    payoutId: string,
    failureCode?: string,
  ) =>
    ({
      id,
      type,
      account: 'acct_1',
      created: 1_790_000_000,
      data: {
        object: {
          id: payoutId,
          object: 'payout',
          status: type === 'payout.paid' ? 'paid' : 'failed',
          failure_code: failureCode ?? null,
          failure_message: failureCode ? 'The bank account has been closed.' : null,
        },
      },
    }) as unknown as Stripe.Event;
  const reversedEvent = (
    id: string,
    transferId: string,
    amountReversed: number,
    reversals: { id: string; amount: number }[],
  ) =>
    ({
      id,
      type: 'transfer.reversed',
      created: 1_790_000_100,
      data: {
        object: {
          id: transferId,
          object: 'transfer',
          amount: 1500,
          amount_reversed: amountReversed,
          metadata: { windowId: '2026-11-23', charityEin: '100000001' },
          reversals: { object: 'list', data: reversals, has_more: false },
        },
      },
    }) as unknown as Stripe.Event;

  it('payout.paid before its transfer was recorded or initiated is refused (retried), then clears once under 20 deliveries', async () => {
    const db = database.db as Kysely<any>;
    const transfers = new DonationTransfersRepository(db);
    const handler = new TransferOutcomeHandler(streams, transfers, provider({ po_1: ['tr_9'] }));
    const donationId = await direct('test:paid', 500);
    const paid = payoutEvent('evt_paid_1', 'payout.paid', 'po_1');
    await expect(handler.handle(paid)).rejects.toThrow(/not recorded/);
    await transfers.record('tr_9', 'acct_1', [donationId]);
    await expect(handler.handle(paid)).rejects.toThrow(/not in transfer/);
    await initiate(donationId, 'tr_9', 500, 500);
    await Promise.all(Array.from({ length: 20 }, () => handler.handle(paid)));
    expect(await typesOf(donationId)).toEqual([
      'DonationDirected',
      'DonationTransferInitiated',
      'PayoutCleared',
    ]);
    const cleared = (await store.readStream(`donation-${donationId}`))[2]!.data;
    expect(cleared).toMatchObject({ transferId: 'tr_9', payoutId: 'po_1', providerEventId: 'evt_paid_1' });
  });

  it("clears exactly the donations whose transfers the payout carried; ignores a member's account", async () => {
    const db = database.db as Kysely<any>;
    const transfers = new DonationTransfersRepository(db);
    const carriedIds = [await direct('test:a', 300), await direct('test:b', 200)];
    const later = await direct('test:c', 100);
    await transfers.record('tr_a', 'acct_1', carriedIds);
    await transfers.record('tr_c', 'acct_1', [later]);
    for (const id of carriedIds) await initiate(id, 'tr_a', id === carriedIds[0] ? 300 : 200, 500);
    await initiate(later, 'tr_c', 100, 100);
    await new TransferOutcomeHandler(streams, transfers, provider({ po_1: ['tr_a'] }, null)).handle(
      payoutEvent('evt_member', 'payout.paid', 'po_1'),
    );
    expect(await typesOf(carriedIds[0]!)).toEqual(['DonationDirected', 'DonationTransferInitiated']);
    await new TransferOutcomeHandler(streams, transfers, provider({ po_1: ['tr_a'] })).handle(
      payoutEvent('evt_paid', 'payout.paid', 'po_1'),
    );
    for (const id of carriedIds) expect((await typesOf(id)).at(-1)).toBe('PayoutCleared');
    expect(await typesOf(later)).toEqual(['DonationDirected', 'DonationTransferInitiated']);
  });

  it('payout.failed flags the donations (still pending, never re-sent); the payout that carries the funds later clears them', async () => {
    const db = database.db as Kysely<any>;
    const transfers = new DonationTransfersRepository(db);
    const donationId = await direct('test:failed', 700);
    await transfers.record('tr_f', 'acct_1', [donationId]);
    await initiate(donationId, 'tr_f', 700, 700);
    const handler = new TransferOutcomeHandler(
      streams,
      transfers,
      provider({ po_1: ['tr_f'], po_2: ['tr_f'] }),
    );
    const failed = payoutEvent('evt_failed', 'payout.failed', 'po_1', 'account_closed');
    await Promise.all(Array.from({ length: 20 }, () => handler.handle(failed)));
    expect(await typesOf(donationId)).toEqual([
      'DonationDirected',
      'DonationTransferInitiated',
      'DonationPayoutFailed',
    ]);
    expect(await streams.loadDonation(donationId)).toMatchObject({
      status: 'pending',
      payoutFailure: { payoutId: 'po_1', failureCode: 'account_closed' },
    });
    // Issue 22: pending, so never a transfer window's candidate (the read model's held rows), never re-sent.
    await catchUpReadModel(database.db as Kysely<any>, store, donationsProjector);
    expect(await caughtUpLog().openDonationIds()).not.toContain(donationId);
    await handler.handle(payoutEvent('evt_paid_2', 'payout.paid', 'po_2'));
    // The failure reported again, late, changes nothing.
    await handler.handle(payoutEvent('evt_failed_again', 'payout.failed', 'po_1', 'account_closed'));
    expect(await streams.loadDonation(donationId)).toMatchObject({ status: 'cleared', payoutFailure: null });
  });

  it('books each reversal once (20 deliveries at once), over the donations in a fixed order, and holds what came back again', async () => {
    const db = database.db as Kysely<any>;
    const transfers = new DonationTransfersRepository(db);
    const ids = [await direct('test:r1', 1000), await direct('test:r2', 500)].sort();
    await transfers.record('tr_r', 'acct_1', ids);
    const amounts = new Map<string, number>();
    for (const id of ids) {
      const amount = (await streams.loadDonation(id))!.amountCents;
      amounts.set(id, amount);
      await initiate(id, 'tr_r', amount, 1500);
    }
    const handler = new TransferOutcomeHandler(streams, transfers, provider({}));
    const first = reversedEvent('evt_rev_1', 'tr_r', 1200, [{ id: 'trr_1', amount: 1200 }]);
    await Promise.all(Array.from({ length: 20 }, () => handler.handle(first)));
    const [a, b] = ids as [string, string];
    const firstTake = Math.min(1200, amounts.get(a)!);
    expect((await streams.loadDonation(a))!.reversedCents).toBe(firstTake);
    expect((await streams.loadDonation(b))!.reversedCents).toBe(1200 - firstTake);
    const heldA = donationIdFrom(`reversal:trr_1:${a}`);
    expect(await streams.loadDonation(heldA)).toMatchObject({
      status: 'held',
      amountCents: firstTake,
      directed: {
        charityEin: '100000001',
        source: { kind: 'reversal', donationId: a, transferId: 'tr_r', reversalId: 'trr_1' },
      },
    });
    // The rest, in a second reversal; the event lists both (newest first), delivered twice, out of order with the first.
    const second = reversedEvent('evt_rev_2', 'tr_r', 1500, [
      { id: 'trr_2', amount: 300 },
      { id: 'trr_1', amount: 1200 },
    ]);
    await Promise.all([handler.handle(second), handler.handle(second), handler.handle(first)]);
    for (const id of ids) {
      expect(await streams.loadDonation(id)).toMatchObject({
        status: 'reversed',
        reversedCents: amounts.get(id),
      });
    }
    const reheld = [];
    for (const reversal of ['trr_1', 'trr_2'])
      for (const id of ids) {
        const held = await streams.loadDonation(donationIdFrom(`reversal:${reversal}:${id}`));
        if (held) reheld.push(held.amountCents);
      }
    expect(reheld.reduce((sum, cents) => sum + cents, 0)).toBe(1500);
  });

  it('never books more than a transfer sent, however much a forged or garbled event says was reversed', async () => {
    const db = database.db as Kysely<any>;
    const transfers = new DonationTransfersRepository(db);
    const donationId = await direct('test:over', 400);
    await transfers.record('tr_o', 'acct_1', [donationId]);
    await initiate(donationId, 'tr_o', 400, 400);
    const handler = new TransferOutcomeHandler(streams, transfers, provider({}));
    await handler.handle(
      reversedEvent('evt_over', 'tr_o', 99_999_999, [{ id: 'trr_big', amount: 99_999_999 }]),
    );
    await handler.handle(reversedEvent('evt_neg', 'tr_o', -5, [{ id: 'trr_neg', amount: -5 }]));
    expect(await streams.loadDonation(donationId)).toMatchObject({ status: 'reversed', reversedCents: 400 });
  });

  it('a reversal of a transfer whose donations are not recorded is refused (retried); one of another kind is ignored', async () => {
    const db = database.db as Kysely<any>;
    const handler = new TransferOutcomeHandler(streams, new DonationTransfersRepository(db), provider({}));
    await expect(
      handler.handle(reversedEvent('evt_x', 'tr_unknown', 100, [{ id: 'trr_x', amount: 100 }])),
    ).rejects.toThrow(/not recorded/);
    const referral = reversedEvent('evt_y', 'tr_ref', 100, [{ id: 'trr_y', amount: 100 }]);
    (referral.data.object as { metadata: object }).metadata = { kind: 'referral-payout' };
    await expect(handler.handle(referral)).resolves.toBeUndefined();
  });

  it('a transfer window skips a charity the provider refuses (with its reason), pays the others, and retries it next window', async () => {
    const eins = ['200000001', '200000002'];
    const ids = [await direct('test:w1', 100, eins[0]), await direct('test:w2', 200, eins[1])];
    let refuse = true;
    const made: TransferInput[] = [];
    const payments = {
      createTransfer: async (input: TransferInput) => {
        if (refuse && input.destinationAccountId === `acct_${eins[0]}`) {
          throw new PaymentsError(
            'invalid',
            'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          );
        }
        made.push(input);
        return {
          id: `tr_${made.length}`,
          amountCents: input.amountCents,
          destinationAccountId: input.destinationAccountId,
        };
      },
      findTransfer: async () => null,
    } as unknown as Payments;
    const db = database.db as Kysely<any>;
    const window = new TransferWindowService(
      payments,
      streams,
      caughtUpLog(),
      charities(eins),
      { choose: async () => null } as unknown as PlatformChoice,
      new TransferWindowPlansRepository(db),
      new DonationTransfersRepository(db),
    );
    const run = await window.run('2026-11-23');
    expect(run.skippedCharities).toEqual([
      { charityEin: eins[0], reason: expect.stringMatching(/capabilities enabled: transfers/) },
    ]);
    expect(run.transfers.map((t) => t.charityEin)).toEqual([eins[1]]);
    expect(made[0]).toMatchObject({
      sourceTransaction: null,
      metadata: { windowId: '2026-11-23', charityEin: eins[1] },
    });
    expect(await typesOf(ids[0]!)).toEqual(['DonationDirected']);
    refuse = false;
    const next = await window.run('2026-11-24');
    expect(next.transfers.map((t) => t.charityEin)).toEqual([eins[0]]);
    expect(await typesOf(ids[0]!)).toEqual(['DonationDirected', 'DonationTransferInitiated']);
  });

  it('a provider failure of unknown outcome keeps its plan: the next window finishes it under its own key first, never planning its donations again', async () => {
    const ein = '400000001';
    const donationId = await direct('test:unknown', 800, ein);
    let fail = true;
    const keys: string[] = [];
    const payments = {
      createTransfer: async (input: TransferInput) => {
        keys.push(input.idempotencyKey);
        if (fail) throw new PaymentsError('provider_failed', 'The payment provider did not answer');
        return {
          id: 'tr_unknown',
          amountCents: input.amountCents,
          destinationAccountId: input.destinationAccountId,
        };
      },
      findTransfer: async () => null,
    } as unknown as Payments;
    const db = database.db as Kysely<any>;
    const window = new TransferWindowService(
      payments,
      streams,
      caughtUpLog(),
      charities([ein]),
      { choose: async () => null } as unknown as PlatformChoice,
      new TransferWindowPlansRepository(db),
      new DonationTransfersRepository(db),
    );
    const first = await window.run('2026-11-23');
    expect(first.skippedCharities).toEqual([
      { charityEin: ein, reason: 'The payment provider did not answer' },
    ]);
    // Still failing the next day: the old plan is tried again, and its donation is not planned anew.
    const second = await window.run('2026-11-24');
    expect(second.transfers).toEqual([]);
    expect(await new TransferWindowPlansRepository(db).ofWindow('2026-11-24')).toEqual([]);
    fail = false;
    const third = await window.run('2026-11-25');
    expect(third.transfers).toEqual([expect.objectContaining({ transferId: 'tr_unknown', charityEin: ein })]);
    expect(new Set(keys)).toEqual(new Set([`transfer-window:2026-11-23:${ein}:0`]));
    expect(await typesOf(donationId)).toEqual(['DonationDirected', 'DonationTransferInitiated']);
    expect((await window.run('2026-11-26')).transfers).toEqual([]);
  });

  it('two transfer windows at once report each transfer once between them; a re-run reports none (issue 21)', async () => {
    const eins = ['500000001', '500000002', '500000003'];
    for (let i = 0; i < 9; i++) await direct(`test:twice:${i}`, 100 * (i + 1), eins[i % eins.length]);
    const byKey = new Map<string, string>();
    const payments = {
      createTransfer: async (input: TransferInput) => {
        const id = byKey.get(input.idempotencyKey) ?? `tr_twice_${byKey.size + 1}`;
        byKey.set(input.idempotencyKey, id);
        return { id, amountCents: input.amountCents, destinationAccountId: input.destinationAccountId };
      },
    } as unknown as Payments;
    const db = database.db as Kysely<any>;
    const window = new TransferWindowService(
      payments,
      streams,
      caughtUpLog(),
      charities(eins),
      { choose: async () => null } as unknown as PlatformChoice,
      new TransferWindowPlansRepository(db),
      new DonationTransfersRepository(db),
    );
    const runs = await Promise.all([window.run('2026-11-23'), window.run('2026-11-23')]);
    const reported = runs.flatMap((run) => run.transfers.map((transfer) => transfer.transferId)).sort();
    expect(byKey.size).toBe(3);
    expect(reported).toEqual([...byKey.values()].sort());
    expect((await window.run('2026-11-23')).transfers).toEqual([]);
  });

  it('a plan fixed more than 24 hours ago looks its transfer up first, so a re-run past the idempotency window never pays twice', async () => {
    const ein = '300000001';
    const donationId = await direct('test:late', 900, ein);
    const db = database.db as Kysely<any>;
    const plans = new TransferWindowPlansRepository(db);
    await plans.fix({ windowId: '2026-11-20', ein, attempt: 0, donationIds: [donationId], amountCents: 900 });
    await db
      .updateTable('transfer_window_plans')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .execute();
    const asked: string[] = [];
    const payments = {
      findTransfer: async (input: { transferGroup: string; idempotencyKey: string }) => {
        asked.push(`${input.transferGroup} ${input.idempotencyKey}`);
        return { id: 'tr_made_before', amountCents: 900, destinationAccountId: `acct_${ein}` };
      },
      createTransfer: async () => {
        throw new Error('must not make a second transfer');
      },
    } as unknown as Payments;
    const window = new TransferWindowService(
      payments,
      streams,
      caughtUpLog(),
      charities([ein]),
      { choose: async () => null } as unknown as PlatformChoice,
      plans,
      new DonationTransfersRepository(db),
    );
    const run = await window.run('2026-11-20');
    expect(asked).toEqual([`window-2026-11-20 transfer-window:2026-11-20:${ein}:0`]);
    expect(run.transfers).toEqual([expect.objectContaining({ transferId: 'tr_made_before' })]);
    expect(await streams.loadDonation(donationId)).toMatchObject({
      status: 'pending',
      transferId: 'tr_made_before',
    });
  });
});
