import { randomUUID } from 'node:crypto';
import { canonicalJson, leafHash, merkleRoot, verifyChain } from '@arena/contracts/ledger';
import type { DonationEvent } from '@arena/donations/events';
import type { RecordedEvent } from '@arena/event-store';
import { projectEvents } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { donationLedgerProjector, maskProviderId } from './donation-ledger.projection';
import {
  ledgerEntriesFrom,
  ledgerEntryById,
  ledgerTreeAnswer,
  ledgerTreeSize,
} from './donation-ledger.queries';

describe('donation ledger projection', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(2);
  });
  afterAll(() => database.drop());

  let position = 0;
  const record = (event: DonationEvent): RecordedEvent => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {},
    streamId: `donation-${event.data.donationId}`,
    revision: 0,
    position: { commit: 1n, prepare: BigInt(++position) },
    createdAt: new Date(),
  });
  const apply = (events: RecordedEvent[]) => projectEvents(database.db, donationLedgerProjector, events);

  it('records one public entry per money event, chained in order, and ignores a redelivered event', async () => {
    const donationId = randomUUID();
    const events = [
      record({
        type: 'DonationReceived',
        data: {
          donationId,
          amountCents: 2500,
          currency: 'usd',
          donorEmail: 'donor@example.org',
          donorMemberId: randomUUID(),
          charityEin: '530196605',
          checkoutSessionId: 'cs_test_a1b2c3d4e5',
          paymentIntentId: 'pi_3Q9xyzW7k2',
          providerEventId: 'evt_1',
          receiptCode: 'R-7Q2K',
          receivedAt: '2026-11-23T10:00:00.000Z',
        },
      }),
      record({
        type: 'DonationDirected',
        data: {
          donationId,
          amountCents: 2500,
          charityEin: '530196605',
          charityName: 'American Red Cross',
          directedBy: { kind: 'donor', memberId: randomUUID(), displayName: null },
          source: { kind: 'gift', checkoutSessionId: 'cs_test_a1b2c3d4e5' },
          receiptCode: 'R-7Q2K',
          directedAt: '2026-11-23T10:00:00.000Z',
        },
      }),
      record({
        type: 'DonationTransferInitiated',
        data: {
          donationId,
          windowId: '2026-11-24',
          transferId: 'tr_1AbCdEfGh',
          charityEin: '530196605',
          stripeAccountId: 'acct_1',
          amountCents: 2500,
          transferAmountCents: 9000,
          initiatedAt: '2026-11-24T00:05:00.000Z',
        },
      }),
      record({
        type: 'PayoutCleared',
        data: {
          donationId,
          transferId: 'tr_1AbCdEfGh',
          providerEventId: 'evt_2',
          clearedAt: '2026-11-24T01:00:00.000Z',
        },
      }),
    ];
    await apply(events);
    await apply([events[1]!, events[3]!]);

    const entries = await ledgerEntriesFrom(database.db, 0, 100);
    expect(entries.map((e) => [e.index, e.body.type, e.body.status, e.body.amountCents])).toEqual([
      [0, 'DonationReceived', null, 2500],
      [1, 'DonationDirected', 'held', 2500],
      [2, 'DonationTransferInitiated', 'pending', 2500],
      [3, 'PayoutCleared', 'cleared', 2500],
    ]);
    expect(entries[3]!.body).toMatchObject({ charityName: 'American Red Cross', providerId: 'tr_…EfGh' });
    expect(JSON.stringify(entries)).not.toMatch(/donor@example.org|memberId|acct_1/);
    expect(await verifyChain(entries)).toEqual([]);
    expect(await ledgerTreeSize(database.db)).toBe(4);
    const leaves = await Promise.all(entries.map((entry) => leafHash(entry.hash)));
    expect(await ledgerTreeAnswer(database.db, { kind: 'root', treeSize: 2 })).toEqual([
      await merkleRoot(leaves.slice(0, 2)),
    ]);
    expect(await ledgerEntryById(database.db, events[2]!.id)).toEqual(entries[2]);
    expect(await ledgerEntryById(database.db, randomUUID())).toBeNull();
  });

  it('issue 20: a failed payout (still pending), two partial reversals (the last one: reversed) get entry bodies of their own; old bodies unchanged', async () => {
    const donationId = randomUUID();
    const before = await ledgerTreeSize(database.db);
    const events = [
      record({
        type: 'DonationDirected',
        data: {
          donationId,
          amountCents: 1000,
          charityEin: '530196605',
          charityName: 'American Red Cross',
          directedBy: { kind: 'platform', reason: 'donation-pool' },
          source: { kind: 'prize-balance', memberId: randomUUID(), shares: [] },
          receiptCode: 'R-REV1',
          directedAt: '2026-11-23T10:00:00.000Z',
        },
      }),
      record({
        type: 'DonationTransferInitiated',
        data: {
          donationId,
          windowId: '2026-11-24',
          transferId: 'tr_1RevXyZ9',
          charityEin: '530196605',
          stripeAccountId: 'acct_1',
          amountCents: 1000,
          transferAmountCents: 1000,
          initiatedAt: '2026-11-24T00:05:00.000Z',
        },
      }),
      record({
        type: 'DonationPayoutFailed',
        data: {
          donationId,
          transferId: 'tr_1RevXyZ9',
          stripeAccountId: 'acct_1',
          payoutId: 'po_1FailAbCd',
          failureCode: 'no_account',
          failureMessage: 'No bank account could be located with those details.',
          providerEventId: 'evt_f',
          failedAt: '2026-11-25T00:00:00.000Z',
        },
      }),
      record({
        type: 'DonationTransferReversed',
        data: {
          donationId,
          transferId: 'tr_1RevXyZ9',
          reversalId: 'trr_1PartOne',
          amountCents: 400,
          totalReversedCents: 400,
          providerEventId: 'evt_r1',
          reversedAt: '2026-11-26T00:00:00.000Z',
        },
      }),
      record({
        type: 'DonationTransferReversed',
        data: {
          donationId,
          transferId: 'tr_1RevXyZ9',
          reversalId: 'trr_1PartTwo',
          amountCents: 600,
          totalReversedCents: 1000,
          providerEventId: 'evt_r2',
          reversedAt: '2026-11-26T01:00:00.000Z',
        },
      }),
    ];
    await apply(events);
    await apply([events[3]!]);
    const entries = (await ledgerEntriesFrom(database.db, before, 100)).filter(
      (entry) => entry.body.donationId === donationId,
    );
    expect(
      entries.map((e) => [
        e.body.type,
        e.body.status,
        e.body.amountCents,
        e.body.reversedCents,
        e.body.providerId,
      ]),
    ).toEqual([
      ['DonationDirected', 'held', 1000, undefined, null],
      ['DonationTransferInitiated', 'pending', 1000, undefined, 'tr_…XyZ9'],
      ['DonationPayoutFailed', 'pending', 1000, undefined, 'po_…AbCd'],
      ['DonationTransferReversed', 'pending', 1000, 400, 'trr_…tOne'],
      ['DonationTransferReversed', 'reversed', 1000, 600, 'trr_…tTwo'],
    ]);
    expect(entries[2]!.body).not.toHaveProperty('reversedCents');
    expect(JSON.stringify(entries)).not.toMatch(/acct_1|No bank account/);
    expect(await verifyChain(await ledgerEntriesFrom(database.db, 0, 1000))).toEqual([]);
  });

  it("records a gift's refunds and disputes as entries of their own types, chained (issue 20)", async () => {
    const donationId = randomUUID();
    const base = { donationId, chargeId: 'ch_3QaBcDeF9', providerEventId: 'evt_x' };
    const events = [
      record({
        type: 'DonationReceived',
        data: {
          donationId,
          amountCents: 2500,
          currency: 'usd',
          donorEmail: null,
          donorMemberId: null,
          charityEin: null,
          checkoutSessionId: 'cs_test_z9',
          paymentIntentId: 'pi_3QaBcDeF9',
          providerEventId: 'evt_1',
          receiptCode: 'R-9Z',
          receivedAt: '2026-11-23T10:00:00.000Z',
        },
      }),
      record({
        type: 'GiftRefunded',
        data: {
          ...base,
          paymentIntentId: 'pi_3QaBcDeF9',
          amountCents: 100,
          totalRefundedCents: 100,
          afterTransfer: false,
          donationAmountCents: 2400,
          refundedAt: '2026-11-23T11:00:00.000Z',
        },
      }),
      record({
        type: 'GiftRefunded',
        data: {
          ...base,
          paymentIntentId: 'pi_3QaBcDeF9',
          amountCents: 100,
          totalRefundedCents: 200,
          afterTransfer: false,
          donationAmountCents: 2300,
          refundedAt: '2026-11-23T11:30:00.000Z',
        },
      }),
      record({
        type: 'GiftDisputed',
        data: {
          ...base,
          disputeId: 'du_1XyZw2345',
          amountCents: 2300,
          afterTransfer: false,
          disputedAt: '2026-11-23T12:00:00.000Z',
        },
      }),
      record({
        type: 'GiftDisputeClosed',
        data: {
          ...base,
          disputeId: 'du_1XyZw2345',
          outcome: 'lost',
          amountCents: 2300,
          afterTransfer: false,
          donationAmountCents: 0,
          closedAt: '2026-11-23T13:00:00.000Z',
        },
      }),
    ];
    await apply(events);
    await apply([events[2]!]);
    const entries = (await ledgerEntriesFrom(database.db, 0, 100)).filter(
      (e) => e.body.donationId === donationId,
    );
    expect(entries.map((e) => [e.body.type, e.body.status, e.body.amountCents, e.body.providerId])).toEqual([
      ['DonationReceived', null, 2500, 'pi_…DeF9'],
      ['GiftRefunded', null, 100, 'ch_…DeF9'],
      ['GiftRefunded', null, 100, 'ch_…DeF9'],
      ['GiftDisputed', null, 2300, 'du_…2345'],
      ['GiftDisputeClosed', 'refunded', 2300, 'du_…2345'],
    ]);
    expect(await verifyChain(await ledgerEntriesFrom(database.db, 0, 100))).toEqual([]);
  });

  it("keeps the donation's amount on entries after a refund or a dispute of it (issue 20)", async () => {
    const donationId = randomUUID();
    const charge = { donationId, chargeId: 'ch_3QaBcDeF9', providerEventId: 'evt_x' };
    const transfer = { donationId, transferId: 'tr_1AbCdEfGh' };
    const events = [
      record({
        type: 'DonationDirected',
        data: {
          donationId,
          amountCents: 2600,
          charityEin: '530196605',
          charityName: 'American Red Cross',
          directedBy: { kind: 'donor', memberId: null, displayName: null },
          source: { kind: 'gift', checkoutSessionId: 'cs_test_q1' },
          receiptCode: 'R-Q1',
          directedAt: '2026-11-23T10:00:00.000Z',
        },
      }),
      record({
        type: 'DonationTransferInitiated',
        data: {
          ...transfer,
          windowId: '2026-11-24',
          charityEin: '530196605',
          stripeAccountId: 'acct_1',
          amountCents: 2600,
          transferAmountCents: 2600,
          initiatedAt: '2026-11-24T00:05:00.000Z',
        },
      }),
      // After the transfer: a platform loss of 600, the charity keeps all 2600.
      record({
        type: 'GiftRefunded',
        data: {
          ...charge,
          paymentIntentId: 'pi_3QaBcDeF9',
          amountCents: 600,
          totalRefundedCents: 600,
          afterTransfer: true,
          donationAmountCents: 2600,
          refundedAt: '2026-11-24T02:00:00.000Z',
        },
      }),
      record({
        type: 'DonationTransferReversed',
        data: {
          ...transfer,
          reversalId: 'trr_1QwErTy12',
          amountCents: 1000,
          totalReversedCents: 1000,
          providerEventId: 'evt_r',
          reversedAt: '2026-11-24T03:00:00.000Z',
        },
      }),
      record({
        type: 'GiftDisputed',
        data: {
          ...charge,
          disputeId: 'du_1XyZw2345',
          amountCents: 2000,
          afterTransfer: true,
          disputedAt: '2026-11-24T04:00:00.000Z',
        },
      }),
      record({
        type: 'PayoutCleared',
        data: { ...transfer, providerEventId: 'evt_p', clearedAt: '2026-11-25T01:00:00.000Z' },
      }),
    ];
    await apply(events);
    const entries = (await ledgerEntriesFrom(database.db, 0, 1000)).filter(
      (e) => e.body.donationId === donationId,
    );
    expect(entries.map((e) => [e.body.type, e.body.status, e.body.amountCents])).toEqual([
      ['DonationDirected', 'held', 2600],
      ['DonationTransferInitiated', 'pending', 2600],
      ['GiftRefunded', 'pending', 600],
      // 1000 of 2600 came back: still pending, not `reversed` (600 was the refund's amount).
      ['DonationTransferReversed', 'pending', 2600],
      ['GiftDisputed', 'pending', 2000],
      ['PayoutCleared', 'cleared', 2600],
    ]);
    expect(await verifyChain(await ledgerEntriesFrom(database.db, 0, 1000))).toEqual([]);
  });

  it('masks provider ids to their kind and last four characters', () => {
    expect(maskProviderId('pi_3Q9xyzW7k2')).toBe('pi_…W7k2');
    expect(maskProviderId('tr_12')).toBe('tr_12');
    expect(maskProviderId(null)).toBeNull();
  });
});

