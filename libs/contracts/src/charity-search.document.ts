/**
 * The charity search's documents and constants (spec §7, §9), without zod: the web's first bundle reads
 * them (the search params of /find-charity), and the schemas stay in charity-search.contract.ts, which
 * re-exports everything here. The proxy accepts only these two documents.
 */

/** Search page size (spec §9) and the first load's rating filter. */
export const CHARITY_SEARCH_PAGE_SIZE = 20;
export const CHARITY_SEARCH_FIRST_LOAD_RATING = 4;
/** The term the page sends when the box is empty (spec §7). */
export const CHARITY_SEARCH_DEFAULT_TERM = 'charity';

/** What both documents ask of the answer: the envelope and every result field the spec shows. */
const SEARCH_ENVELOPE_SELECTION = `{
    size
    from
    term
    result_count
    results {
      ein
      name
      mission
      organization_url
      charity_navigator_url
      encompass_score
      encompass_star_rating
      encompass_publication_date
      cause
      street
      street2
      city
      state
      zip
      country
      highest_level_alert
    }
  }`;

/** The search document the page sends: Charity Navigator's publicSearchFaceted query with every field the spec shows. */
export const PUBLIC_SEARCH_FACETED_QUERY = `query PublicSearchFaceted(
  $term: String!
  $states: [String!]
  $sizes: [String!]
  $causes: [String!]
  $ratings: [String!]
  $c3: Boolean
  $result_size: Int
  $from: Int
  $beacons: [String!]
  $advisories: [String!]
  $orderBy: String
) {
  publicSearchFaceted(
    term: $term
    states: $states
    sizes: $sizes
    causes: $causes
    ratings: $ratings
    c3: $c3
    result_size: $result_size
    from: $from
    beacons: $beacons
    advisories: $advisories
    order_by: $orderBy
  ) ${SEARCH_ENVELOPE_SELECTION}
}`;

/** The by-EIN look-up (spec §7: defined by the page, used by the onboarding form to fill the name). */
export const CHARITY_BY_EIN_QUERY = `query GetCharity($ein: String!) {
  publicSearchFaceted(term: $ein, result_size: 1) ${SEARCH_ENVELOPE_SELECTION}
}`;
