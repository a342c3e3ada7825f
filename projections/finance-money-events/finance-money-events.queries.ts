import { sql, type Kysely } from 'kysely';
import { DONATION_EVENT_TYPES, type DirectedBy, type DonationEvent } from '@arena/donations/events';
import { START, type GlobalPosition } from '@arena/event-store';

/** The money events finance reads: every donation event, and subscription payments and refunds. */
export const FINANCE_MONEY_EVENT_TYPES: readonly string[] = [
  ...DONATION_EVENT_TYPES,
  'SubscriptionPaymentSucceeded',
  'PaymentRefunded',
];

export interface FinanceMoneyEventRow {
  id: string;
  type: string;
  data: unknown;
  createdAt: Date;
}

/**
 * The projected money events, and the position they are complete up to (the active generation's
 * checkpoint), read in one snapshot so the two agree: the caller reads the store after that position for
 * the rest. No active generation (the read model not created): no rows, from START. One scan of the money
 * events' table in global order: its cost grows with the money events, not with the whole log.
 */
export async function financeMoneyEvents(
  db: Kysely<any>,
): Promise<{ events: FinanceMoneyEventRow[]; upTo: GlobalPosition }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const active = await trx
        .selectFrom('projection_generations')
        .select(['position_commit', 'position_prepare'])
        .where('name', '=', 'finance_money_events')
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!active) return { events: [], upTo: START };
      const { rows } = await sql<{ event_id: string; event_type: string; data: unknown; created_at: Date }>`
        SELECT event_id, event_type, data, created_at FROM finance_money_events
        ORDER BY position_commit, position_prepare`.execute(trx);
      return {
        events: rows.map((row) => ({
          id: row.event_id,
          type: row.event_type,
          data: row.data,
          createdAt: row.created_at,
        })),
        upTo: { commit: BigInt(active.position_commit), prepare: BigInt(active.position_prepare) },
      };
    });
}

/**
 * What a ledger export row says of its donation after an event (issue 22): events after the first omit what
 * the first said, so each row carries its donation's facts forward. The projector stores them on each row,
 * so the export never needs the history before the rows it writes.
 */
export interface LedgerFacts {
  amountCents: number;
  ein: string | null;
  nonprofit: string | null;
  directedBy: string | null;
  /** The member the directed-by name belongs to (a winner or a signed-in donor), if any. */
  directedById: string | null;
  receiptCode: string | null;
  donorEmail: string | null;
  memberId: string | null;
}

export const NO_FACTS: LedgerFacts = {
  amountCents: 0,
  ein: null,
  nonprofit: null,
  directedBy: null,
  directedById: null,
  receiptCode: null,
  donorEmail: null,
  memberId: null,
};

const directorName = (by: DirectedBy): string =>
  by.kind === 'winner' ? by.username : by.kind === 'donor' ? (by.displayName ?? 'donor') : 'Charity Arena';

/** The donation's facts after `event`, given those before it (pure). Only a receipt and a direction say any. */
export function carryFacts(event: DonationEvent, known: LedgerFacts): LedgerFacts {
  if (event.type === 'DonationReceived') {
    const d = event.data;
    return {
      ...known,
      amountCents: d.amountCents,
      receiptCode: d.receiptCode,
      donorEmail: d.donorEmail,
      memberId: d.donorMemberId,
    };
  }
  if (event.type === 'DonationDirected') {
    const d = event.data;
    return {
      ...known,
      amountCents: d.amountCents,
      ein: d.charityEin,
      nonprofit: d.charityName,
      directedBy: directorName(d.directedBy),
      directedById: d.directedBy.kind === 'platform' ? null : d.directedBy.memberId,
      receiptCode: d.receiptCode,
      memberId: d.directedBy.kind === 'platform' ? known.memberId : (d.directedBy.memberId ?? known.memberId),
    };
  }
  return known;
}

/** One ledger entry as the export writes it: `entry` numbers the donation events over the whole ledger. */
export interface LedgerRow {
  entry: number;
  id: string;
  /** When the event was recorded, as ISO 8601 in UTC with milliseconds (the CSV's date cell). */
  at: string;
  event: DonationEvent;
  facts: LedgerFacts;
}

/** Where the projected ledger ends: the checkpoint and the last entry at or before it (-1: none). */
export interface LedgerSnapshot {
  upTo: GlobalPosition;
  lastEntry: number;
}

