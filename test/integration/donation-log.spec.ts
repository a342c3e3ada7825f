import type { Kysely } from 'kysely';
import { PostgresEventStore } from '@arena/event-store';
import type { Payments, TransferInput } from '@arena/payments';
import { donationsProjector } from '@arena/projections/donations/donations.projection';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { DonationLog, DonationReadModelBehindError } from '../../libs/donations/src/application/donation-log';
import {
  derivedEventIds,
  donationIdFrom,
  receiptCodeOf,
} from '../../libs/donations/src/application/donation-ids';
import { DonationStreams } from '../../libs/donations/src/application/donation-streams';
import type { PayoutCharities } from '../../libs/donations/src/application/payout-charities';
import type { PlatformChoice } from '../../libs/donations/src/application/platform-choice';
import { TransferWindowService } from '../../libs/donations/src/application/reactions/transfer-window.service';
import { DonationTransfersRepository } from '../../libs/donations/src/infrastructure/donation-transfers.repository';
import { TransferWindowPlansRepository } from '../../libs/donations/src/infrastructure/transfer-window-plans.repository';
import { catchUpReadModel } from './read-model-catch-up.harness';

const WINNER = '00000000-0000-4000-8000-000000000001';

/**
 * Issue 22: the jobs' questions of all donations (DonationLog) come from the donations read model, never from
 * a scan of the event log, and never from a read model behind the log.
 */
describe('DonationLog: from the donations read model, with a lag guard', () => {
  let database: TestDatabase;
  let db: Kysely<any>;
  let store: PostgresEventStore;
  let streams: DonationStreams;

  beforeEach(async () => {
    database = await createTestDatabase(6);
    db = database.db as Kysely<any>;
    store = new PostgresEventStore({ connectionString: database.url, pool: database.pool });
    streams = new DonationStreams(store);
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  const direct = async (
    cause: string,
    ein: string,
    amountCents: number,
    by: 'winner' | 'platform',
    at: string,
  ) => {
    const donationId = donationIdFrom(cause);
    await streams.donation(
      {
        type: 'DirectDonation',
        data: {
          donationId,
          amountCents,
          charityEin: ein,
          charityName: `Charity ${ein}`,
          directedBy:
            by === 'winner'
              ? { kind: 'winner', memberId: WINNER, username: 'ada' }
              : { kind: 'platform', reason: 'undirected-30-days' },
          source: { kind: 'prize-balance', memberId: WINNER, shares: [] },
          receiptCode: receiptCodeOf(donationId),
          directedAt: at,
        },
      },
      derivedEventIds(cause),
    );
    return donationId;
  };
  const catchUp = () => catchUpReadModel(db, store, donationsProjector);

  it('a transfer window picks its candidates from the read model: it never reads the event log', async () => {
    const held = [
      await direct('a', '100000001', 500, 'winner', '2026-11-20T10:00:00.000Z'),
      await direct('b', '100000001', 700, 'platform', '2026-11-21T10:00:00.000Z'),
    ];
    await catchUp();
    const byKey = new Map<string, TransferInput>();
    const payments = {
      createTransfer: async (input: TransferInput) => {
        byKey.set(input.idempotencyKey, input);
        return { id: `tr_${byKey.size}`, amountCents: input.amountCents, destinationAccountId: 'acct_1' };
      },
    } as unknown as Payments;
    const charities = {
      verified: async (ein: string) => ({ ein, name: 'x', stripeAccountId: 'acct_1', payoutVerified: true }),
    } as unknown as PayoutCharities;
    const window = new TransferWindowService(
      payments,
      streams,
      new DonationLog(store, db),
      charities,
      { choose: async () => null } as unknown as PlatformChoice,
      new TransferWindowPlansRepository(db),
      new DonationTransfersRepository(db),
    );
    const readAll = jest.spyOn(store, 'readAll');

    const run = await window.run('2026-11-23');

    expect(readAll).not.toHaveBeenCalled();
    expect(run.transfers).toEqual([expect.objectContaining({ charityEin: '100000001', amountCents: 1200 })]);
    for (const donationId of held) expect((await streams.loadDonation(donationId))?.status).toBe('pending');
  });

  it('the lag guard waits for the read model, then refuses to answer from one behind the log (the job retries)', async () => {
    await direct('a', '100000001', 500, 'winner', '2026-11-20T10:00:00.000Z');
    await catchUp();
    const log = new DonationLog(store, db);
    log.maxWaitMs = 150;
    expect(await log.openDonationIds()).toHaveLength(1);

    // Written after the read model's checkpoint: the worker has not projected it yet.
    await direct('b', '100000002', 700, 'winner', '2026-11-21T10:00:00.000Z');
    await expect(log.openDonationIds()).rejects.toBeInstanceOf(DonationReadModelBehindError);
    await expect(log.directedTotals(new Date('2026-11-23T00:00:00.000Z'), 30)).rejects.toBeInstanceOf(
      DonationReadModelBehindError,
    );

    // The worker catches up while the job waits: it answers.
    log.maxWaitMs = 10_000;
    const answer = log.openDonationIds();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await catchUp();
    expect(await answer).toHaveLength(2);
  });

  it('never scans the log when the read model does not exist yet: it waits like a lagging one, then refuses', async () => {
    const log = new DonationLog(store, db);
    log.maxWaitMs = 150;
    // An empty log needs no read model: nothing is open, nothing was directed.
    expect(await log.openDonationIds()).toEqual([]);

    await direct('a', '100000001', 500, 'winner', '2026-11-20T10:00:00.000Z');
    const readAll = jest.spyOn(store, 'readAll');
    await expect(log.openDonationIds()).rejects.toBeInstanceOf(DonationReadModelBehindError);
    await expect(log.directedTotals(new Date('2026-11-23T00:00:00.000Z'), 30)).rejects.toBeInstanceOf(
      DonationReadModelBehindError,
    );
    expect(readAll).not.toHaveBeenCalled();

    await catchUp();
    expect(await log.openDonationIds()).toHaveLength(1);
  });

  it("answers the platform's choice from the read model: winners' directions of the last days, and all directions ever", async () => {
    await direct('recent-winner', '100000001', 500, 'winner', '2026-11-20T10:00:00.000Z');
    await direct('old-winner', '100000002', 900, 'winner', '2026-09-01T10:00:00.000Z');
    await direct('platform', '100000003', 2000, 'platform', '2026-11-21T10:00:00.000Z');
    await direct('recent-winner-2', '100000001', 250, 'winner', '2026-11-22T10:00:00.000Z');
    await catchUp();
    const log = new DonationLog(store, db);
    const readAll = jest.spyOn(store, 'readAll');

    const totals = await log.directedTotals(new Date('2026-11-23T00:00:00.000Z'), 30);

    expect(readAll).not.toHaveBeenCalled();
    expect(totals.byWinners).toEqual(new Map([['100000001', 750]]));
    expect(totals.all).toEqual(
      new Map([
        ['100000001', 750],
        ['100000002', 900],
        ['100000003', 2000],
      ]),
    );
  });
});
