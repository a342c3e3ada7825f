import type { CharitySearchVariables } from '@arena/contracts';
import {
  CHARITY_SEARCH_DEFAULT_TERM,
  CHARITY_SEARCH_FIRST_LOAD_RATING,
  CHARITY_SEARCH_PAGE_SIZE,
} from '@arena/contracts/charity-search.document';
import { bool, intIn, searchSchema, text, type SearchOf } from '../../lib/search-params';

const trimmed = (max: number) => text({ trim: true, max });

const params = {
  term: trimmed(200),
  city: trimmed(100),
  state: trimmed(50),
  zip: trimmed(20),
  cause: trimmed(100),
  rating: intIn(1, 5),
  searched: bool,
};

/**
 * `/find-charity?term=food&state=CA&rating=3&searched=true`: the search lives in the URL so a reload or a
 * shared link runs it again. `searched` marks a manual search (the heading then says 'Found N charities');
 * without it the page shows the first load, rating-4 charities. Anything malformed reads as absent.
 */
export const findCharitySearch = searchSchema(params);

export type FindCharitySearch = SearchOf<typeof params>;

/** What one search asks, after the first-load rule is applied. */
export interface CharitySearchFilters {
  term: string;
  city: string;
  state: string;
  zip: string;
  cause: string;
  rating: number | undefined;
}

export function isManualSearch(search: FindCharitySearch): boolean {
  return (
    search.searched === true ||
    [search.term, search.city, search.state, search.zip, search.cause].some((value) => !!value) ||
    search.rating !== undefined
  );
}

export function filtersOf(search: FindCharitySearch): CharitySearchFilters {
  const manual = isManualSearch(search);
  return {
    term: search.term ?? '',
    city: search.city ?? '',
    state: search.state ?? '',
    zip: search.zip ?? '',
    cause: search.cause ?? '',
    // Spec §4 and §9: the first load asks for rating-4 charities.
    rating: manual ? search.rating : CHARITY_SEARCH_FIRST_LOAD_RATING,
  };
}

const one = (value: string) => (value.trim() ? [value.trim()] : undefined);

/**
 * The spec's variables (§7): term 'charity' when empty, c3 true, orderBy 'rating', single-item lists
 * for state, cause and rating; cities and zips are read by the bundled data set's driver.
 */
export function searchVariables(
  filters: CharitySearchFilters,
  from: number,
  withRating: boolean,
): Partial<CharitySearchVariables> {
  return {
    term: filters.term.trim() || CHARITY_SEARCH_DEFAULT_TERM,
    states: one(filters.state),
    causes: one(filters.cause),
    ratings: withRating && filters.rating !== undefined ? [String(filters.rating)] : undefined,
    cities: one(filters.city),
    zips: one(filters.zip),
    c3: true,
    result_size: CHARITY_SEARCH_PAGE_SIZE,
    from,
    orderBy: 'rating',
  };
}
