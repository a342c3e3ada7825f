import { sql, type Kysely } from 'kysely';
import type { CharityDirectoryTables } from './charity-directory.tables';

/**
 * Names of donor-advised fund sponsors, which hold donors' money for them to grant later: searchable, but not
 * what someone browsing for a charity to support expects first, so they come last within their cause.
 */
const DONOR_ADVISED_FUND = String.raw`donor advised|gift fund|charitable trust|philanthropic tr\y|charitable giving`;

/**
 * Ranks the whole directory for browsing (nothing searched): the largest nonprofit of each cause gets rank 1,
 * the second largest of each rank 2, and so on, so the first page shows every cause rather than the largest
 * nonprofits overall (hospital systems, universities and donor-advised funds). Run once per load of the bundled
 * file, never per request: O(n log n) over the directory.
 */
export async function rankForBrowsing(db: Kysely<CharityDirectoryTables>): Promise<void> {
  await sql`
    UPDATE charity_directory AS directory SET browse_rank = ranked.rank
    FROM (
      SELECT ein, row_number() OVER (
        PARTITION BY coalesce(category, ntee_major_group, '')
        ORDER BY name ~* ${DONOR_ADVISED_FUND}, revenue_cents DESC, ein
      ) AS rank
      FROM charity_directory
    ) AS ranked
    WHERE directory.ein = ranked.ein AND directory.browse_rank IS DISTINCT FROM ranked.rank`.execute(db);
}
