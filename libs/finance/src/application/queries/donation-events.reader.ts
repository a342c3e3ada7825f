import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import {
  EVENT_STORE,
  START,
  comparePositions,
  type EventStore,
  type GlobalPosition,
} from '@arena/event-store';
import { DomainError } from '@arena/http';
import { waitForReadModel } from '@arena/projection-runner';
import {
  FINANCE_MONEY_EVENT_TYPES,
  financeMoneyEvents,
  ledgerEntryRange,
  ledgerPage,
  ledgerSnapshot,
  type LedgerRow,
} from '@arena/projections/finance-money-events/finance-money-events.queries';
import type { MoneyEvent } from '../../domain/reconciliation';

/** An export's date range as instants: from (inclusive), before (exclusive). */
export interface LedgerRange {
  from?: Date;
  before?: Date;
}

/** The projector's name (projection_generations). */
const READ_MODEL = 'finance_money_events';

/** Reconciliation asked while the money events read model had not reached the log's head: retry later. */
export class MoneyEventsBehindError extends DomainError<'unavailable'> {
  constructor(waitedMs: number) {
    super(
      'unavailable',
      `The money events read model is behind the event log after ${waitedMs} ms: try again in a minute.`,
      60,
    );
  }
}

const RECONCILED = new Set<string>(FINANCE_MONEY_EVENT_TYPES);

/**
 * The money events in ledger (global) order, from the `finance_money_events` read model alone (only money
 * events, written by the worker): neither the export nor reconciliation ever reads the event log.
 * - The export is a snapshot at the read model's checkpoint: its entries are numbered, so a reader sees where it
 *   ends, and an entry the worker has not projected yet (normally milliseconds) is in the next one.
 * - Reconciliation must see every money event up to the moment it is asked: it waits for the read model to reach
 *   the store's head as of the question (up to `maxWaitMs`), then answers 503 (MoneyEventsBehindError).
 */
@Injectable()
export class DonationEventsReader {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DATABASE) private readonly db: Kysely<any>,
  ) {}

  /** Rows per page of the streamed export: its memory, whatever the ledger's size. */
  exportPageSize = 5000;
  /** How long reconciliation waits for the read model to reach the log's head. */
  maxWaitMs = 10_000;
  pollMs = 50;

  /**
   * Issue 22: the ledger's entries in a date range, page by page (at most `exportPageSize` rows each), for the
   * streamed export, by the read model's entries index up to its checkpoint (keyset on `entry`, the range found
   * by two probes of its time index). Memory: one page. Time: the entries in the range, not the ledger's size.
   */
  async *ledgerPages(range: LedgerRange): AsyncGenerator<LedgerRow[]> {
    const snapshot = await ledgerSnapshot(this.db);
    if (snapshot.lastEntry < 0) return;
    const bounds = await ledgerEntryRange(this.db, range, snapshot.lastEntry);
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
  }

  /**
   * Every money event reconciliation compares with the provider, in global order, as of the store's head when
   * asked. Cost: one scan of the money events read model (an operator's monthly report), never of the log.
   */
  async moneyEvents(asOf?: GlobalPosition): Promise<MoneyEvent[]> {
    const head = asOf ?? (await this.store.committedHeadPosition());
    if (comparePositions(head, START) <= 0) return [];
    const lag = await waitForReadModel(this.db, READ_MODEL, {
      head,
      maxWaitMs: this.maxWaitMs,
      pollMs: this.pollMs,
    });
    if (!lag.reached) throw new MoneyEventsBehindError(lag.waitedMs);
    const { events } = await financeMoneyEvents(this.db);
    return events
      .filter(({ type }) => RECONCILED.has(type))
      .map(({ type, data }) => ({ type, data }) as MoneyEvent);
  }
}
