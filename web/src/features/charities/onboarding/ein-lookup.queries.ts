import { queryOptions } from '@tanstack/react-query';
// The query document's module carries the search schemas too: only the details step loads it.
import { CHARITY_BY_EIN_QUERY } from '@arena/contracts/charity-search.document';
import { routes } from '@arena/contracts/http.routes';
import { callApi } from '../../../lib/api-client';
import { onboardingKeys } from './onboarding.queries';

/**
 * The name the data set holds for an EIN (the by-EIN query of spec §7), or null when it holds none.
 * Only a nonprofit with exactly that EIN counts: the query searches by term.
 */
export const nameByEinQuery = (ein: string) =>
  queryOptions({
    queryKey: onboardingKeys.nameByEin(ein),
    queryFn: async () => {
      const answer = await callApi(routes.charities.search, {
        body: { query: CHARITY_BY_EIN_QUERY, variables: { ein }, operationName: 'GetCharity' },
      });
      const results = answer.data?.publicSearchFaceted?.results ?? [];
      return results.find((result) => result.ein.replace('-', '') === ein)?.name ?? null;
    },
    staleTime: 10 * 60_000,
    retry: false,
  });
