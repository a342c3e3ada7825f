import { randomInt, randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@arena/event-store';
import { projectEvents } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import {
  donationStreamId,
  prizeBalanceStreamId,
  type DonationEvent,
  type PrizeBalanceEvent,
} from '@arena/donations/events';
import { donationsProjector } from './donations.projection';
import {
  donationReceipt,
  payoutFailures,
  donationSummary,
  listDonations,
  memberDonations,
  topWinners,
  type DonationsTables,
} from './donations.queries';
import type { Kysely } from 'kysely';

const newEin = () => String(randomInt(100_000_000, 999_999_999));
const code = () => `R-${randomUUID().slice(0, 8).toUpperCase()}`;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute)).toISOString();

/** Events of one stream in order, with their stream revisions. */
function stream(streamId: string, events: (DonationEvent | PrizeBalanceEvent)[]): RecordedEvent[] {
  return events.map((event, revision) => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {},
    streamId,
    revision,
    position: { commit: 1n, prepare: 1n },
    createdAt: new Date(),
  }));
}

/** One interleaving of streams: each stream's own order kept, the streams taken by `pick`. */
function interleave(streams: RecordedEvent[][], pick: (candidates: number) => number): RecordedEvent[] {
  const queues = streams.map((events) => [...events]);
  const out: RecordedEvent[] = [];
  for (let open = queues.filter((q) => q.length); open.length; open = queues.filter((q) => q.length)) {
    out.push(open[pick(open.length)]!.shift()!);
  }
  return out;
}

/** A small economy: a pool gift later directed, a Donate Now gift sent and cleared, a prize, a balance. */
function scenario() {
  const ein = newEin();
  const otherEin = newEin();
  const donor = randomUUID();
  const winner = randomUUID();
  const tournamentId = randomUUID();
  const [pool, direct, prize, fromBalance] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const [shareA, shareB] = [randomUUID(), randomUUID()];
  const codes = { pool: code(), direct: code(), prize: code(), fromBalance: code() };
  const received = (
    donationId: string,
    receiptCode: string,
    cents: number,
    charityEin: string | null,
    minute: number,
  ) =>
    ({
      type: 'DonationReceived',
      data: {
        donationId,
        amountCents: cents,
        currency: 'usd',
        donorEmail: 'giver@example.org',
        donorMemberId: donor,
        charityEin,
        checkoutSessionId: `cs_test_${donationId}`,
        paymentIntentId: `pi_3Q${donationId.replace(/-/g, '')}`,
        providerEventId: `evt_${donationId}`,
        receiptCode,
        receivedAt: at(minute),
      },
    }) satisfies DonationEvent;
  const streams = [
    stream(donationStreamId(pool), [
      received(pool, codes.pool, 2500, null, 1),
      {
        type: 'DonationDirected',
        data: {
          donationId: pool,
          amountCents: 2500,
          charityEin: otherEin,
          charityName: 'River Trust',
          directedBy: { kind: 'platform', reason: 'donation-pool' },
          source: { kind: 'gift', checkoutSessionId: `cs_test_${pool}` },
          receiptCode: codes.pool,
          directedAt: at(30),
        },
      },
    ]),
    stream(donationStreamId(direct), [
      received(direct, codes.direct, 1000, ein, 2),
      {
        type: 'DonationDirected',
        data: {
          donationId: direct,
          amountCents: 1000,
          charityEin: ein,
          charityName: 'Harbor Food Bank',
          directedBy: { kind: 'donor', memberId: donor, displayName: 'Giver' },
          source: { kind: 'gift', checkoutSessionId: `cs_test_${direct}` },
          receiptCode: codes.direct,
          directedAt: at(2),
        },
      },
      {
        type: 'DonationTransferInitiated',
        data: {
          donationId: direct,
          windowId: '2026-11-23',
          transferId: 'tr_1AbCdEfGhIjK',
          charityEin: ein,
          stripeAccountId: 'acct_1',
          amountCents: 1000,
          transferAmountCents: 1000,
          initiatedAt: at(40),
        },
      },
      {
        type: 'PayoutCleared',
        data: {
          donationId: direct,
          transferId: 'tr_1AbCdEfGhIjK',
          providerEventId: 'evt_c',
          clearedAt: at(50),
        },
      },
    ]),
    stream(donationStreamId(prize), [
      {
        type: 'DonationDirected',
        data: {
          donationId: prize,
          amountCents: 3000,
          charityEin: ein,
          charityName: 'Harbor Food Bank',
          directedBy: { kind: 'winner', memberId: winner, username: 'ada' },
          source: { kind: 'prize', tournamentId, tournamentTitle: 'Snake Cup', rank: 1, memberId: winner },
          receiptCode: codes.prize,
          directedAt: at(5),
        },
      },
      {
        type: 'DonationTransferInitiated',
        data: {
          donationId: prize,
          windowId: '2026-11-23',
          transferId: 'tr_9ZyXwVuTsRqP',
          charityEin: ein,
          stripeAccountId: 'acct_1',
          amountCents: 3000,
          transferAmountCents: 3000,
          initiatedAt: at(40),
        },
      },
      {
        type: 'DonationTransferFailed',
        data: {
          donationId: prize,
          transferId: 'tr_9ZyXwVuTsRqP',
          reason: 'reversed',
          providerEventId: null,
          failedAt: at(45),
        },
      },
    ]),
    stream(prizeBalanceStreamId(winner), [
      ...[shareA, shareB].map(
        (shareId, index) =>
          ({
            type: 'PrizeShareCredited',
            data: {
              memberId: winner,
              username: 'ada',
              shareId,
              tournamentId,
              tournamentTitle: 'Snake Cup',
              rank: 2 + index,
              amountCents: 1500,
              creditedAt: at(6 + index),
              directBy: at(59),
            },
          }) satisfies PrizeBalanceEvent,
      ),
      {
        type: 'PrizeBalanceDirected',
        data: {
          memberId: winner,
          donationId: fromBalance,
          amountCents: 2000,
          charityEin: otherEin,
          charityName: 'River Trust',
          shares: [
            { shareId: shareA, amountCents: 1500 },
            { shareId: shareB, amountCents: 500 },
          ],
          by: 'member',
          directedAt: at(20),
        },
      },
    ]),
    stream(donationStreamId(fromBalance), [
      {
        type: 'DonationDirected',
        data: {
          donationId: fromBalance,
          amountCents: 2000,
          charityEin: otherEin,
          charityName: 'River Trust',
          directedBy: { kind: 'winner', memberId: winner, username: 'ada' },
          source: {
            kind: 'prize-balance',
            memberId: winner,
            shares: [
              { shareId: shareA, amountCents: 1500 },
              { shareId: shareB, amountCents: 500 },
            ],
          },
          receiptCode: codes.fromBalance,
          directedAt: at(20),
        },
      },
    ]),
  ];
  return { streams, ein, otherEin, donor, winner, codes, ids: { pool, direct, prize, fromBalance } };
}

