import { sql, type Kysely } from 'kysely';
import {
  maskProviderId,
  type DonationList,
  type DonationListParams,
  type DonationReceipt,
  type DonationStatus,
  type DonationSummary,
  type MemberDonations,
  type PublicDonation,
  type TopWinners,
} from '@arena/contracts';

export interface DonationRow {
  id: string;
  receipt_code: string;
  amount_cents: string | number;
  /** Null while a gift waits in the platform-held donation pool. */
  ein: string | null;
  charity_name: string | null;
  directed_by: string;
  source: string;
  status: DonationStatus;
  payment_intent_id: string | null;
  transfer_id: string | null;
  /** Whose money it was: the winner of a prize, the signed-in donor of a gift (never shown publicly). */
  member_id: string | null;
  /** The winner, for prize money only (the winners' card). */
  prize_member_id: string | null;
  donated_at: Date;
  /** Issue 20: what transfer reversals took back (held again as a donation of its own, source 'reversal'). */
  reversed_cents: string | number;
  /** Issue 20: the failure code of the payout that last failed carrying it (finance's flag), else null. */
  payout_failure: string | null;
}

export interface DonationHistoryRow {
  event_id: string;
  donation_id: string | null;
  revision: string | number;
  status: string;
  at: Date;
  note: string | null;
}

export interface DonationsTables {
  donations: DonationRow;
  donation_history: DonationHistoryRow;
  donation_prize_shares: {
    share_id: string;
    member_id: string;
    tournament_id: string;
    tournament_title: string;
    rank: number;
    amount_cents: string | number;
    remaining_cents: string | number;
    credited_at: Date;
    direct_by: Date;
  };
  donation_member_names: { member_id: string; username: string; at: Date };
  /** Identity's list of members whose personal data was erased (docs/security.md, "Privacy"). */
  erased_members: { member_id: string; erased_name: string };
}

type Db = Kysely<DonationsTables>;

/**
 * The read model's rows with an erased winner's name in place of the one the events carried, and a gift
 * whose donor chose a name but was erased since shown as 'Anonymous donor' (the platform keeps its name),
 * so every list, card and receipt below shows what erasure left. Both joins are by primary key.
 */
function donationsAsShown(db: Db) {
  return db
    .selectFrom('donations as d')
    .leftJoin('erased_members as erased', 'erased.member_id', 'd.prize_member_id')
    .leftJoin('erased_members as erased_donor', 'erased_donor.member_id', 'd.member_id')
    .select([
      'd.id',
      'd.receipt_code',
      'd.amount_cents',
      'd.ein',
      'd.charity_name',
      sql<string>`CASE WHEN d.directed_by IN (${ANONYMOUS_DONOR_NAME}, ${PLATFORM_NAME}) THEN d.directed_by
        WHEN erased.erased_name IS NOT NULL THEN erased.erased_name
        WHEN erased_donor.erased_name IS NOT NULL AND d.source = ${GIFT_SOURCE_NAME} THEN ${ANONYMOUS_DONOR_NAME}
        ELSE d.directed_by END`.as('directed_by'),
      'd.source',
      'd.status',
      'd.payment_intent_id',
      'd.transfer_id',
      'd.member_id',
      'd.prize_member_id',
      'd.donated_at',
      'd.reversed_cents',
      'd.payout_failure',
    ])
    .as('donations');
}
// The names the projection writes for a donor and for the platform (donations.projection.ts).
const ANONYMOUS_DONOR_NAME = 'Anonymous donor';
const PLATFORM_NAME = 'Charity Arena';
const GIFT_SOURCE_NAME = 'Direct gift';

export const receiptUrl = (receiptCode: string) => `/donate/receipt/${encodeURIComponent(receiptCode)}`;

/** A row as the public ledger shows it: the transfer's id once sent, the payment's before. */
export function toPublicDonation(row: DonationRow): PublicDonation {
  return {
    id: row.id,
    datetime: row.donated_at.toISOString(),
    receiptCode: row.receipt_code,
    receiptUrl: receiptUrl(row.receipt_code),
    directedBy: row.directed_by,
    nonprofit: row.charity_name,
    nonprofitEin: row.ein,
    amountCents: Number(row.amount_cents),
    status: row.status,
    stripeId: maskProviderId(row.transfer_id ?? row.payment_intent_id),
    source: row.source,
  };
}