/**
 * What was signed must never change silently (issue 22): the canonical body of fixed events, their entry hashes
 * and the roots over them are pinned here. A change that moves any of them breaks every published checkpoint;
 * such a change needs a new entry type, never a new body for an old one.
 */
describe('donation ledger golden hashes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(2);
  });
  afterAll(() => database.drop());

  const donationId = '0d1c6e3a-5a4b-4c1e-9f2a-2b7d8e9f0a11';
  const fixed = (id: string, prepare: number, event: DonationEvent): RecordedEvent => ({
    id,
    type: event.type,
    data: event.data,
    metadata: {},
    streamId: `donation-${donationId}`,
    revision: prepare - 1,
    position: { commit: 1n, prepare: BigInt(prepare) },
    createdAt: new Date('2026-11-23T10:00:00.000Z'),
  });
  const events: RecordedEvent[] = [
    fixed('7b0f6f9e-1a7e-4d5e-8c11-0c2f6b1a9d01', 1, {
      type: 'DonationReceived',
      data: {
        donationId,
        amountCents: 2500,
        currency: 'usd',
        donorEmail: 'donor@example.org',
        donorMemberId: null,
        charityEin: '530196605',
        checkoutSessionId: 'cs_test_golden0001',
        paymentIntentId: 'pi_golden0001',
        providerEventId: 'evt_golden1',
        receiptCode: 'R-GOLD',
        receivedAt: '2026-11-23T10:00:00.000Z',
      },
    }),
    fixed('7b0f6f9e-1a7e-4d5e-8c11-0c2f6b1a9d02', 2, {
      type: 'DonationDirected',
      data: {
        donationId,
        amountCents: 2500,
        charityEin: '530196605',
        charityName: 'American Red Cross',
        directedBy: { kind: 'donor', memberId: null, displayName: 'Ada' },
        source: { kind: 'gift', checkoutSessionId: 'cs_test_golden0001' },
        receiptCode: 'R-GOLD',
        directedAt: '2026-11-23T10:00:01.000Z',
      },
    }),
    fixed('7b0f6f9e-1a7e-4d5e-8c11-0c2f6b1a9d03', 3, {
      type: 'DonationTransferInitiated',
      data: {
        donationId,
        windowId: '2026-11-24',
        transferId: 'tr_golden0001',
        charityEin: '530196605',
        stripeAccountId: 'acct_golden',
        amountCents: 2500,
        transferAmountCents: 2500,
        initiatedAt: '2026-11-24T00:05:00.000Z',
      },
    }),
  ] as RecordedEvent[];

  it('writes the same bodies, entry hashes and roots as were signed', async () => {
    await projectEvents(database.db, donationLedgerProjector, events);
    const entries = await ledgerEntriesFrom(database.db, 0, 10);
    expect(entries.map((entry) => canonicalJson(entry.body))).toEqual(GOLDEN.bodies);
    expect(entries.map((entry) => entry.hash)).toEqual(GOLDEN.entryHashes);
    const roots = [];
    for (let treeSize = 1; treeSize <= 3; treeSize += 1)
      roots.push((await ledgerTreeAnswer(database.db, { kind: 'root', treeSize }))[0]);
    expect(roots).toEqual(GOLDEN.roots);
    // The stored tree's roots are the verifier's: what the browser and ledger:verify recompute.
    const leaves = await Promise.all(GOLDEN.entryHashes.map((hash) => leafHash(hash)));
    expect(await Promise.all([1, 2, 3].map((size) => merkleRoot(leaves.slice(0, size))))).toEqual(
      GOLDEN.roots,
    );
  });
});

