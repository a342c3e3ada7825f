import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DONATION_EVENT_TYPES, donationStreamId, type DonationEvent } from '@arena/donations/events';
import { PostgresEventStore, START, type RecordedEvent } from '@arena/event-store';
import { ensureProjection } from '@arena/projection-runner';
import { projectEvents } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { financeMoneyEventsProjector } from '../../projections/finance-money-events/finance-money-events.projection';
import {
  DonationEventsReader,
  MoneyEventsBehindError,
} from '../../libs/finance/src/application/queries/donation-events.reader';
import { ledgerCsv, ledgerCsvHeader, ledgerCsvLine } from '../../libs/finance/src/domain/ledger-csv';

/**
 * Issue 21 review: reconciliation and the ledger export read the money events from their read model up to its
 * checkpoint and only the store's events after it, never the whole log, with the same answer as the log.
 */
describe('finance: the money events, bounded', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Kysely<any>;

  beforeAll(async () => {
    database = await createTestDatabase(4);
    db = database.db as Kysely<any>;
    store = new PostgresEventStore({ connectionString: database.url, pool: database.pool });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  const gift = (donationId: string, amountCents: number): DonationEvent => ({
    type: 'DonationReceived',
    data: {
      donationId,
      amountCents,
      currency: 'usd',
      donorEmail: null,
      donorMemberId: null,
      charityEin: null,
      checkoutSessionId: `cs_${donationId}`,
      paymentIntentId: `pi_${donationId}`,
      providerEventId: `evt_${donationId}`,
      receiptCode: `R-${donationId.slice(0, 4)}`,
      receivedAt: new Date().toISOString(),
    },
  });
  const append = async (count: number) => {
    for (let i = 0; i < count; i += 1) {
      const donationId = randomUUID();
      await store.appendToStream(donationStreamId(donationId), [
        { id: randomUUID(), ...gift(donationId, 100 * (i + 1)) },
      ]);
      // Most of the log is not money: plays, tournaments.
      await store.appendToStream(`play-${randomUUID()}`, [
        { id: randomUUID(), type: 'PlayStarted', data: { n: i } },
        { id: randomUUID(), type: 'PlayFinished', data: { n: i } },
      ]);
    }
  };
  const everything = async () => {
    const all: RecordedEvent[] = [];
    let after = START;
    for (;;) {
      const page = await store.readAll({ after, maxCount: 1000 });
      all.push(...page);
      if (page.length < 1000) return all;
      after = page.at(-1)!.position;
    }
  };

  it('reads the read model up to its checkpoint and the store only after it, with the answer the whole log gives', async () => {
    await ensureProjection(db, financeMoneyEventsProjector);
    await append(30);
    const projected = await everything();
    await projectEvents(db, financeMoneyEventsProjector, projected);
    const checkpoint = projected.at(-1)!.position;
    await db
      .updateTable('projection_generations')
      .set({ position_commit: checkpoint.commit.toString(), position_prepare: checkpoint.prepare.toString() })
      .where('name', '=', 'finance_money_events')
      .where('status', '=', 'active')
      .execute();
    // The worker's lag: written after the checkpoint.
    await append(3);

    const log = (await everything()).filter((event) => event.type === 'DonationReceived');
    const reader = new DonationEventsReader(store, db);
    const readAll = jest.spyOn(store, 'readAll');
    const money = await reader.moneyEvents();
    expect(money.map(({ data }) => (data as { donationId: string }).donationId)).toEqual(
      log.map(({ data }) => (data as { donationId: string }).donationId),
    );
    expect(readAll.mock.calls.map(([options]) => options?.after)).toEqual([checkpoint]);
    const fromStore = (await readAll.mock.results[0]!.value) as RecordedEvent[];
    expect(fromStore).toHaveLength(9);

    readAll.mockRestore();
  });

  it('issue 22: streams the export in pages of at most the page size, with the numbering and facts the whole log gives', async () => {
    // A direction after each of the first gifts: its row carries the gift's facts forward.
    const gifts = (await everything()).filter((event) => event.type === 'DonationReceived').slice(0, 5);
    for (const gift of gifts) {
      const { donationId, amountCents, receiptCode } = gift.data as {
        donationId: string;
        amountCents: number;
        receiptCode: string;
      };
      await store.appendToStream(donationStreamId(donationId), [
        {
          id: randomUUID(),
          type: 'DonationDirected',
          data: {
            donationId,
            amountCents,
            charityEin: '530196605',
            charityName: 'Red Cross',
            directedBy: { kind: 'platform', reason: 'donation-pool' },
            source: { kind: 'gift', checkoutSessionId: `cs_${donationId}` },
            receiptCode,
            directedAt: new Date().toISOString(),
          },
        },
      ]);
    }
    const all = await everything();
    // Project all but the last 4 events: the rest is the store's tail.
    await projectEvents(db, financeMoneyEventsProjector, all.slice(0, -4));
    const checkpoint = all.at(-5)!.position;
    await db
      .updateTable('projection_generations')
      .set({ position_commit: checkpoint.commit.toString(), position_prepare: checkpoint.prepare.toString() })
      .where('name', '=', 'finance_money_events')
      .where('status', '=', 'active')
      .execute();
    const ledger = all
      .filter((event) => (DONATION_EVENT_TYPES as readonly string[]).includes(event.type))
      .map((event) => ({ id: event.id, at: event.createdAt, event: event as unknown as DonationEvent }));
    const expected = ledgerCsv(ledger, { full: true });

    const reader = new DonationEventsReader(store, db);
    reader.exportPageSize = 4;
    const readAll = jest.spyOn(store, 'readAll');
    let csv = ledgerCsvHeader(true);
    const sizes: number[] = [];
    for await (const page of reader.ledgerPages({})) {
      sizes.push(page.length);
      for (const row of page) csv += ledgerCsvLine(row, { full: true });
    }
    expect(csv).toBe(expected);
    expect(csv).toContain(',Red Cross,530196605,Charity Arena,');
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4);
    expect(sizes.length).toBeGreaterThanOrEqual(Math.ceil(ledger.length / 4));
    // Only the tail after the checkpoint comes from the store.
    expect(readAll.mock.calls[0]![0]?.after).toEqual(checkpoint);
    expect(readAll.mock.calls.length).toBeLessThanOrEqual(2);
    readAll.mockRestore();

    // A date range in the future has no entries; one around today has all of them.
    const today = new Date(new Date().toISOString().slice(0, 10));
    const pages = async (range: { from?: Date; before?: Date }) => {
      const rows = [];
      for await (const page of reader.ledgerPages(range)) rows.push(...page);
      return rows;
    };
    expect(await pages({ from: new Date(today.getTime() + 2 * 86_400_000) })).toEqual([]);
    expect((await pages({ from: today, before: new Date(today.getTime() + 86_400_000) })).length).toBe(
      ledger.length,
    );
  });

  it('never reads more than its tail limit of the store: the export ends early, reconciliation asks for a retry', async () => {
    // The read model's checkpoint stays where the test before left it: 4 events of tail, then 4 more now.
    await append(2);
    const reader = new DonationEventsReader(store, db);
    reader.exportPageSize = 4;
    const full: number[] = [];
    for await (const page of reader.ledgerPages({})) full.push(...page.map(({ entry }) => entry));

    reader.maxTailEvents = 3;
    const readAll = jest.spyOn(store, 'readAll');
    const bounded: number[] = [];
    for await (const page of reader.ledgerPages({})) bounded.push(...page.map(({ entry }) => entry));
    const read = await Promise.all(
      readAll.mock.results.map(({ value }) => value as Promise<RecordedEvent[]>),
    );
    expect(read.flat().length).toBeLessThanOrEqual(3);
    // The same numbering, ending before the whole tail: a prefix of the full export.
    expect(bounded.length).toBeLessThan(full.length);
    expect(bounded).toEqual(full.slice(0, bounded.length));
    readAll.mockRestore();

    await expect(reader.moneyEvents()).rejects.toBeInstanceOf(MoneyEventsBehindError);
    reader.maxTailEvents = 50_000;
    expect((await reader.moneyEvents()).length).toBeGreaterThan(0);
  });
});