/** One donation as the public ledger shows it, by its id. */
export async function publicDonationById(db: Db, donationId: string): Promise<PublicDonation | undefined> {
  const row = await db
    .selectFrom(donationsAsShown(db))
    .selectAll()
    .where('id', '=', donationId)
    .executeTakeFirst();
  return row && toPublicDonation(row);
}

/** GET /api/donations: newest first. */
export async function listDonations(
  db: Db,
  { limit, offset, status }: DonationListParams,
): Promise<DonationList> {
  let query = db.selectFrom(donationsAsShown(db));
  if (status) query = query.where('status', '=', status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('donated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { donations: rows.map(toPublicDonation), total: Number(count.total) };
}

/** The home page's summary cards. */
export async function donationSummary(db: Db): Promise<DonationSummary> {
  const row = await db
    .selectFrom(donationsAsShown(db))
    .select([
      // What a reversal took back is counted once: in the donation that holds it again.
      sql<string>`coalesce(sum(amount_cents - reversed_cents) FILTER (WHERE ein IS NOT NULL AND status IN ('pending', 'cleared')), 0)`.as(
        'verified',
      ),
      sql<string>`coalesce(sum(amount_cents - reversed_cents) FILTER (WHERE ein IS NOT NULL AND status IN ('held', 'pending')), 0)`.as(
        'pending',
      ),
      sql<string>`coalesce(sum(amount_cents) FILTER (WHERE ein IS NULL), 0)`.as('pool'),
      sql<string>`count(DISTINCT ein)`.as('nonprofits'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalVerifiedCents: Number(row.verified),
    nonprofitsImpacted: Number(row.nonprofits),
    pendingBalanceCents: Number(row.pending),
    donationPoolCents: Number(row.pool),
  };
}

/** Top Challenge Winners: members by the prize money directed to nonprofits, most first. */
export async function topWinners(db: Db, limit: number): Promise<TopWinners> {
  const base = db
    .selectFrom(donationsAsShown(db))
    .where('prize_member_id', 'is not', null)
    .where('ein', 'is not', null);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('donation_member_names as names', 'names.member_id', 'donations.prize_member_id')
      .leftJoin('erased_members as erased', 'erased.member_id', 'donations.prize_member_id')
      .select((eb) => [
        'donations.prize_member_id as member_id',
        eb.fn.sum<string>('donations.amount_cents').as('amount'),
        eb.fn.max('donations.donated_at').as('at'),
        sql<string | null>`coalesce(max(erased.erased_name), max(names.username))`.as('username'),
        sql<
          string | null
        >`(array_agg(donations.charity_name ORDER BY donations.donated_at DESC, donations.id DESC))[1]`.as(
          'nonprofit',
        ),
        sql<
          string | null
        >`(array_agg(donations.receipt_code ORDER BY donations.donated_at DESC, donations.id DESC))[1]`.as(
          'receipt_code',
        ),
      ])
      .groupBy('donations.prize_member_id')
      .orderBy('amount', 'desc')
      .orderBy('at', 'desc')
      .orderBy('donations.prize_member_id')
      .limit(limit)
      .execute(),
    base.select(sql<string>`count(DISTINCT prize_member_id)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    winners: rows.map((row) => ({
      id: row.member_id!,
      name: row.username ?? 'Winner',
      amountCents: Number(row.amount),
      nonprofit: row.nonprofit,
      date: new Date(row.at).toISOString(),
      receiptCode: row.receipt_code,
    })),
    total: Number(count.total),
  };
}

/** A receipt: the donation and its events in order; absent for an unknown code. */
export async function donationReceipt(db: Db, receiptCode: string): Promise<DonationReceipt | undefined> {
  const row = await db
    .selectFrom(donationsAsShown(db))
    .selectAll()
    .where('receipt_code', '=', receiptCode)
    .executeTakeFirst();
  if (!row) return undefined;
  const history = await db
    .selectFrom('donation_history')
    .selectAll()
    .where('donation_id', '=', row.id)
    .orderBy('revision')
    .execute();
  return {
    donation: toPublicDonation(row),
    history: history.map((entry) => ({
      status: entry.status as DonationReceipt['history'][number]['status'],
      at: entry.at.toISOString(),
      note: entry.note,
    })),
    ledgerEntryIds: history.map((entry) => entry.event_id),
  };
}

/** The member's balances, the prize shares they can still direct, and their donations. */
export async function memberDonations(db: Db, memberId: string): Promise<MemberDonations> {
  const [shares, history] = await Promise.all([
    db
      .selectFrom('donation_prize_shares')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('remaining_cents', '>', 0)
      .orderBy('credited_at')
      .orderBy('share_id')
      .execute(),
    db
      .selectFrom(donationsAsShown(db))
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('donated_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const cents = (status: DonationStatus) =>
    history.filter((row) => row.status === status).reduce((sum, row) => sum + Number(row.amount_cents), 0);
  return {
    directableCents: shares.reduce((sum, share) => sum + Number(share.remaining_cents), 0),
    heldCents: cents('held'),
    pendingCents: cents('pending'),
    clearedCents: cents('cleared'),
    totalDonatedCents: history.reduce((sum, row) => sum + Number(row.amount_cents), 0),
    donationCount: history.length,
    charitiesSupported: new Set(history.flatMap((row) => (row.ein ? [row.ein] : []))).size,
    shares: shares.map((share) => ({
      shareId: share.share_id,
      tournamentId: share.tournament_id,
      tournamentTitle: share.tournament_title,
      rank: share.rank,
      amountCents: Number(share.amount_cents),
      remainingCents: Number(share.remaining_cents),
      directBy: share.direct_by.toISOString(),
    })),
    history: history.map(toPublicDonation),
  };
}

/** How many flagged payouts the finance report lists at most, newest first. */
export const PAYOUT_FAILURES_SHOWN = 100;

/**
 * The donations whose charity's payout failed and that no payout has cleared since (issue 20): the money waits
 * on the charity's Stripe balance, never sent again, until the charity fixes its bank account. For finance
 * only (donor-free). Reads the partial index of flagged rows: cost grows with the flags, not the donations.
 */
export async function payoutFailures(db: Db) {
  const rows = await db
    .selectFrom('donations')
    .select(['id', 'receipt_code', 'ein', 'charity_name', 'amount_cents', 'transfer_id', 'payout_failure'])
    .where('payout_failure', 'is not', null)
    .orderBy('donated_at', 'desc')
    .orderBy('id')
    .limit(PAYOUT_FAILURES_SHOWN)
    .execute();
  return rows.map((row) => ({
    donationId: row.id,
    receiptCode: row.receipt_code,
    charityEin: row.ein,
    charityName: row.charity_name,
    amountCents: Number(row.amount_cents),
    transferId: row.transfer_id,
    failureCode: row.payout_failure!,
  }));
}

/**
 * Issue 22: the donations the transfer window may send or direct: status 'held' here is a gift waiting in the
 * pool (the decider's 'received') or a directed donation (its 'held'), a failed transfer's included. By the
 * partial index of held rows: cost grows with what waits for a window, not with the ledger. Candidates only:
 * each donation's stream decides.
 */
export async function heldDonationIds(db: Kysely<any>): Promise<string[]> {
  const rows = await db
    .selectFrom('donations')
    .select('id')
    .where('status', '=', 'held')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id as string);
}

/**
 * Issue 22: cents directed per charity by winners since `since` (the winner-directions partial index: the
 * directions of those days only), and by anyone ever (donation_directed_totals: one row per charity).
 */
export async function directedCentsByCharity(db: Kysely<any>, since: Date) {
  const [winners, totals] = await Promise.all([
    db
      .selectFrom('donations')
      .select(['ein', sql<string>`sum(directed_cents)`.as('cents')])
      .where('directed_kind', '=', 'winner')
      .where('directed_at', '>=', since)
      .groupBy('ein')
      .execute(),
    db.selectFrom('donation_directed_totals').select(['ein', 'directed_cents']).execute(),
  ]);
  return {
    byWinners: new Map(winners.map((row) => [row.ein as string, Number(row.cents)])),
    all: new Map(totals.map((row) => [row.ein as string, Number(row.directed_cents)])),
  };
}
