import { maskProviderId } from '@arena/contracts';
import type { DirectedBy, DonationEvent } from '@arena/donations/events';

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

interface DonationFacts {
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

/**
 * The ledger as CSV (pure): one row per money event, in ledger order, numbered over the whole ledger so
 * a filtered export keeps each entry's number. Events after the first omit what the first said, so the
 * rows carry each donation's facts forward.
 */
export function ledgerCsv(events: readonly LedgerEvent[], options: ExportOptions): string {
  const facts = new Map<string, DonationFacts>();
  const lines = [(options.full ? FINANCE_COLUMNS : PUBLIC_COLUMNS).join(',')];
  events.forEach(({ id, at, event }, entry) => {
    const donationId = event.data.donationId;
    const known = facts.get(donationId) ?? {
      amountCents: 0,
      ein: null,
      nonprofit: null,
      directedBy: null,
      directedById: null,
      receiptCode: null,
      donorEmail: null,
      memberId: null,
    };
    const row = rowOf(event, known);
    facts.set(donationId, row.facts);
    const date = at.toISOString().slice(0, 10);
    if ((options.from && date < options.from) || (options.to && date > options.to)) return;
    const erasedAs = (memberId: string | null) => (memberId ? options.erased?.get(memberId) : undefined);
    const member = erasedAs(row.facts.memberId);
    const director = erasedAs(row.facts.directedById);
    const cells = [
      at.toISOString(),
      String(entry),
      id,
      event.type,
      donationId,
      dollars(row.amountCents),
      row.status,
      row.facts.nonprofit,
      row.facts.ein,
      director ?? row.facts.directedBy,
      row.facts.receiptCode,
      options.full ? row.providerId : maskProviderId(row.providerId),
    ];
    // An erased donor's email was theirs (a gift records the signed-in donor's): it goes with them.
    if (options.full) cells.push(member ? null : row.facts.donorEmail, member ?? row.facts.memberId);
    lines.push(cells.map(csvCell).join(','));
  });
  return `${lines.join('\r\n')}\r\n`;
}

function rowOf(event: DonationEvent, known: DonationFacts) {
  switch (event.type) {
    case 'DonationReceived': {
      const d = event.data;
      const facts = {
        ...known,
        amountCents: d.amountCents,
        receiptCode: d.receiptCode,
        donorEmail: d.donorEmail,
        memberId: d.donorMemberId,
      };
      return {
        facts,
        amountCents: d.amountCents,
        status: '',
        providerId: d.paymentIntentId ?? d.checkoutSessionId,
      };
    }
    case 'DonationDirected': {
      const d = event.data;
      const memberId =
        d.directedBy.kind === 'platform' ? known.memberId : (d.directedBy.memberId ?? known.memberId);
      const facts = {
        ...known,
        amountCents: d.amountCents,
        ein: d.charityEin,
        nonprofit: d.charityName,
        directedBy: directedByName(d.directedBy),
        directedById: d.directedBy.kind === 'platform' ? null : d.directedBy.memberId,
        receiptCode: d.receiptCode,
        memberId,
      };
      return { facts, amountCents: d.amountCents, status: 'held', providerId: null };
    }
    case 'DonationTransferInitiated':
      return {
        facts: known,
        amountCents: event.data.amountCents,
        status: 'pending',
        providerId: event.data.transferId,
      };
    case 'PayoutCleared':
      return {
        facts: known,
        amountCents: known.amountCents,
        status: 'cleared',
        providerId: event.data.transferId,
      };
    case 'DonationTransferFailed':
      return {
        facts: known,
        amountCents: known.amountCents,
        status: 'held',
        providerId: event.data.transferId,
      };
    // Issue 20: the payout that carried it failed (still pending, flagged); a reversal took some back.
    case 'DonationPayoutFailed':
      return {
        facts: known,
        amountCents: known.amountCents,
        status: 'pending (payout failed)',
        providerId: event.data.payoutId,
      };
    // The amount the reversal took back (the type says which way it went; a sign would read as a formula).
    case 'DonationTransferReversed':
      return {
        facts: known,
        amountCents: event.data.amountCents,
        status: 'reversed',
        providerId: event.data.reversalId,
      };
    case 'GiftRefunded':
      return {
        facts: known,
        amountCents: event.data.amountCents,
        status: event.data.afterTransfer ? 'refunded-after-transfer' : 'refunded',
        providerId: event.data.chargeId,
      };
    case 'GiftDisputed':
      return {
        facts: known,
        amountCents: event.data.amountCents,
        status: 'disputed',
        providerId: event.data.disputeId,
      };
    case 'GiftDisputeClosed':
      return {
        facts: known,
        amountCents: event.data.amountCents,
        status: `dispute-${event.data.outcome}`,
        providerId: event.data.disputeId,
      };
  }
}

function directedByName(by: DirectedBy): string {
  if (by.kind === 'winner') return by.username;
  if (by.kind === 'donor') return by.displayName ?? 'donor';
  return 'Charity Arena';
}

/** Integer cents as dollars with cents, without floating point: 2505 → "25.05". */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One CSV cell (RFC 4180 quoting). A cell a spreadsheet would read as a formula (= + - @, tab, CR) is
 * prefixed with an apostrophe: names and codes come from outside.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