async function snapshot(db: Kysely<DonationsTables>, scene: ReturnType<typeof scenario>) {
  return {
    list: await listDonations(db, { limit: 100, offset: 0 }),
    summary: await donationSummary(db),
    winners: await topWinners(db, 10),
    receipts: await Promise.all(
      Object.values(scene.codes).map((receiptCode) => donationReceipt(db, receiptCode)),
    ),
    donor: await memberDonations(db, scene.donor),
    winner: await memberDonations(db, scene.winner),
  };
}

describe('donations projection', () => {
  const databases: TestDatabase[] = [];
  const fresh = async () => {
    const database = await createTestDatabase(2);
    databases.push(database);
    return database.db as unknown as Kysely<DonationsTables>;
  };
  afterAll(() => Promise.all(databases.map((database) => database.drop())));

  it('keeps one row per donation with its status, public names, source and masked provider id', async () => {
    const db = await fresh();
    const scene = scenario();
    await projectEvents(db, donationsProjector, scene.streams.flat());
    const { list, winners, donor, winner } = await snapshot(db, scene);
    const byId = new Map(list.donations.map((donation) => [donation.id, donation]));
    expect(list.total).toBe(4);
    expect(list.donations.map((donation) => donation.datetime)).toEqual([at(20), at(5), at(2), at(1)]);
    expect(byId.get(scene.ids.pool)).toMatchObject({
      directedBy: 'Charity Arena',
      nonprofit: 'River Trust',
      nonprofitEin: scene.otherEin,
      source: 'Direct gift',
      status: 'held',
      stripeId: expect.stringMatching(/^pi_3…/),
      receiptUrl: `/donate/receipt/${scene.codes.pool}`,
    });
    // Issue 23 item 12: a donor is named only under the name they chose at checkout (here 'Giver').
    expect(byId.get(scene.ids.direct)).toMatchObject({
      directedBy: 'Giver',
      nonprofit: 'Harbor Food Bank',
      status: 'cleared',
      stripeId: 'tr_1…hIjK',
      amountCents: 1000,
    });
    expect(byId.get(scene.ids.prize)).toMatchObject({
      directedBy: 'ada',
      source: 'Snake Cup',
      status: 'held',
      stripeId: null,
    });
    expect(byId.get(scene.ids.fromBalance)).toMatchObject({ directedBy: 'ada', source: 'Prize balance' });
    expect(donor).toMatchObject({
      directableCents: 0,
      heldCents: 2500,
      clearedCents: 1000,
      totalDonatedCents: 3500,
      donationCount: 2,
      charitiesSupported: 2,
    });
    expect(winner).toMatchObject({
      directableCents: 1000,
      heldCents: 5000,
      donationCount: 2,
      charitiesSupported: 2,
    });
    expect(winner.shares).toEqual([
      expect.objectContaining({
        tournamentTitle: 'Snake Cup',
        rank: 3,
        amountCents: 1500,
        remainingCents: 1000,
      }),
    ]);
    expect(winners.winners.find((entry) => entry.id === scene.winner)).toEqual({
      id: scene.winner,
      name: 'ada',
      amountCents: 5000,
      nonprofit: 'River Trust',
      date: at(20),
      receiptCode: scene.codes.fromBalance,
    });
  });

  it("shows an erased winner under the erased name on the ledger, receipts and winners' card; donors and the platform keep theirs", async () => {
    const db = await fresh();
    const scene = scenario();
    await projectEvents(db, donationsProjector, scene.streams.flat());
    await db
      .insertInto('erased_members')
      .values({
        member_id: scene.winner,
        erased_name: 'deleted-0123456789ab',
        erased_at: new Date(),
      } as never)
      .execute();
    await db
      .insertInto('erased_members')
      .values({ member_id: scene.donor, erased_name: 'deleted-ba9876543210', erased_at: new Date() } as never)
      .execute();
    const { list, winners, receipts } = await snapshot(db, scene);
    const byId = new Map(list.donations.map((donation) => [donation.id, donation.directedBy]));
    expect(byId.get(scene.ids.prize)).toBe('deleted-0123456789ab');
    expect(byId.get(scene.ids.fromBalance)).toBe('deleted-0123456789ab');
    expect(byId.get(scene.ids.pool)).toBe('Charity Arena');
    expect(byId.get(scene.ids.direct)).toBe('Anonymous donor');
    expect(winners.winners.find((entry) => entry.id === scene.winner)?.name).toBe('deleted-0123456789ab');
    expect(JSON.stringify(receipts)).not.toContain('"ada"');
  });

  it('shows a pool gift under the name its donor chose while it waits, and as Anonymous donor once they are erased', async () => {
    const db = await fresh();
    const scene = scenario();
    const [poolStream] = scene.streams;
    const first = poolStream![0]! as { data: Record<string, unknown> };
    const named = { ...first, data: { ...first.data, donorName: 'Storm the Castle' } };
    await projectEvents(db, donationsProjector, [named as never]);
    const directedByOfPool = async () =>
      (await listDonations(db, { limit: 10, offset: 0, status: 'held' })).donations.find(
        (donation) => donation.id === scene.ids.pool,
      )?.directedBy;
    expect(await directedByOfPool()).toBe('Storm the Castle');
    await db
      .insertInto('erased_members')
      .values({ member_id: scene.donor, erased_name: 'deleted-ba9876543210', erased_at: new Date() } as never)
      .execute();
    expect(await directedByOfPool()).toBe('Anonymous donor');
  });

  it('sums the summary cards: verified, pending, pool and nonprofits', async () => {
    const db = await fresh();
    const scene = scenario();
    // The pool gift before Charity Arena directs it: only its first event.
    const [poolStream, ...others] = scene.streams;
    await projectEvents(db, donationsProjector, [poolStream![0]!, ...others.flat()]);
    expect(await donationSummary(db)).toEqual({
      totalVerifiedCents: 1000,
      nonprofitsImpacted: 2,
      pendingBalanceCents: 5000,
      donationPoolCents: 2500,
    });
    const pooled = (await listDonations(db, { limit: 10, offset: 0, status: 'held' })).donations.find(
      (donation) => donation.id === scene.ids.pool,
    );
    expect(pooled).toMatchObject({ nonprofit: null, nonprofitEin: null, directedBy: 'Anonymous donor' });
  });

  it("tells a receipt's history in order, with the events it came from", async () => {
    const db = await fresh();
    const scene = scenario();
    await projectEvents(db, donationsProjector, scene.streams.flat());
    const receipt = await donationReceipt(db, scene.codes.prize);
    expect(receipt?.history.map((entry) => [entry.status, entry.at])).toEqual([
      ['directed', at(5)],
      ['pending', at(40)],
      ['failed', at(45)],
    ]);
    expect(receipt?.ledgerEntryIds).toEqual(scene.streams[2]!.map((event) => event.id));
    expect(await donationReceipt(db, 'R-NOPE')).toBeUndefined();
  });

  it('issue 20: a failed payout flags a donation (still pending), reversals mark it reversed, the re-held money is its own donation', async () => {
    const db = await fresh();
    const ein = newEin();
    const [original, reheld] = [randomUUID(), randomUUID()];
    const codes = { original: code(), reheld: code() };
    const directed = (donationId: string, amountCents: number, receiptCode: string, source: object) =>
      ({
        type: 'DonationDirected',
        data: {
          donationId,
          amountCents,
          charityEin: ein,
          charityName: 'Harbor Food Bank',
          directedBy: { kind: 'platform', reason: 'donation-pool' },
          source,
          receiptCode,
          directedAt: at(1),
        },
      }) as DonationEvent;
    const reversal = (
      reversalId: string,
      amountCents: number,
      totalReversedCents: number,
    ): DonationEvent => ({
      type: 'DonationTransferReversed',
      data: {
        donationId: original,
        transferId: 'tr_1AbCdEfGh',
        reversalId,
        amountCents,
        totalReversedCents,
        providerEventId: `evt_${reversalId}`,
        reversedAt: at(50),
      },
    });
    const first = stream(donationStreamId(original), [
      directed(original, 1000, codes.original, { kind: 'prize-balance', memberId: randomUUID(), shares: [] }),
      {
        type: 'DonationTransferInitiated',
        data: {
          donationId: original,
          windowId: '2026-11-23',
          transferId: 'tr_1AbCdEfGh',
          charityEin: ein,
          stripeAccountId: 'acct_1',
          amountCents: 1000,
          transferAmountCents: 1000,
          initiatedAt: at(40),
        },
      },
      {
        type: 'DonationPayoutFailed',
        data: {
          donationId: original,
          transferId: 'tr_1AbCdEfGh',
          stripeAccountId: 'acct_1',
          payoutId: 'po_1',
          failureCode: 'account_closed',
          failureMessage: 'The bank account has been closed.',
          providerEventId: 'evt_po',
          failedAt: at(45),
        },
      },
    ]);
    await projectEvents(db, donationsProjector, first);
    const row = () =>
      db.selectFrom('donations').selectAll().where('id', '=', original).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ status: 'pending', payout_failure: 'account_closed' });
    // Finance's list of failed payouts (the reconciliation report's payoutFailures).
    expect(await payoutFailures(db as never)).toEqual([
      expect.objectContaining({ donationId: original, failureCode: 'account_closed' }),
    ]);
    const summaryBefore = await donationSummary(db);
    const rest = stream(donationStreamId(original), [
      reversal('trr_1', 400, 400),
      reversal('trr_2', 600, 1000),
    ]).map((event, index) => ({ ...event, revision: 3 + index }));
    const again = stream(donationStreamId(reheld), [
      directed(reheld, 400, codes.reheld, {
        kind: 'reversal',
        donationId: original,
        transferId: 'tr_1AbCdEfGh',
        reversalId: 'trr_1',
      }),
    ]);
    await projectEvents(db, donationsProjector, [rest[0]!, ...again]);
    expect(await row()).toMatchObject({ status: 'pending', reversed_cents: 400 });
    // Counted once: what came back is held again in its own donation.
    expect((await donationSummary(db)).pendingBalanceCents).toBe(summaryBefore.pendingBalanceCents);
    await projectEvents(db, donationsProjector, [rest[1]!, rest[1]!]);
    expect(await row()).toMatchObject({ status: 'reversed', reversed_cents: 1000 });
    const receipt = await donationReceipt(db, codes.original);
    expect(receipt?.history.map((entry) => entry.status)).toEqual([
      'directed',
      'pending',
      'payout-failed',
      'reversed',
      'reversed',
    ]);
    expect((await donationReceipt(db, codes.reheld))?.donation).toMatchObject({
      source: 'Returned by a transfer reversal',
      status: 'held',
      amountCents: 400,
    });
  });

  it('answers the same whatever the interleaving of streams, and the same again on redelivery', async () => {
    const scene = scenario();
    const inOrder = await fresh();
    await projectEvents(
      inOrder,
      donationsProjector,
      interleave(scene.streams, () => 0),
    );
    const expected = await snapshot(inOrder, scene);

    const shuffled = await fresh();
    let seed = 7;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const order = interleave(scene.streams, random);
    // Delivered in small batches, each batch twice, then everything once more.
    for (let start = 0; start < order.length; start += 3) {
      await projectEvents(shuffled, donationsProjector, order.slice(start, start + 3));
      await projectEvents(shuffled, donationsProjector, order.slice(start, start + 3));
    }
    await projectEvents(shuffled, donationsProjector, order);
    expect(await snapshot(shuffled, scene)).toEqual(expected);

    const reversed = await fresh();
    await projectEvents(
      reversed,
      donationsProjector,
      interleave(scene.streams, (n) => n - 1),
    );
    expect(await snapshot(reversed, scene)).toEqual(expected);
  });
});
