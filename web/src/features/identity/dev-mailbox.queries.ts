import { queryOptions } from '@tanstack/react-query';
import { apiClient, unlessNotFound } from '../../lib/api-client';

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
  return (await unlessNotFound(apiClient.get<{ data: Mailbox }>('/dev/mailbox')))?.data ?? null;
}

export const devMailboxQuery = queryOptions({
  queryKey: ['identity', 'dev-mailbox'] as const,
  queryFn: fetchMailbox,
  refetchInterval: 2000,
});
