import { sql, type Kysely } from 'kysely';
import { charityLogoUrl, formatEin, type Charity } from '@arena/contracts';
import { totalsFor, type CharityDonationsTables } from '../charity-donations/charity-donations.queries';

export interface CharityRow {
  charity_id: string;
  ein: string;
  name: string;
  description: string;
  category: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  manager_id: string;
  stripe_account_id: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  email_verified: boolean;
  /** An operator confirmed the organization instead of the email code (issue 21). */
  review_approved: boolean;
  published: boolean;
  /** The logo its manager set (issue 23), null without one: see logoUrlOf. */
  logo_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface CharitiesTables extends CharityDonationsTables {
  charities: CharityRow;
}

export interface DonationTotals {
  totalReceivedCents: number;
  donationCount: number;
}

/** The donations directed to these charities (by EIN), from the donations read model: the one join. */
export async function donationTotals(
  db: Kysely<CharitiesTables>,
  eins: readonly string[],
): Promise<Map<string, DonationTotals>> {
  // The same database: the donations read model types only its own tables.
  const totals = await totalsFor(db as unknown as Kysely<CharityDonationsTables>, eins);
  return new Map(
    [...totals].map(([ein, total]) => [
      ein,
      { totalReceivedCents: total.totalCents, donationCount: total.count },
    ]),
  );
}

/** "acct_1AbCdEfGh" → "acct…EfGh": enough to recognize, never the whole id. */
export function maskAccountId(id: string | null): string | null {
  if (id === null) return null;
  return id.length <= 8 ? '…' : `${id.slice(0, 4)}…${id.slice(-4)}`;
}

/**
 * A charity's logo as others see it: only once the charity is published (its identity confirmed), so a
 * claimant still under review cannot dress a real nonprofit's page or search result with an image.
 */
export const logoUrlOf = (row: Pick<CharityRow, 'ein' | 'logo_id' | 'published'>): string | null =>
  row.published && row.logo_id !== null ? charityLogoUrl(row.ein, row.logo_id) : null;

/** The logos of these EINs (nine digits) that others may see: published charities that set one. */
export async function publishedLogoUrls(
  db: Kysely<CharitiesTables>,
  eins: readonly string[],
): Promise<Map<string, string>> {
  const digits = [...new Set(eins.map((ein) => ein.replace(/\D/g, '')))].filter((ein) => ein.length === 9);
  if (digits.length === 0) return new Map();
  const rows = await db
    .selectFrom('charities')
    .select(['ein', 'logo_id', 'published'])
    .where('ein', 'in', digits)
    .where('published', '=', true)
    .where('logo_id', 'is not', null)
    .execute();
  return new Map(
    rows.flatMap((row) => {
      const url = logoUrlOf(row);
      return url === null ? [] : [[row.ein, url] as const];
    }),
  );
}

export function toCharity(row: CharityRow, totals: DonationTotals | undefined): Charity {
  return {
    id: row.charity_id,
    name: row.name,
    ein: formatEin(row.ein),
    description: row.description === '' ? null : row.description,
    email: null,
    category: row.category,
    website: null,
    logoUrl: logoUrlOf(row),
    charityNavigatorUrl: null,
    encompassScore: null,
    starRating: null,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    country: 'US',
    stripeAccountId: maskAccountId(row.stripe_account_id),
    paymentAccountStatus:
      row.stripe_account_id === null ? 'NONE' : row.payouts_enabled ? 'VERIFIED' : 'PENDING',
    emailVerified: row.email_verified,
    isActive: row.published,
    isVerified: row.payouts_enabled && (row.email_verified || row.review_approved),
    totalReceived: (totals?.totalReceivedCents ?? 0) / 100,
    totalReceivedCents: totals?.totalReceivedCents ?? 0,
    donationCount: totals?.donationCount ?? 0,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

async function withTotals(db: Kysely<CharitiesTables>, rows: CharityRow[]): Promise<Charity[]> {
  const totals = await donationTotals(
    db,
    rows.map((row) => row.ein),
  );
  return rows.map((row) => toCharity(row, totals.get(row.ein)));
}

/** Published charities (email confirmed), verified first, then by name; `term` over name and city. */
export async function listPublishedCharities(
  db: Kysely<CharitiesTables>,
  params: { term: string; limit: number; offset: number },
): Promise<{ charities: Charity[]; total: number }> {
  let query = db.selectFrom('charities').where('published', '=', true);
  const term = params.term.trim();
  if (term !== '') {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('city', 'ilike', pattern)]));
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy(sql`(payouts_enabled AND (email_verified OR review_approved))`, 'desc')
      .orderBy('name')
      .orderBy('charity_id')
      .limit(params.limit)
      .offset(params.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { charities: await withTotals(db, rows), total: Number(count.total) };
}

export async function findCharityById(
  db: Kysely<CharitiesTables>,
  charityId: string,
): Promise<Charity | undefined> {
  const row = await db
    .selectFrom('charities')
    .selectAll()
    .where('charity_id', '=', charityId)
    .executeTakeFirst();
  return row ? (await withTotals(db, [row]))[0] : undefined;
}

/** The onboarded charity of an EIN (nine digits) and who manages it. */
export async function findCharityByEin(
  db: Kysely<CharitiesTables>,
  ein: string,
): Promise<{ charity: Charity; managerId: string } | undefined> {
  const row = await db.selectFrom('charities').selectAll().where('ein', '=', ein).executeTakeFirst();
  return row ? { charity: (await withTotals(db, [row]))[0]!, managerId: row.manager_id } : undefined;
}

/** Every published charity's id, EIN and name (onboarded charities are few: the home carousel's filter). */
export function publishedCharityNames(
  db: Kysely<CharitiesTables>,
): Promise<{ charity_id: string; ein: string; name: string }[]> {
  return db
    .selectFrom('charities')
    .select(['charity_id', 'ein', 'name'])
    .where('published', '=', true)
    .execute();
}
