import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DONATION_EVENT_TYPES, donationStreamId, type DonationEvent } from '@arena/donations/events';
import {
  PostgresEventStore,
  START,
  comparePositions,
  type GlobalPosition,
  type RecordedEvent,
} from '@arena/event-store';
import { ensureProjection } from '@arena/projection-runner';
import { projectEvents } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { financeMoneyEventsProjector } from '../../projections/finance-money-events/finance-money-events.projection';
import {
  DonationEventsReader,
  MoneyEventsBehindError,
} from '../../libs/finance/src/application/queries/donation-events.reader';
import { ledgerCsv, ledgerCsvHeader, ledgerCsvLine } from '../../libs/finance/src/domain/ledger-csv';
import { catchUpReadModel } from './read-model-catch-up.harness';
import { ledgerSnapshot } from '../../projections/finance-money-events/finance-money-events.queries';

/**
 * Issue 21 review: reconciliation and the ledger export read the money events from their read model alone,
 * never the event log: the export up to the read model's checkpoint, reconciliation once it reached the head.
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

  const setCheckpoint = (position: GlobalPosition) =>
    db
      .updateTable('projection_generations')
      .set({ position_commit: position.commit.toString(), position_prepare: position.prepare.toString() })
      .where('name', '=', 'finance_money_events')
      .where('status', '=', 'active')
      .execute();
  const donationIdsOf = (events: ReadonlyArray<{ data: unknown }>) =>
    events.map(({ data }) => (data as { donationId: string }).donationId);

  it('answers reconciliation from the read model alone once it reached the head, and 503s while it lags', async () => {
    await ensureProjection(db, financeMoneyEventsProjector);
    await append(30);
    const projected = await everything();
    await projectEvents(db, financeMoneyEventsProjector, projected);
    await setCheckpoint(projected.at(-1)!.position);
    // The worker's lag: written after the checkpoint.
    await append(3);

    const reader = new DonationEventsReader(store, db);
    const readAll = jest.spyOn(store, 'readAll');
    reader.maxWaitMs = 100;
    await expect(reader.moneyEvents()).rejects.toBeInstanceOf(MoneyEventsBehindError);

    // The worker catches up while the question waits: the answer is the whole log's.
    reader.maxWaitMs = 10_000;
    const answer = reader.moneyEvents();
    expect(readAll).not.toHaveBeenCalled();
    readAll.mockRestore();
    await catchUpReadModel(db, store, financeMoneyEventsProjector);
    const log = (await everything()).filter((event) => event.type === 'DonationReceived');
    expect(donationIdsOf(await answer)).toEqual(donationIdsOf(log));
    // Asked again, it reads the store's head only, never its events.
    const readAllAgain = jest.spyOn(store, 'readAll');
    expect(donationIdsOf(await reader.moneyEvents())).toEqual(donationIdsOf(log));
    expect(readAllAgain).not.toHaveBeenCalled();
    readAllAgain.mockRestore();
  });

  it("issue 22: streams the export in pages of at most the page size, up to the read model's checkpoint, numbered and with the facts the whole log gives", async () => {
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
    // The worker has projected all but the last 4 events: the export ends at its checkpoint.
    const lagging = all.length - 4;
    // The read model holds the events before the directions (the test above): project the rest of the prefix.
    const { upTo } = await ledgerSnapshot(db);
    const known = all.slice(0, lagging);
    await projectEvents(
      db,
      financeMoneyEventsProjector,
      known.filter((event) => comparePositions(event.position, upTo) > 0),
    );
    await setCheckpoint(known.at(-1)!.position);
    const ledgerOf = (events: RecordedEvent[]) =>
      events
        .filter((event) => (DONATION_EVENT_TYPES as readonly string[]).includes(event.type))
        .map((event) => ({ id: event.id, at: event.createdAt, event: event as unknown as DonationEvent }));

    const reader = new DonationEventsReader(store, db);
    reader.exportPageSize = 4;
    const readAll = jest.spyOn(store, 'readAll');
    const exported = async () => {
      let csv = ledgerCsvHeader(true);
      const sizes: number[] = [];
      for await (const page of reader.ledgerPages({})) {
        sizes.push(page.length);
        for (const row of page) csv += ledgerCsvLine(row, { full: true });
      }
      return { csv, sizes };
    };
    const snapshot = await exported();
    expect(snapshot.csv).toBe(ledgerCsv(ledgerOf(all.slice(0, lagging)), { full: true }));
    expect(snapshot.csv).toContain(',Red Cross,530196605,Charity Arena,');
    expect(Math.max(...snapshot.sizes)).toBeLessThanOrEqual(4);
    expect(readAll).not.toHaveBeenCalled();
    readAll.mockRestore();

    // Once the worker caught up, the whole log's ledger.
    await catchUpReadModel(db, store, financeMoneyEventsProjector);
    const ledger = ledgerOf(all);
    const caughtUp = await exported();
    expect(caughtUp.csv).toBe(ledgerCsv(ledger, { full: true }));
    expect(caughtUp.sizes.length).toBeGreaterThanOrEqual(Math.ceil(ledger.length / 4));

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
