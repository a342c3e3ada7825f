import { sql, type Kysely, type SqlBool } from 'kysely';
import type { CharitySearchResult } from '@arena/contracts';
import type { CharityDirectoryTables } from './charity-directory.tables';

export interface DirectorySearch {
  /** Words of the term, letters and digits only; empty lists every nonprofit. */
  words: string[];
  /** The whole term, lower case, for trigram similarity on names. */
  phrase: string;
  /** Nine digits when the term is an EIN. */
  ein?: string;
  states?: string[];
  cities?: string[];
  zips?: string[];
  causes?: string[];
  from: number;
  size: number;
}

export interface DirectoryPage {
  total: number;
  results: CharitySearchResult[];
}

type Row = {
  ein: string;
  name: string;
  mission: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  category: string | null;
  total: string | number;
};

const columns = ['ein', 'name', 'mission', 'street', 'city', 'state', 'zip', 'category'] as const;

/** The bundled data set has no ratings, links or second street line: those are null (the page says so). */
function toResult(row: Omit<Row, 'total'>): CharitySearchResult {
  return {
    ein: row.ein,
    name: row.name,
    mission: row.mission,
    organization_url: null,
    charity_navigator_url: null,
    encompass_score: null,
    encompass_star_rating: null,
    encompass_publication_date: null,
    cause: row.category,
    street: row.street,
    street2: null,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: 'US',
    highest_level_alert: null,
  };
}

/**
 * Search over charity_directory. A nonprofit matches when every word of the term prefixes a word of its
 * name, city, cause or mission (full text), or its name is like the term (trigrams, for misspellings), or the
 * term is its EIN; when no nonprofit has every word, those with any of them are ranked instead ("animal
 * shelter" then finds the animal-related nonprofits and the shelters). Ranked by relevance (EIN, then text
 * rank plus name similarity), then revenue. With nothing searched, the directory is browsed cause by cause
 * (browse_rank), a page at a time through its index, and the count is the load's row count, so a browse
 * reads a page, not the directory; a filtered browse counts the rows its filters match.
 */
export async function searchDirectory(
  db: Kysely<CharityDirectoryTables>,
  search: DirectorySearch,
): Promise<DirectoryPage> {
  const page = await searchWith(db, search, '&');
  if (page.total > 0 || search.words.length < 2) return page;
  return searchWith(db, search, '|');
}

async function searchWith(
  db: Kysely<CharityDirectoryTables>,
  search: DirectorySearch,
  joinWords: '&' | '|',
): Promise<DirectoryPage> {
  const tsquery = search.words.map((word) => `${word}:*`).join(` ${joinWords} `);
  const hasTerm = search.words.length > 0 || search.ein !== undefined;
  const query = sql`to_tsquery('english', ${tsquery})`;
  // Tiers: the EIN itself, then full-text matches, then names only like the term; within a tier, the
  // text rank (name weighs more than city) plus how close the name is to the term.
  const relevance = sql<number>`(CASE WHEN ein = ${search.ein ?? ''} THEN 100 ELSE 0 END
        + CASE WHEN search @@ ${query} THEN 10 ELSE 0 END
        + ts_rank(search, ${query}) + similarity(name, ${search.phrase}))`;

  let select = db.selectFrom('charity_directory').select(columns);
  if (hasTerm) {
    select = select.where((eb) => {
      const matches = [];
      if (search.words.length > 0) {
        matches.push(sql<SqlBool>`search @@ ${query}`);
        matches.push(sql<SqlBool>`${search.phrase} <% name`);
      }
      if (search.ein) matches.push(eb('ein', '=', search.ein));
      return eb.or(matches);
    });
  }
  const filtered = Boolean(
    search.states?.length || search.cities?.length || search.zips?.length || search.causes?.length,
  );
  if (search.states?.length) {
    select = select.where(
      'state',
      'in',
      search.states.map((state) => state.toUpperCase()),
    );
  }
  if (search.cities?.length) {
    select = select.where(
      sql`lower(city)`,
      'in',
      search.cities.map((city) => city.toLowerCase()),
    );
  }
  if (search.zips?.length) select = select.where('zip5', 'in', search.zips);
  if (search.causes?.length) {
    const causes = search.causes.map((cause) => cause.toLowerCase());
    select = select.where((eb) =>
      eb.or([eb(sql`lower(category)`, 'in', causes), eb(sql`lower(ntee_major_group)`, 'in', causes)]),
    );
  }

  if (!hasTerm && !filtered) {
    const [rows, loads] = await Promise.all([
      select
        .orderBy('browse_rank')
        .orderBy('revenue_cents', 'desc')
        .orderBy('ein')
        .offset(search.from)
        .limit(search.size)
        .execute(),
      db
        .selectFrom('charity_directory_loads')
        .select(sql<string>`coalesce(sum(row_count), 0)`.as('rows'))
        .executeTakeFirst(),
    ]);
    return { total: Number(loads?.rows ?? 0), results: rows.map(toResult) };
  }

  let page = select.select(sql<string>`count(*) OVER ()`.as('total'));
  page = hasTerm ? page.orderBy(relevance, 'desc') : page.orderBy('browse_rank');
  const rows = (await page
    .orderBy('revenue_cents', 'desc')
    .orderBy('ein')
    .offset(search.from)
    .limit(search.size)
    .execute()) as Row[];
  if (rows.length === 0 && search.from > 0) {
    // Past the last page the window count is not there; count on its own so result_count stays true.
    const counted = await select
      .clearSelect()
      .select(sql<string>`count(*)`.as('total'))
      .executeTakeFirst();
    return { total: Number(counted?.total ?? 0), results: [] };
  }
  return { total: Number(rows[0]?.total ?? 0), results: rows.map(toResult) };
}

export async function directoryByEin(
  db: Kysely<CharityDirectoryTables>,
  ein: string,
): Promise<CharitySearchResult | null> {
  const row = await db
    .selectFrom('charity_directory')
    .select(columns)
    .where('ein', '=', ein)
    .executeTakeFirst();
  return row ? toResult(row) : null;
}
