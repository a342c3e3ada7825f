import { queryOptions } from '@tanstack/react-query';
import type { DevMailbox } from '@arena/contracts';
import { routes } from '@arena/contracts/http.routes';
import { callApi, unlessNotFound } from '../../lib/api-client';

/** Null when the server has no local driver (the mailbox does not exist there). */
async function fetchMailbox(): Promise<DevMailbox | null> {
  return (await unlessNotFound(callApi(routes.operations.devMailbox)))?.data ?? null;
}

export const devMailboxQuery = queryOptions({
  queryKey: ['identity', 'dev-mailbox'] as const,
  queryFn: fetchMailbox,
  refetchInterval: 2000,
});