// Bodies and entry hashes as the ledger wrote them before the stored tree (issue 22); roots as the verifier computes them.
const GOLDEN = {
  bodies: [
    '{"amountCents":2500,"at":"2026-11-23T10:00:00.000Z","charityEin":"530196605","charityName":null,"directedBy":null,"donationId":"0d1c6e3a-5a4b-4c1e-9f2a-2b7d8e9f0a11","eventId":"7b0f6f9e-1a7e-4d5e-8c11-0c2f6b1a9d01","providerId":"pi_…0001","receiptCode":"R-GOLD","status":null,"type":"DonationReceived"}',
    '{"amountCents":2500,"at":"2026-11-23T10:00:01.000Z","charityEin":"530196605","charityName":"American Red Cross","directedBy":"Ada","donationId":"0d1c6e3a-5a4b-4c1e-9f2a-2b7d8e9f0a11","eventId":"7b0f6f9e-1a7e-4d5e-8c11-0c2f6b1a9d02","providerId":"pi_…0001","receiptCode":"R-GOLD","status":"held","type":"DonationDirected"}',
    '{"amountCents":2500,"at":"2026-11-24T00:05:00.000Z","charityEin":"530196605","charityName":"American Red Cross","directedBy":"Ada","donationId":"0d1c6e3a-5a4b-4c1e-9f2a-2b7d8e9f0a11","eventId":"7b0f6f9e-1a7e-4d5e-8c11-0c2f6b1a9d03","providerId":"tr_…0001","receiptCode":"R-GOLD","status":"pending","type":"DonationTransferInitiated"}',
  ],
  entryHashes: [
    '368d2e04c189e977180429acff4df0f0a977f68c60d01193ae64844c7ab9ef95',
    'f2d42a7b81e886d3340a7646a3ecd2687078e4a55341cc0e128dcc60688cfcd2',
    '558e783b93f3eaf567a22f426843b56aa339b871256bcebecb25f178e309d145',
  ],
  roots: [
    '9203da60d780ee0af468df9eba1d7729911e13b6c93ffdea250882aa5f9eff8d',
    '4d8b9641d296a8487862338b0723c70a912f9160ff371c5adc33cbbcc2f2a241',
    '653d994ecd417a166db7e9605664aa771f73cf5a0df33408b5db38dbebf176f1',
  ],
};