/** The active generation's checkpoint and its last entry, in one snapshot. No generation: START, -1. */
export async function ledgerSnapshot(db: Kysely<any>): Promise<LedgerSnapshot> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const active = await trx
        .selectFrom('projection_generations')
        .select(['position_commit', 'position_prepare'])
        .where('name', '=', 'finance_money_events')
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!active) return { upTo: START, lastEntry: -1 };
      // The entries index's last key: one index probe.
      const { rows } = await sql<{ entry: string | null }>`
        SELECT max(entry) AS entry FROM finance_money_events`.execute(trx);
      return {
        upTo: { commit: BigInt(active.position_commit), prepare: BigInt(active.position_prepare) },
        lastEntry: rows[0]?.entry === null || rows[0] === undefined ? -1 : Number(rows[0].entry),
      };
    });
}

/**
 * An event commits within this long of its `created_at` (its transaction's start). Entries are in commit order,
 * dates in start order: an entry created more than this before `from` committed before anything created from
 * `from` on, and one created this long after `before` committed after anything created before it.
 */
const COMMIT_SLACK = "interval '1 hour'";

/**
 * The entries a date range can hold: (after, upTo], from two probes of the time index: `after` is the entry of
 * the last event created more than COMMIT_SLACK before `from`, `upTo` the one before the first created
 * COMMIT_SLACK after `before` (the rows between are then filtered by date: at most COMMIT_SLACK more each side).
 * `from`/`before` are instants (inclusive / exclusive); absent: the ledger's start / `lastEntry`.
 */
export async function ledgerEntryRange(
  db: Kysely<any>,
  range: { from?: Date; before?: Date },
  lastEntry: number,
): Promise<{ after: number; upTo: number }> {
  let after = -1;
  let upTo = lastEntry;
  if (range.from) {
    const { rows } = await sql<{ entry: string }>`
      SELECT entry FROM finance_money_events
      WHERE entry IS NOT NULL AND created_at < ${range.from}::timestamptz - ${sql.raw(COMMIT_SLACK)}
      ORDER BY created_at DESC, entry DESC LIMIT 1`.execute(db);
    if (rows[0]) after = Math.min(Number(rows[0].entry), lastEntry);
  }
  if (range.before) {
    const { rows } = await sql<{ entry: string }>`
      SELECT entry FROM finance_money_events
      WHERE entry IS NOT NULL AND created_at >= ${range.before}::timestamptz + ${sql.raw(COMMIT_SLACK)}
      ORDER BY created_at, entry LIMIT 1`.execute(db);
    if (rows[0]) upTo = Math.min(Number(rows[0].entry) - 1, lastEntry);
  }
  return { after, upTo };
}

/**
 * One page of ledger entries after `after`, up to `upTo`, created in the range, by the entries index (keyset:
 * the next page starts after this one's last entry). Cost: the entries between the two, never the ledger.
 */
export async function ledgerPage(
  db: Kysely<any>,
  page: { after: number; upTo: number; limit: number; from?: Date; before?: Date },
): Promise<{ rows: LedgerRow[]; last: number }> {
  // The range is filtered here, not in JS, and the date comes as the CSV writes it: no Date parsed or formatted
  // per row (issue 22: the export's rows/s). `last` is the last entry returned, or the end when the page is short.
  const { rows } = await sql<{
    entry: string;
    event_id: string;
    event_type: string;
    data: unknown;
    at: string;
    facts: LedgerFacts;
  }>`
    SELECT entry, event_id, event_type, data, facts,
      to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
    FROM finance_money_events
    WHERE entry > ${page.after} AND entry <= ${page.upTo}
      AND (${page.from ?? null}::timestamptz IS NULL OR created_at >= ${page.from ?? null}::timestamptz)
      AND (${page.before ?? null}::timestamptz IS NULL OR created_at < ${page.before ?? null}::timestamptz)
    ORDER BY entry LIMIT ${page.limit}`.execute(db);
  return {
    last: rows.length === page.limit ? Number(rows.at(-1)!.entry) : page.upTo,
    rows: rows.map((row) => ({
      entry: Number(row.entry),
      id: row.event_id,
      at: row.at,
      event: { type: row.event_type, data: row.data } as DonationEvent,
      facts: row.facts,
    })),
  };
}
