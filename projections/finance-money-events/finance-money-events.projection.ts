import { sql } from 'kysely';
import type { Projector, TableNames } from '@arena/projection-runner';
import { FINANCE_MONEY_EVENT_TYPES } from './finance-money-events.queries';

type Base = 'finance_money_events';

/**
 * The money events as stored, in global order (issue 21 review): reconciliation and the ledger export read
 * them here instead of the whole event log, which is mostly games and tournaments. Each event is one row
 * keyed by its id, so a redelivered event changes nothing; rows are facts and never change.
 */
export const financeMoneyEventsProjector: Projector<Base> = {
  name: 'finance_money_events',
  version: 1,
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
        created_at timestamptz NOT NULL
      )`.execute(db);
  },

  async createIndexes(db, names: TableNames<Base>) {
    const table = names.finance_money_events;
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${table}_in_order`)}
      ON ${sql.table(table)} (position_commit, position_prepare)`.execute(db);
  },

  async apply(trx, events, names) {
    for (const event of events) {
      await trx
        .insertInto(names.finance_money_events)
        .values({
          event_id: event.id,
          position_commit: event.position.commit.toString(),
          position_prepare: event.position.prepare.toString(),
          event_type: event.type,
          data: JSON.stringify(event.data),
          created_at: event.createdAt,
        })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .execute();
    }
  },
};
