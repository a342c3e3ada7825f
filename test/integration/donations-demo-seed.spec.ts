import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { sql } from 'kysely';
import { CharityOnboardingModule, seedDemoCharities } from '@arena/charities';
import type { AppConfig } from '@arena/config';
import { DEMO_DONOR_NAME, DonationsModule, seedDemoDonations } from '@arena/donations';
import { donorName } from '@arena/contracts/donations.contract';
import { EVENT_STORE, type EventStore } from '@arena/event-store';
import { seedDemoMembers } from '@arena/identity';
import { JobsService } from '@arena/jobs';
import { verifyCheckpointSignature } from '@arena/contracts/ledger/checkpoint';
import { leafHash, verifyInclusion } from '@arena/contracts/ledger/merkle';
import { LedgerModule, LedgerService, signDemoCheckpoint } from '@arena/ledger';
import { donationReceipt } from '@arena/projections/donations/donations.queries';
import { LocalEventsInProcess, LocalPayments, Payments, PaymentsModule } from '@arena/payments';
import { PlatformModule } from '@arena/platform';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { seedAllDemoTournaments } from '@arena/tournaments';
import { servingDonationsReadModel } from '../../apps/cli/src/seed-read-models';
import { DonationStreams } from '../../libs/donations/src/application/donation-streams';

/**
 * `npm start`'s money flow (apps/cli/src/seed.ts): composed as the seed composes it (serving the donations read
 * model its transfer windows read, as the seed does before the worker starts), seeded twice, then
 * the worker's part played here (the local driver's webhooks applied through the webhook service).
 */
