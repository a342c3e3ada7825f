import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { signInSession, SupportMessageBody } from '@arena/contracts/account.contract';
import { routes } from '@arena/contracts/http.routes';
import { callApi } from '../../lib/api-client';

/**
 * The rest of the profile's calls (issue 13, `routes.account`): transactions,
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
    queryFn: async ({ signal }) => (await callApi(routes.account.transactions, { signal })).data,
  });

export const signInsQuery = (memberId: string) =>
  queryOptions({
    queryKey: accountKeys.sessions(memberId),
    queryFn: async ({ signal }) => (await callApi(routes.account.sessions, { signal })).data,
  });

export const accountApi = {
  signOutOthers: async () => (await callApi(routes.account.signOutOthers)).data,
  deleteAccount: async (confirmUsername: string) =>
    (await callApi(routes.account.delete, { body: { confirmUsername } })).data,
  writeToSupport: async (body: SupportMessageBody) =>
    (await callApi(routes.account.supportMessage, { body })).data,
};
