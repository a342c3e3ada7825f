import { queryOptions } from '@tanstack/react-query';
import { routes } from '@arena/contracts/http.routes';
import { callApi, unlessNotFound } from '../../lib/api-client';

/**
 * Whether this server offers the developer pages: it answers `routes.operations.devTools` in development and
 * test only. Asked, not read from the build mode, because one production build runs everywhere,
 * the browser tests and a developer's `npm start` included.
 */
async function fetchDevToolsAvailable(): Promise<boolean> {
  return (await unlessNotFound(callApi(routes.operations.devTools))) !== null;
}

export const devToolsQuery = queryOptions({
  queryKey: ['dev-tools', 'available'] as const,
  queryFn: fetchDevToolsAvailable,
  staleTime: Infinity,
});
