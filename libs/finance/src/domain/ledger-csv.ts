import { maskProviderId } from '@arena/contracts';
import type { DonationEvent } from '@arena/donations/events';
import {
  NO_FACTS,
  carryFacts,
  type LedgerFacts,
  type LedgerRow,
} from '@arena/projections/finance-money-events/finance-money-events.queries';

export type { LedgerRow };

export interface LedgerEvent {
  id: string;
  at: Date;
  event: DonationEvent;
}

export interface ExportOptions {
  /** Inclusive UTC dates, YYYY-MM-DD. */
  from?: string;
  to?: string;
  /** The finance role sees donors and full provider ids; everyone else an anonymised ledger. */
  full: boolean;
  /**
   * Issue 21: erased members (identity's `erased_members`: member id → erased name). The events keep what
   * they said; the export shows such a member under the erased name, never their id, email or names.
   */
  erased?: ReadonlyMap<string, string>;
}

const PUBLIC_COLUMNS = [
  'date',
  'entry',
  'event_id',
  'type',
  'donation_id',
  'amount_usd',
  'status',
  'nonprofit',
  'ein',
  'directed_by',
  'receipt_code',
  'provider_id',
];
const FINANCE_COLUMNS = [...PUBLIC_COLUMNS, 'donor_email', 'member_id'];

/** The CSV's first line. */
export function ledgerCsvHeader(full: boolean): string {
  return `${(full ? FINANCE_COLUMNS : PUBLIC_COLUMNS).join(',')}\r\n`;
}

/** True when the entry's UTC date is in the options' inclusive range. */
export function inRange(at: Date, options: Pick<ExportOptions, 'from' | 'to'>): boolean {
  const date = at.toISOString().slice(0, 10);
  return !(options.from && date < options.from) && !(options.to && date > options.to);
}

/**
 * One entry as a CSV line (pure), with its donation's facts after it (carried forward: events after the first
 * omit what the first said). Issue 22: the export streams these, page by page.
 */
export function ledgerCsvLine({ entry, id, at, event, facts }: LedgerRow, options: ExportOptions): string {
  const row = rowOf(event, facts);
  const erasedAs = (memberId: string | null) => (memberId ? options.erased?.get(memberId) : undefined);
  const member = erasedAs(facts.memberId);
  const director = erasedAs(facts.directedById);
  const cells = [
    at,
    String(entry),
    id,
    event.type,
    event.data.donationId,
    dollars(row.amountCents),
    row.status,
    facts.nonprofit,
    facts.ein,
    director ?? facts.directedBy,
    facts.receiptCode,
    options.full ? row.providerId : maskProviderId(row.providerId),
  ];
  // An erased donor's email was theirs (a gift records the signed-in donor's): it goes with them.
  if (options.full) cells.push(member ? null : facts.donorEmail, member ?? facts.memberId);
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The ledger as CSV (pure, in memory: for tests and small ledgers; the route streams): one row per money
 * event, in ledger order, numbered over the whole ledger so a filtered export keeps each entry's number.
 */
export function ledgerCsv(events: readonly LedgerEvent[], options: ExportOptions): string {
  const facts = new Map<string, LedgerFacts>();
  let csv = ledgerCsvHeader(options.full);
  events.forEach(({ id, at, event }, entry) => {
    const donationId = event.data.donationId;
    const after = carryFacts(event, facts.get(donationId) ?? NO_FACTS);
    facts.set(donationId, after);
    if (inRange(at, options))
      csv += ledgerCsvLine({ entry, id, at: at.toISOString(), event, facts: after }, options);
  });
  return csv;
}

/** What the row says of the event itself, given its donation's facts after it. */
function rowOf(
  event: DonationEvent,
  known: LedgerFacts,
): { amountCents: number; status: string; providerId: string | null } {
  switch (event.type) {
    case 'DonationReceived': {
      const d = event.data;
      return { amountCents: d.amountCents, status: '', providerId: d.paymentIntentId ?? d.checkoutSessionId };
    }
    case 'DonationDirected':
      return { amountCents: event.data.amountCents, status: 'held', providerId: null };
    case 'DonationTransferInitiated':
      return { amountCents: event.data.amountCents, status: 'pending', providerId: event.data.transferId };
    case 'PayoutCleared':
      return { amountCents: known.amountCents, status: 'cleared', providerId: event.data.transferId };
    case 'DonationTransferFailed':
      return { amountCents: known.amountCents, status: 'held', providerId: event.data.transferId };
    // Issue 20: the payout that carried it failed (still pending, flagged); a reversal took some back.
    case 'DonationPayoutFailed':
      return {
        amountCents: known.amountCents,
        status: 'pending (payout failed)',
        providerId: event.data.payoutId,
      };
    // The amount the reversal took back (the type says which way it went; a sign would read as a formula).
    case 'DonationTransferReversed':
      return { amountCents: event.data.amountCents, status: 'reversed', providerId: event.data.reversalId };
    case 'GiftRefunded':
      return {
        amountCents: event.data.amountCents,
        status: event.data.afterTransfer ? 'refunded-after-transfer' : 'refunded',
        providerId: event.data.chargeId,
      };
    case 'GiftDisputed':
      return { amountCents: event.data.amountCents, status: 'disputed', providerId: event.data.disputeId };
    case 'GiftDisputeClosed':
      return {
        amountCents: event.data.amountCents,
        status: `dispute-${event.data.outcome}`,
        providerId: event.data.disputeId,
      };
  }
}

/** Integer cents as dollars with cents, without floating point: 2505 → "25.05". */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const NEEDS_CARE = /^[=+\-@\t\r]|[",\r\n]/;

/**
 * One CSV cell (RFC 4180 quoting). A cell a spreadsheet would read as a formula (= + - @, tab, CR) is
 * prefixed with an apostrophe: names and codes come from outside.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  // Most cells (ids, amounts, dates) need neither: one test for both.
  if (!NEEDS_CARE.test(value)) return value;
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
