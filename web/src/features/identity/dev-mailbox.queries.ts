import { queryOptions } from '@tanstack/react-query';
import { apiClient, ApiError } from '../../lib/api-client';

export interface MailboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  createdAt: string;
  deliveredAt: string | null;
}

export interface Mailbox {
  channels: Array<'email' | 'sms'>;
  messages: MailboxMessage[];
}

/** Null when the server has no local driver (the mailbox does not exist there). */
async function fetchMailbox(): Promise<Mailbox | null> {
  try {
    return (await apiClient.get<{ data: Mailbox }>('/dev/mailbox')).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const devMailboxQuery = queryOptions({
  queryKey: ['identity', 'dev-mailbox'] as const,
  queryFn: fetchMailbox,
  refetchInterval: 2000,
});
