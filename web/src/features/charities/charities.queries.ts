import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  AddFavoriteBody,
  CharityProfile,
  CharitySearchEnvelope,
  CharitySearchResult,
  InviteCharityBody,
} from '@arena/contracts';
import {
  CHARITY_SEARCH_PAGE_SIZE,
  PUBLIC_SEARCH_FACETED_QUERY,
} from '@arena/contracts/charity-search.document';
import { routes } from '@arena/contracts/http.routes';
import { callApi } from '../../lib/api-client';
import { searchVariables, type CharitySearchFilters } from './find-charity.search';

/**
 * The charity calls of spec §7 and their query keys (`['charities', noun, params]`). A favorite added or
 * removed invalidates `['charities', 'favorites']`; nothing else about a charity changes under the page.
 */

export const charityKeys = {
  all: ['charities'] as const,
  onboarded: () => ['charities', 'onboarded', {}] as const,
  search: (filters: CharitySearchFilters) => ['charities', 'search', filters] as const,
  /** Keyed by member, so after a sign-out and another sign-in nobody sees the last one's hearts. */
  favorites: (memberId: string) => ['charities', 'favorites', { memberId }] as const,
  profile: (ein: string) => ['charities', 'profile', { ein }] as const,
  ledger: (ein: string, search: string, all: boolean) =>
    ['charities', 'ledger', { ein, search, all }] as const,
  supporters: (ein: string) => ['charities', 'supporters', { ein }] as const,
  donors: (ein: string) => ['charities', 'donors', { ein }] as const,
  stories: (ein: string) => ['charities', 'stories', { ein }] as const,
  rankings: () => ['charities', 'rankings', {}] as const,
};

export const onboardedCharitiesQuery = () =>
  queryOptions({
    queryKey: charityKeys.onboarded(),
    queryFn: async ({ signal }) =>
      (await callApi(routes.charities.list, { query: { limit: 20 }, signal })).data,
  });

/** One page of search results, with the GraphQL errors that came beside it (errorPolicy 'all'). */
export interface CharitySearchPage {
  envelope: CharitySearchEnvelope | null;
  errors: string[];
  /** False when the bundled IRS data set answered: it has no ratings. */
  ratingsAvailable: boolean;
}

async function searchPage(filters: CharitySearchFilters, from: number): Promise<CharitySearchPage> {
  const ask = (withRating: boolean) =>
    callApi(routes.charities.search, {
      body: {
        query: PUBLIC_SEARCH_FACETED_QUERY,
        variables: searchVariables(filters, from, withRating),
        operationName: 'PublicSearchFaceted',
      },
    });
  let answer = await ask(true);
  const ratingsAvailable = answer.extensions?.ratingsAvailable !== false;
  // A data set without ratings cannot filter by them: ask again without the rating rather than show an
  // empty list, and the page says why ratings are missing.
  if (
    !ratingsAvailable &&
    filters.rating !== undefined &&
    !answer.data?.publicSearchFaceted?.results.length
  ) {
    answer = await ask(false);
  }
  return {
    envelope: answer.data?.publicSearchFaceted ?? null,
    errors: (answer.errors ?? []).map((error) => error.message),
    ratingsAvailable,
  };
}

/** Load More asks the next 20 (from += 20) while the envelope says more exist. */
export const charitySearchQuery = (filters: CharitySearchFilters) =>
  infiniteQueryOptions({
    queryKey: charityKeys.search(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => searchPage(filters, pageParam),
    getNextPageParam: (last) => {
      const envelope = last.envelope;
      if (!envelope || envelope.results.length === 0) return undefined;
      const next = envelope.from + CHARITY_SEARCH_PAGE_SIZE;
      return next < envelope.result_count ? next : undefined;
    },
  });

export const favoritesQuery = (memberId: string) =>
  queryOptions({
    queryKey: charityKeys.favorites(memberId),
    queryFn: async ({ signal }) =>
      (await callApi(routes.charities.favorites, { signal })).data.favoriteCharities,
  });

export const addFavorite = async (body: AddFavoriteBody) =>
  (await callApi(routes.charities.addFavorite, { body })).data.favoriteCharities;

export const removeFavorite = async (ein: string) =>
  (await callApi(routes.charities.removeFavorite, { body: { ein } })).data.favoriteCharities;

export const inviteCharity = (body: InviteCharityBody) => callApi(routes.charities.invite, { body });

/** The add payload of a heart on a search result (spec §3: externalCharityData). */
export function favoriteFromResult(result: CharitySearchResult): AddFavoriteBody {
  return {
    externalCharityData: {
      name: result.name,
      ein: result.ein,
      mission: result.mission,
      organization_url: result.organization_url,
      charity_navigator_url: result.charity_navigator_url,
      encompass_score: result.encompass_score,
      encompass_star_rating: result.encompass_star_rating,
      cause: result.cause,
      street: result.street,
      city: result.city,
      state: result.state,
      zip: result.zip,
      country: result.country,
    },
  };
}

/** The same payload from a profile, for Follow Charity. */
export function favoriteFromProfile(profile: CharityProfile): AddFavoriteBody {
  return {
    externalCharityData: {
      name: profile.name,
      ein: profile.ein,
      mission: profile.description,
      organization_url: profile.website,
      charity_navigator_url: profile.charityNavigatorUrl,
      encompass_score: profile.encompassScore,
      encompass_star_rating: profile.starRating,
      cause: profile.category,
      street: profile.address,
      city: profile.city,
      state: profile.state,
      zip: profile.zipCode,
      country: profile.country,
    },
  };
}

export const charityProfileQuery = (ein: string) =>
  queryOptions({
    queryKey: charityKeys.profile(ein),
    queryFn: async ({ signal }) =>
      (await callApi(routes.charities.profile, { params: { ein }, signal })).data,
    // A 404 or a malformed EIN will not change by asking again.
    retry: false,
  });

/** The ledger card shows the 5 newest; 'View all entries' asks for the first 100. */
export const LEDGER_RECENT = 5;
export const LEDGER_ALL = 100;

export const charityLedgerQuery = (ein: string, search: string, all: boolean) =>
  queryOptions({
    queryKey: charityKeys.ledger(ein, search, all),
    queryFn: async ({ signal }) =>
      (
        await callApi(routes.charities.ledger, {
          params: { ein },
          query: { search, limit: all ? LEDGER_ALL : LEDGER_RECENT },
          signal,
        })
      ).data,
  });

export const charitySupportersQuery = (ein: string) =>
  queryOptions({
    queryKey: charityKeys.supporters(ein),
    queryFn: async ({ signal }) =>
      (await callApi(routes.charities.supporters, { params: { ein }, signal })).data.supporters,
  });

export const charityDonorsQuery = (ein: string) =>
  queryOptions({
    queryKey: charityKeys.donors(ein),
    queryFn: async ({ signal }) => (await callApi(routes.charities.donors, { params: { ein }, signal })).data,
  });

export const charityStoriesQuery = (ein: string) =>
  queryOptions({
    queryKey: charityKeys.stories(ein),
    queryFn: async ({ signal }) =>
      (await callApi(routes.charities.stories, { params: { ein }, signal })).data.stories,
  });

export const charityRankingsQuery = () =>
  queryOptions({
    queryKey: charityKeys.rankings(),
    queryFn: async ({ signal }) => (await callApi(routes.charities.rankings, { signal })).data.rankings,
  });