describe('finance: the streamed export by date range (issue 22)', () => {
  let database: TestDatabase;
  let db: Kysely<any>;

  beforeAll(async () => {
    database = await createTestDatabase(2);
    db = database.db as Kysely<any>;
    await ensureProjection(db, financeMoneyEventsProjector);
  });
  afterAll(() => database.drop());

  it('finds exactly the entries dated in a range, though commits overlapping midnight put dates out of entry order', async () => {
    // Entry order is commit order; created_at is when each transaction started (4 started before 3 committed).
    const created = [
      '2026-11-01T10:00:00.000Z',
      '2026-11-01T23:59:59.900Z',
      '2026-11-01T23:59:59.500Z',
      '2026-11-02T00:00:00.100Z',
      '2026-11-01T23:59:59.800Z',
      '2026-11-02T12:00:00.000Z',
      '2026-11-03T00:30:00.000Z',
      '2026-11-03T23:30:00.000Z',
      '2026-11-04T00:10:00.000Z',
      '2026-11-05T09:00:00.000Z',
    ];
    for (const [entry, at] of created.entries()) {
      await db
        .insertInto('finance_money_events')
        .values({
          event_id: `e-${entry}`,
          position_commit: entry + 1,
          position_prepare: entry + 1,
          event_type: 'PayoutCleared',
          data: JSON.stringify({ donationId: `d-${entry}`, transferId: `tr_${entry}` }),
          created_at: new Date(at),
          entry,
          donation_id: `d-${entry}`,
          facts: JSON.stringify({ amountCents: 100 }),
        })
        .execute();
    }
    await db
      .updateTable('projection_generations')
      .set({ position_commit: String(created.length), position_prepare: String(created.length) })
      .where('name', '=', 'finance_money_events')
      .where('status', '=', 'active')
      .execute();
    const store = { readAll: async () => [] } as unknown as PostgresEventStore;
    const reader = new DonationEventsReader(store, db);
    reader.exportPageSize = 2;
    const day = (date: string) => new Date(`${date}T00:00:00.000Z`);
    const entries = async (range: { from?: Date; before?: Date }) => {
      const found: number[] = [];
      for await (const page of reader.ledgerPages(range)) found.push(...page.map((row) => row.entry));
      return found;
    };
    const expected = (from?: Date, before?: Date) =>
      created.flatMap((at, entry) =>
        (!from || new Date(at) >= from) && (!before || new Date(at) < before) ? [entry] : [],
      );
    const ranges: [Date | undefined, Date | undefined][] = [
      [day('2026-11-01'), day('2026-11-02')],
      [day('2026-11-02'), day('2026-11-03')],
      [day('2026-11-03'), undefined],
      [undefined, day('2026-11-02')],
      [day('2026-11-06'), undefined],
      [undefined, undefined],
    ];
    for (const [from, before] of ranges)
      expect(await entries({ from, before })).toEqual(expected(from, before));
    expect(await entries({ from: day('2026-11-01'), before: day('2026-11-02') })).toEqual([0, 1, 2, 4]);
  });
});
