import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Answer } from '@arena/contracts';
import type { MemberTransaction, signInSession, SupportMessageBody } from '@arena/contracts/account.contract';
import { apiClient } from '../../lib/api-client';

/**
 * The rest of the profile's calls (issue 13, `/api/account/*`, `/api/support/messages`): transactions,
 * sign-ins, deleting the account and writing to support.
 */

export type SignInSession = z.infer<typeof signInSession>;

export const accountKeys = {
  all: ['account'] as const,
  transactions: (memberId: string) => ['account', 'transactions', { memberId }] as const,
  sessions: (memberId: string) => ['account', 'sessions', { memberId }] as const,
};

export const transactionsQuery = (memberId: string) =>
  queryOptions({
    queryKey: accountKeys.transactions(memberId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Answer<MemberTransaction[]>>('/account/transactions', signal)).data,
  });

export const signInsQuery = (memberId: string) =>
  queryOptions({
    queryKey: accountKeys.sessions(memberId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Answer<SignInSession[]>>('/account/sessions', signal)).data,
  });

export const accountApi = {
  signOutOthers: async () =>
    (await apiClient.post<Answer<{ signedOut: number }>>('/account/sessions/sign-out-others')).data,
  deleteAccount: async (confirmUsername: string) =>
    (await apiClient.post<Answer<{ erasesAt: string }>>('/account/delete', { confirmUsername })).data,
  writeToSupport: async (body: SupportMessageBody) =>
    (await apiClient.post<Answer<{ ticket: string }>>('/support/messages', body)).data,
};