describe('the donations demo seed', () => {
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
        CharityOnboardingModule,
        DonationsModule,
        LedgerModule,
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

  const statuses = async () => {
    const rows = await database.db
      .selectFrom('events')
      .select(sql<string>`data->>'donationId'`.as('donationId'))
      .where('event_type', 'in', ['DonationReceived', 'DonationDirected'])
      .execute();
    const streams = app.get(DonationStreams);
    const found = new Map<string, number>();
    for (const donationId of new Set(rows.map((row) => row.donationId))) {
      const status = (await streams.loadDonation(donationId))!.status;
      found.set(status, (found.get(status) ?? 0) + 1);
    }
    return Object.fromEntries(found) as Partial<Record<string, number>>;
  };

  it('shows every money state (held, pending with a failed payout, cleared, reversed), then received once the webhooks arrive; a second run adds nothing', async () => {
    const members = await seedDemoMembers(database.db);
    const store = app.get<EventStore>(EVENT_STORE);
    await seedAllDemoTournaments({ players: members, eventStore: store, jobs: app.get(JobsService) });
    await seedDemoCharities(app, members);

    const first = await servingDonationsReadModel(config, app, () => seedDemoDonations(app, members));
    expect(first).toEqual(
      expect.objectContaining({
        window: 'run',
        giftsPaid: 2,
        monthlyGiftsStarted: 1,
        payoutRequest: expect.any(Object),
      }),
    );
    expect(first.webhooksApplied).toBeGreaterThan(0);
    expect(first.moneyStates).toEqual({
      reversedCents: expect.any(Number),
      payoutsPaid: 1,
      payoutsFailed: 1,
    });
    const afterFirst = await eventCount();
    const seeded = await statuses();
    // The first window's first donation reversed in full; the rest cleared by the paid payout; what the
    // reversal brought back sent in the second window, whose payout failed: pending, flagged.
    expect(seeded).toMatchObject({ reversed: 1, pending: 1 });
    expect(seeded.cleared).toBeGreaterThan(0);
    expect(seeded.held).toBeGreaterThan(0);
    const flagged = await database.db
      .selectFrom('events')
      .select(sql<string>`data->>'donationId'`.as('donationId'))
      .where('event_type', '=', 'DonationPayoutFailed')
      .execute();
    expect(flagged).toHaveLength(1);
    expect(await app.get(DonationStreams).loadDonation(flagged[0]!.donationId)).toMatchObject({
      status: 'pending',
      payoutFailure: { failureCode: 'no_account' },
      directed: { source: { kind: 'reversal' } },
    });

    const second = await servingDonationsReadModel(config, app, () => seedDemoDonations(app, members));
    expect(second).toEqual(
      expect.objectContaining({
        webhooksApplied: 0,
        window: 'already run',
        giftsPaid: 0,
        monthlyGiftsStarted: 0,
        moneyStates: null,
      }),
    );
    expect(await eventCount()).toBe(afterFirst);

    // The worker's deliveries: the gifts recorded. No payout runs to the failing bank account again.
    await app.get(LocalEventsInProcess).deliverPending(['transfer.created', 'checkout.session.completed']);
    const delivered = await statuses();
    expect(delivered).toMatchObject({ pending: 1, reversed: 1, cleared: seeded.cleared });
    const local = app.get(Payments) as LocalPayments;
    expect(await local.runPayouts()).toEqual([]);
    // Held: the gift to the verified charity (until the next window) and the donations to charities
    // without a verified payout account. Received: the pool gift, until a window directs it.
    expect(delivered.held).toBe(seeded.held! + 1);
    expect(delivered.received).toBe(1);
    // The gift to the charity is published under the name its donor chose; the pool gift is anonymous.
    expect(donorName.parse(DEMO_DONOR_NAME)).toBe(DEMO_DONOR_NAME);
    const received = await database.db
      .selectFrom('events')
      .select(sql<string | null>`data->>'donorName'`.as('donorName'))
      .where('event_type', '=', 'DonationReceived')
      .execute();
    expect(received.map((event) => event.donorName).sort()).toEqual([DEMO_DONOR_NAME, null]);
    const directed = await database.db
      .selectFrom('events')
      .select(sql<string | null>`data->'directedBy'->>'displayName'`.as('displayName'))
      .where('event_type', '=', 'DonationDirected')
      .where(sql<boolean>`data->'directedBy'->>'kind' = 'donor'`)
      .execute();
    expect(directed).toEqual([{ displayName: DEMO_DONOR_NAME }]);

    // Issue 23: demo_ben's monthly gift runs, and its first paid month is one more donation, to the charity.
    await app.get(LocalEventsInProcess).deliverPending(['invoice.paid']);
    const monthly = await database.db
      .selectFrom('monthly_gifts' as never)
      .select(['donor_member_id', 'status', 'amount_cents'] as never)
      .execute();
    expect(monthly).toEqual([
      { donor_member_id: members.ben!.accountId, status: 'active', amount_cents: 1000 },
    ]);
    const months = await database.db
      .selectFrom('events')
      .select(sql<string>`data->>'charityEin'`.as('charityEin'))
      .where('event_type', '=', 'DonationReceived')
      .where(sql<boolean>`data->>'checkoutSessionId' LIKE 'in_%'`)
      .execute();
    expect(months).toHaveLength(1);
    expect(months[0]!.charityEin).not.toBeNull();
  }, 120_000);

  it("signs a checkpoint of the demo's entries, in which a seeded receipt's every entry is proven (issue 23)", async () => {
    const { receiptCode } = await database.db
      .selectFrom('events')
      .select(sql<string>`data->>'receiptCode'`.as('receiptCode'))
      .where('event_type', '=', 'DonationDirected')
      .where(sql<boolean>`data->>'receiptCode' IS NOT NULL`)
      .limit(1)
      .executeTakeFirstOrThrow();
    const { checkpoint, receipt } = await servingDonationsReadModel(config, app, async () => {
      const signed = await signDemoCheckpoint(app);
      // The receipt is read from the donations read model, which the same runner projects.
      for (let attempt = 0; attempt < 100; attempt++) {
        const found = await donationReceipt(database.db, receiptCode);
        if (found) return { checkpoint: signed, receipt: found };
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`No receipt ${receiptCode} in the donations read model`);
    });
    expect(checkpoint).not.toBeNull();
    const ledger = app.get(LedgerService);
    expect(await verifyCheckpointSignature(checkpoint!, ledger.publicKey().publicKey)).toBe(true);
    // A prize's gift is directed in one event; a gift through checkout is received, then directed.
    expect(receipt.ledgerEntryIds.length).toBeGreaterThanOrEqual(1);
    for (const id of receipt.ledgerEntryIds) {
      const proof = await ledger.inclusionProof(id);
      expect(proof.checkpoint).toEqual(checkpoint);
      expect(proof.entry.body.receiptCode).toBe(receiptCode);
      expect(
        await verifyInclusion(
          await leafHash(proof.entry.hash),
          proof.leafIndex,
          checkpoint!.treeSize,
          proof.auditPath,
          checkpoint!.rootHash,
        ),
      ).toBe(true);
    }
    // Seeding again signs nothing new: the ledger has not grown.
    expect(await servingDonationsReadModel(config, app, () => signDemoCheckpoint(app))).toEqual(checkpoint);
  }, 120_000);
});
