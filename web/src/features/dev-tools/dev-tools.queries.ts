import type { DevToolsAvailable } from '@arena/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unlessNotFound } from '../../lib/api-client';

/**
 * Whether this server offers the developer pages: it answers `/api/dev/tools` in development and
 * test only. Asked, not read from the build mode, because one production build runs everywhere,
 * the browser tests and a developer's `npm start` included.
 */
async function fetchDevToolsAvailable(): Promise<boolean> {
  return (await unlessNotFound(apiClient.get<DevToolsAvailable>('/dev/tools'))) !== null;
}

export const devToolsQuery = queryOptions({
  queryKey: ['dev-tools', 'available'] as const,
  queryFn: fetchDevToolsAvailable,
  staleTime: Infinity,
});
