import { z } from 'zod';
import { CHARITY_SEARCH_DEFAULT_TERM, CHARITY_SEARCH_PAGE_SIZE } from './charity-search.document';

/**
 * Charity search (spec §7, "Charity search"): the page sends a GraphQL document and variables to
 * POST /api/charities/charity-navigator/graphql; the server answers from Charity Navigator's GraphQL API
 * when CHARITY_NAVIGATOR_API_KEY is set, or from the bundled IRS data set otherwise, in the same GraphQL
 * response shape. Only the two documents of charity-search.document.ts are accepted: the proxy is not an
 * open relay.
 */

export * from './charity-search.document';

const list = z.array(z.string().trim().min(1).max(100)).max(10);

/** The search variables (spec §7). Lists the page sends hold one item; longer lists are accepted up to 10. */
export const charitySearchVariables = z
  .object({
    term: z.string().trim().max(200).default(CHARITY_SEARCH_DEFAULT_TERM),
    states: list.optional(),
    sizes: list.optional(),
    causes: list.optional(),
    ratings: list.optional(),
    /** Filters the local data set by city and ZIP, which Charity Navigator's query has no variable for. */
    cities: list.optional(),
    zips: list.optional(),
    c3: z.boolean().optional(),
    result_size: z.number().int().min(1).max(50).default(CHARITY_SEARCH_PAGE_SIZE),
    from: z.number().int().min(0).max(10_000).default(0),
    beacons: list.optional(),
    advisories: list.optional(),
    orderBy: z.string().trim().max(50).optional(),
  })
  .meta({ id: 'CharitySearchVariables' });
export type CharitySearchVariables = z.infer<typeof charitySearchVariables>;

/** One result (spec §3, "External charity search result"). Ratings are null from the local data set. */
export const charitySearchResult = z
  .object({
    ein: z.string(),
    name: z.string(),
    mission: z.string().nullable(),
    organization_url: z.string().nullable(),
    charity_navigator_url: z.string().nullable(),
    encompass_score: z.number().nullable(),
    encompass_star_rating: z.number().nullable(),
    encompass_publication_date: z.string().nullable(),
    cause: z.string().nullable(),
    street: z.string().nullable(),
    street2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    country: z.string().nullable(),
    highest_level_alert: z.string().nullable(),
    /**
     * Our addition (issue 23): the logo of the nonprofit when it is published on Charity Arena, else null
     * or absent (the web shows its monogram).
     */
    logoUrl: z.string().nullable().optional(),
  })
  .meta({ id: 'CharitySearchResult' });
export type CharitySearchResult = z.infer<typeof charitySearchResult>;

export const charitySearchEnvelope = z
  .object({
    size: z.number().int(),
    from: z.number().int(),
    term: z.string(),
    result_count: z.number().int(),
    results: z.array(charitySearchResult),
  })
  .meta({ id: 'CharitySearchEnvelope' });
export type CharitySearchEnvelope = z.infer<typeof charitySearchEnvelope>;

/** POST /api/charities/charity-navigator/graphql */
export const charityGraphqlBody = z
  .object({
    query: z.string().min(1).max(10_000),
    variables: z.record(z.string(), z.unknown()).default({}),
    operationName: z.string().max(100).nullable().optional(),
  })
  .meta({ id: 'CharityGraphqlBody' });
export type CharityGraphqlBody = z.infer<typeof charityGraphqlBody>;

export const graphqlError = z
  .object({ message: z.string(), path: z.array(z.union([z.string(), z.number()])).optional() })
  .meta({ id: 'GraphqlError' });

/**
 * A GraphQL response: the envelope under data.publicSearchFaceted, and errors beside partial data (the
 * page keeps both, as Apollo's errorPolicy 'all' does). `source` says which driver answered.
 */
export const charityGraphqlAnswer = z
  .object({
    data: z.object({ publicSearchFaceted: charitySearchEnvelope.nullable() }).nullable(),
    errors: z.array(graphqlError).optional(),
    extensions: z
      .object({ source: z.enum(['charity-navigator', 'local']), ratingsAvailable: z.boolean() })
      .optional(),
  })
  .meta({ id: 'CharityGraphqlAnswer' });
export type CharityGraphqlAnswer = z.infer<typeof charityGraphqlAnswer>;
