import { sql } from 'kysely';
import type { Projector, TableNames } from '@arena/projection-runner';
import { DONATION_EVENT_TYPES, type DonationEvent } from '@arena/donations/events';
import {
  FINANCE_MONEY_EVENT_TYPES,
  NO_FACTS,
  carryFacts,
  type LedgerFacts,
} from './finance-money-events.queries';

const LEDGER = new Set<string>(DONATION_EVENT_TYPES);

type Base = 'finance_money_events';

/**
 * The money events as stored, in global order (issue 21 review): reconciliation and the ledger export read
 * them here instead of the whole event log, which is mostly games and tournaments. Each event is one row
 * keyed by its id, so a redelivered event changes nothing; rows are facts and never change.
 *
 * Issue 22: a donation event's row also holds its ledger `entry` (0, 1, 2... over the donation events in
 * global order: the export's numbering) and its donation's facts after it (`facts`, carried forward from the
 * donation's previous row), so the export streams rows by entry, by date, without the history before them.
 */
export const financeMoneyEventsProjector: Projector<Base> = {
  name: 'finance_money_events',
  // 2 (issue 22): entry, donation_id and facts; indexes by entry, by donation and by time.
  version: 2,
  eventTypes: FINANCE_MONEY_EVENT_TYPES,
  tables: ['finance_money_events'],

  async createTables(db, names: TableNames<Base>) {
    await sql`
      CREATE TABLE ${sql.table(names.finance_money_events)} (
        event_id text PRIMARY KEY,
        position_commit numeric(20, 0) NOT NULL,
        position_prepare numeric(20, 0) NOT NULL,
        event_type text NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        entry bigint,
        donation_id text,
        facts jsonb
      )`.execute(db);
  },

  async createIndexes(db, names: TableNames<Base>) {
    const table = names.finance_money_events;
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${table}_in_order`)}
      ON ${sql.table(table)} (position_commit, position_prepare)`.execute(db);
    await sql`CREATE UNIQUE INDEX IF NOT EXISTS ${sql.id(`${table}_by_entry`)}
      ON ${sql.table(table)} (entry) WHERE entry IS NOT NULL`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${table}_by_donation`)}
      ON ${sql.table(table)} (donation_id, entry) WHERE entry IS NOT NULL`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${table}_by_time`)}
      ON ${sql.table(table)} (created_at, entry) WHERE entry IS NOT NULL`.execute(db);
  },

  async apply(trx, events, names) {
    const table = names.finance_money_events;
    for (const event of events) {
      const known = await trx
        .selectFrom(table)
        .select('event_id')
        .where('event_id', '=', event.id)
        .executeTakeFirst();
      if (known) continue;
      let ledger: { entry: number; donation_id: string; facts: string } | null = null;
      if (LEDGER.has(event.type)) {
        const donationId = (event.data as { donationId: string }).donationId;
        // Index probes: the last entry, and this donation's last row (a batch sees its own inserts).
        const last = await sql<{ entry: string | null }>`
          SELECT max(entry) AS entry FROM ${sql.table(table)}`.execute(trx);
        const before = await trx
          .selectFrom(table)
          .select('facts')
          .where('donation_id', '=', donationId)
          .where('entry', 'is not', null)
          .orderBy('entry', 'desc')
          .limit(1)
          .executeTakeFirst();
        const facts = carryFacts(
          { type: event.type, data: event.data } as DonationEvent,
          (before?.facts as LedgerFacts | undefined) ?? NO_FACTS,
        );
        const previous = last.rows[0]?.entry;
        ledger = {
          entry: previous === null || previous === undefined ? 0 : Number(previous) + 1,
          donation_id: donationId,
          facts: JSON.stringify(facts),
        };
      }
      await trx
        .insertInto(table)
        .values({
          event_id: event.id,
          position_commit: event.position.commit.toString(),
          position_prepare: event.position.prepare.toString(),
          event_type: event.type,
          data: JSON.stringify(event.data),
          created_at: event.createdAt,
          entry: ledger?.entry ?? null,
          donation_id: ledger?.donation_id ?? null,
          facts: ledger?.facts ?? null,
        })
        .execute();
    }
  },
};
