import { queryOptions } from '@tanstack/react-query';
import type { Answer, ClientConfig } from '@arena/contracts';
import { apiClient } from '../../lib/api-client';

/** Where games are framed from (GAME_ORIGIN), asked once per page load: it only changes with a deploy. */
export const clientConfigQuery = queryOptions({
  queryKey: ['tournaments', 'client-config'] as const,
  queryFn: async ({ signal }) => (await apiClient.get<Answer<ClientConfig>>('/config', signal)).data,
  staleTime: Number.POSITIVE_INFINITY,
});
