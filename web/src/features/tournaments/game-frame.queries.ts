import { queryOptions } from '@tanstack/react-query';
import { routes } from '@arena/contracts/http.routes';
import { callApi } from '../../lib/api-client';

/** Where games are framed from (GAME_ORIGIN), asked once per page load: it only changes with a deploy. */
export const clientConfigQuery = queryOptions({
  queryKey: ['tournaments', 'client-config'] as const,
  queryFn: async ({ signal }) => (await callApi(routes.operations.clientConfig, { signal })).data,
  staleTime: Number.POSITIVE_INFINITY,
});
