import { queryOptions } from '@tanstack/react-query';
import type { Answer, DevMailbox } from '@arena/contracts';
import { apiClient, unlessNotFound } from '../../lib/api-client';

/** Null when the server has no local driver (the mailbox does not exist there). */
async function fetchMailbox(): Promise<DevMailbox | null> {
  return (await unlessNotFound(apiClient.get<Answer<DevMailbox>>('/dev/mailbox')))?.data ?? null;
}

export const devMailboxQuery = queryOptions({
  queryKey: ['identity', 'dev-mailbox'] as const,
  queryFn: fetchMailbox,
  refetchInterval: 2000,
});
