import { sql, type Kysely } from 'kysely';
import type {
  CharityDonors,
  CharityLedger,
  CharityLedgerParams,
  CharityRankings,
  CharitySupporters,
} from '@arena/contracts';

export type DonationStatus = 'held' | 'pending' | 'cleared';

export interface CharityDonationRow {
  /** The donation (its id in the donations context). */
  id: string;
  ein: string;
  charity_name: string | null;
  tournament_id: string | null;
  /** Where the money came from: the tournament's title. */
  source: string;
  member_id: string | null;
  username: string | null;
  amount_cents: string | number;
  rank: number | null;
  impact: string;
  donated_at: Date;
  status: DonationStatus;
}

export interface CharityDonationsTables {
  charity_donations: CharityDonationRow;
  /** Identity's list of members whose personal data was erased (docs/security.md, "Privacy"). */
  erased_members: { member_id: string; erased_name: string };
}

/**
 * The read model's rows with an erased member's name in place of the one the events carried, so every
 * card, search and ranking below shows (and searches) only the erased name.
 */
function donationsAsShown(db: Kysely<CharityDonationsTables>) {
  return db
    .selectFrom('charity_donations as d')
    .leftJoin('erased_members as erased', 'erased.member_id', 'd.member_id')
    .select([
      'd.id',
      'd.ein',
      'd.charity_name',
      'd.tournament_id',
      'd.source',
      'd.member_id',
      sql<string | null>`coalesce(erased.erased_name, d.username)`.as('username'),
      'd.amount_cents',
      'd.rank',
      'd.impact',
      'd.donated_at',
      'd.status',
    ])
    .as('charity_donations');
}

/** A prize's impact as the ledger says it: 1 → '1st place', 12 → '12th place'. */
export function impactOfRank(rank: number): string {
  const tens = rank % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][rank % 10] ?? 'th');
  return `${rank}${suffix} place`;
}

/** A tournament winner is, to the charity, a supporter: the note the cards show. */
export const WINNER_NOTE = 'Tournament winner';
const ANONYMOUS = 'Anonymous';
const RECENT_DONORS = 5;
const TOP_DONORS = 5;
const SUPPORTERS_SHOWN = 50;
const RANKINGS_SHOWN = 50;

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The Public Ledger card: the charity's donations newest first, searched over donor, source and impact. */
export async function charityLedger(
  db: Kysely<CharityDonationsTables>,
  ein: string,
  { search, limit, offset }: CharityLedgerParams,
): Promise<CharityLedger> {
  let query = db.selectFrom(donationsAsShown(db)).where('ein', '=', ein);
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([
        eb('username', 'ilike', pattern),
        eb('source', 'ilike', pattern),
        eb('impact', 'ilike', pattern),
      ]),
    );
  }
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
  return {
    entries: rows.map((row) => ({
      id: row.id,
      date: row.donated_at.toISOString(),
      amountCents: Number(row.amount_cents),
      donor: row.username ?? ANONYMOUS,
      source: row.source,
      impact: row.impact,
      status: row.status,
    })),
    total: Number(count.total),
  };
}

/** The Supporters dialog: each member who directed money here once, latest first. */
export async function charitySupporters(
  db: Kysely<CharityDonationsTables>,
  ein: string,
): Promise<CharitySupporters> {
  const rows = await db
    .selectFrom(donationsAsShown(db))
    .select((eb) => [
      'member_id',
      eb.fn.max('donated_at').as('at'),
      // The name they last used, as usernames can change.
      sql<string | null>`(array_agg(username ORDER BY donated_at DESC))[1]`.as('username'),
    ])
    .where('ein', '=', ein)
    .where('member_id', 'is not', null)
    .groupBy('member_id')
    .orderBy('at', 'desc')
    .limit(SUPPORTERS_SHOWN)
    .execute();
  return {
    supporters: rows.map((row) => ({
      id: row.member_id!,
      name: row.username ?? ANONYMOUS,
      note: WINNER_NOTE,
      at: new Date(row.at).toISOString(),
    })),
  };
}

/** The Recent & Top Donors card: the latest donations, and the members who directed the most. */
export async function charityDonors(db: Kysely<CharityDonationsTables>, ein: string): Promise<CharityDonors> {
  const [recent, top] = await Promise.all([
    db
      .selectFrom(donationsAsShown(db))
      .selectAll()
      .where('ein', '=', ein)
      .orderBy('donated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RECENT_DONORS)
      .execute(),
    db
      .selectFrom(donationsAsShown(db))
      .select((eb) => [
        'member_id',
        eb.fn.sum<string>('amount_cents').as('amount_cents'),
        eb.fn.max('donated_at').as('at'),
        sql<string | null>`(array_agg(username ORDER BY donated_at DESC))[1]`.as('username'),
      ])
      .where('ein', '=', ein)
      .where('member_id', 'is not', null)
      .groupBy('member_id')
      .orderBy('amount_cents', 'desc')
      .orderBy('at', 'desc')
      .limit(TOP_DONORS)
      .execute(),
  ]);
  return {
    recent: recent.map((row) => ({
      id: row.id,
      name: row.username ?? ANONYMOUS,
      amountCents: Number(row.amount_cents),
      note: `${row.impact}, ${row.source}`,
      at: row.donated_at.toISOString(),
    })),
    top: top.map((row) => ({
      id: row.member_id!,
      name: row.username ?? ANONYMOUS,
      amountCents: Number(row.amount_cents),
      note: WINNER_NOTE,
      at: new Date(row.at).toISOString(),
    })),
  };
}

/** The Charity Rankings dialog: every charity by the money directed to it, with its supporters. */
export async function charityRankings(db: Kysely<CharityDonationsTables>): Promise<CharityRankings> {
  const rows = await db
    .selectFrom(donationsAsShown(db))
    .select((eb) => [
      'ein',
      eb.fn.sum<string>('amount_cents').as('raised'),
      sql<string>`count(DISTINCT member_id)`.as('supporters'),
      sql<string | null>`(array_agg(charity_name ORDER BY donated_at DESC))[1]`.as('name'),
    ])
    .groupBy('ein')
    .orderBy('raised', 'desc')
    .orderBy('ein')
    .limit(RANKINGS_SHOWN)
    .execute();
  return {
    rankings: rows.map((row, index) => ({
      rank: index + 1,
      ein: row.ein,
      name: row.name ?? row.ein,
      raisedCents: Number(row.raised),
      supporters: Number(row.supporters),
    })),
  };
}

/** What each of these charities received so far, for the onboarded charities' totals (absent: nothing). */
export async function totalsFor(
  db: Kysely<CharityDonationsTables>,
  eins: readonly string[],
): Promise<Map<string, { totalCents: number; count: number }>> {
  if (eins.length === 0) return new Map();
  const rows = await db
    .selectFrom(donationsAsShown(db))
    .select((eb) => [
      'ein',
      eb.fn.sum<string>('amount_cents').as('total'),
      eb.fn.countAll<string>().as('count'),
    ])
    .where('ein', 'in', [...eins])
    .groupBy('ein')
    .execute();
  return new Map(rows.map((row) => [row.ein, { totalCents: Number(row.total), count: Number(row.count) }]));
}
