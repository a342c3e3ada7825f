import { queryOptions } from '@tanstack/react-query';
import { apiClient, ApiError } from '../../lib/api-client';

/**
 * Whether this server offers the developer pages: it answers `/api/dev/tools` in development and
 * test only. Asked, not read from the build mode, because one production build runs everywhere,
 * the browser tests and a developer's `npm start` included.
 */
async function fetchDevToolsAvailable(): Promise<boolean> {
  try {
    await apiClient.get('/dev/tools');
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

export const devToolsQuery = queryOptions({
  queryKey: ['dev-tools', 'available'] as const,
  queryFn: fetchDevToolsAvailable,
  staleTime: Infinity,
});
