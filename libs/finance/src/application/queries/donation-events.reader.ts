import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import { DONATION_EVENT_TYPES, type DonationEvent } from '@arena/donations/events';
import { EVENT_STORE, type EventStore, type GlobalPosition } from '@arena/event-store';
import { DomainError } from '@arena/http';
import {
  FINANCE_MONEY_EVENT_TYPES,
  NO_FACTS,
  carryFacts,
  factsAsOf,
  financeMoneyEvents,
  ledgerEntryRange,
  ledgerPage,
  ledgerSnapshot,
  type FinanceMoneyEventRow,
  type LedgerFacts,
  type LedgerRow,
} from '@arena/projections/finance-money-events/finance-money-events.queries';

/** An export's date range as instants: from (inclusive), before (exclusive). */
export interface LedgerRange {
  from?: Date;
  before?: Date;
}
import type { MoneyEvent } from '../../domain/reconciliation';

const PAGE = 1000;

/** Reconciliation's money events stop at the read model, which is too far behind the store to finish the tail. */
export class MoneyEventsBehindError extends DomainError<'unavailable'> {
  constructor(readonly tailLimit: number) {
    super(
      'unavailable',
      `The money events read model is more than ${tailLimit} events behind the event log: try again in a minute.`,
      60,
    );
  }
}

const RECONCILED = new Set<string>(FINANCE_MONEY_EVENT_TYPES);
const LEDGER = new Set<string>(DONATION_EVENT_TYPES);

/**
 * The money events in ledger (global) order. Issue 21 review: read from the `finance_money_events` read model
 * (only money events, written by the worker) up to its checkpoint, then from the event store only after that
 * checkpoint, so the answer is as current as the store itself. Cost: one scan of the money events, plus the
 * store's events since the read model's checkpoint (the worker's lag, normally a few pages), and never more
 * than `maxTailEvents` of them: a worker stopped for long, or a read model not built yet, never turns a
 * request into a read of the whole log.
 */
@Injectable()
export class DonationEventsReader {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DATABASE) private readonly db: Kysely<any>,
  ) {}

  /** Rows per page of the streamed export: its memory, whatever the ledger's size. */
  exportPageSize = 5000;
  /** The most store events one read takes after the read model's checkpoint (the worker's lag it tolerates). */
  maxTailEvents = 50_000;

  /**
   * Issue 22: the ledger's entries in a date range, page by page (at most `exportPageSize` rows each), for the
   * streamed export: by the read model's entries index up to its checkpoint (keyset on `entry`, the range found
   * by two probes of its time index), then the store's events after that checkpoint, numbered on from there,
   * their facts carried forward from each donation's last projected row. Memory: one page, plus the facts of
   * the donations in the store's tail (the worker's lag). Time: the entries in the range, plus at most
   * `maxTailEvents` store events: beyond them the export ends at the last entry read (it is numbered, so a
   * reader sees where it stops), and the worker's projection catches up for the next one.
   */
  async *ledgerPages(range: LedgerRange): AsyncGenerator<LedgerRow[]> {
    const snapshot = await ledgerSnapshot(this.db);
    // No entries projected (or no read model yet): everything comes from the store.
    const bounds =
      snapshot.lastEntry < 0
        ? { after: -1, upTo: -1 }
        : await ledgerEntryRange(this.db, range, snapshot.lastEntry);
    // The next page's query runs while the caller formats and sends this one: the database and the CSV overlap.
    const pageAfter = (after: number) =>
      after < bounds.upTo
        ? ledgerPage(this.db, { ...range, after, upTo: bounds.upTo, limit: this.exportPageSize })
        : null;
    let next = pageAfter(bounds.after);
    try {
      while (next) {
        const page = await next;
        next = pageAfter(page.last);
        if (page.rows.length > 0) yield page.rows;
      }
    } finally {
      // A caller that stops early (the client went away) leaves a query in flight: its outcome is nobody's.
      next?.catch(() => undefined);
    }
    let entry = snapshot.lastEntry;
    let position: GlobalPosition = snapshot.upTo;
    const facts = new Map<string, LedgerFacts>();
    for (let tail = 0; tail < this.maxTailEvents;) {
      const maxCount = Math.min(this.exportPageSize, this.maxTailEvents - tail);
      const events = await this.store.readAll({ after: position, maxCount });
      tail += events.length;
      const ledger = events.filter(({ type }) => LEDGER.has(type));
      const unknown = ledger
        .map(({ data }) => (data as { donationId: string }).donationId)
        .filter((donationId) => !facts.has(donationId));
      if (snapshot.lastEntry >= 0)
        for (const [donationId, known] of await factsAsOf(this.db, [...new Set(unknown)], snapshot.lastEntry))
          facts.set(donationId, known);
      const rows: LedgerRow[] = [];
      for (const recorded of ledger) {
        const event = { type: recorded.type, data: recorded.data } as DonationEvent;
        const after = carryFacts(event, facts.get(event.data.donationId) ?? NO_FACTS);
        facts.set(event.data.donationId, after);
        entry += 1;
        const at = recorded.createdAt;
        if ((!range.from || at >= range.from) && (!range.before || at < range.before))
          rows.push({ entry, id: recorded.id, at: at.toISOString(), event, facts: after });
      }
      if (rows.length > 0) yield rows;
      const last = events.at(-1);
      if (!last || events.length < maxCount) return;
      position = last.position;
    }
  }

  /** Every money event reconciliation compares with the provider, in global order. */
  async moneyEvents(): Promise<MoneyEvent[]> {
    return (await this.read(RECONCILED)).map(({ type, data }) => ({ type, data }) as MoneyEvent);
  }

  private async read(types: ReadonlySet<string>): Promise<FinanceMoneyEventRow[]> {
    const projected = await financeMoneyEvents(this.db);
    const events = projected.events.filter(({ type }) => types.has(type));
    let after: GlobalPosition = projected.upTo;
    let tail = 0;
    for (;;) {
      const page = await this.store.readAll({ after, maxCount: PAGE });
      tail += page.length;
      if (tail > this.maxTailEvents) throw new MoneyEventsBehindError(this.maxTailEvents);
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
