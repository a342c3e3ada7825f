import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import { DONATION_EVENT_TYPES, type DonationEvent } from '@arena/donations/events';
import { EVENT_STORE, type EventStore, type GlobalPosition } from '@arena/event-store';
import {
  FINANCE_MONEY_EVENT_TYPES,
  financeMoneyEvents,
  type FinanceMoneyEventRow,
} from '@arena/projections/finance-money-events/finance-money-events.queries';
import type { LedgerEvent } from '../../domain/ledger-csv';
import type { MoneyEvent } from '../../domain/reconciliation';

const PAGE = 1000;
const RECONCILED = new Set<string>(FINANCE_MONEY_EVENT_TYPES);
const LEDGER = new Set<string>(DONATION_EVENT_TYPES);

/**
 * The money events in ledger (global) order. Issue 21 review: read from the `finance_money_events` read model
 * (only money events, written by the worker) up to its checkpoint, then from the event store only after that
 * checkpoint, so the answer is as current as the store itself. Cost: one scan of the money events, plus the
 * store's events since the read model's checkpoint (the worker's lag, normally a few pages); never the whole
 * log, unless the read model does not exist yet (then the store is read from its start, as before).
 */
@Injectable()
export class DonationEventsReader {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DATABASE) private readonly db: Kysely<any>,
  ) {}

  /** Every money event reconciliation compares with the provider, in global order. */
  async moneyEvents(): Promise<MoneyEvent[]> {
    return (await this.read(RECONCILED)).map(({ type, data }) => ({ type, data }) as MoneyEvent);
  }

  /** The donations' events, for the ledger export. */
  async all(): Promise<LedgerEvent[]> {
    return (await this.read(LEDGER)).map(({ id, type, data, createdAt }) => ({
      id,
      at: createdAt,
      event: { type, data } as DonationEvent,
    }));
  }

  private async read(types: ReadonlySet<string>): Promise<FinanceMoneyEventRow[]> {
    const projected = await financeMoneyEvents(this.db);
    const events = projected.events.filter(({ type }) => types.has(type));
    let after: GlobalPosition = projected.upTo;
    for (;;) {
      const page = await this.store.readAll({ after, maxCount: PAGE });
      for (const recorded of page) {
        if (types.has(recorded.type)) {
          events.push({
            id: recorded.id,
            type: recorded.type,
            data: recorded.data,
            createdAt: recorded.createdAt,
          });
        }
      }
      const last = page.at(-1);
      if (!last || page.length < PAGE) return events;
      after = last.position;
    }
  }
}
