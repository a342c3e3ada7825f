import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { DonationCheckoutBody, PayoutRequestBody } from '@arena/contracts';
import { routes } from '@arena/contracts/http.routes';
import { callApi } from '../../lib/api-client';

/**
 * The donation calls of spec §7 and their query keys (`['donations', noun, params]`). A payout request
 * invalidates the member's donations and the public ledger; a like updates the stories in place.
 */

export const donationKeys = {
  all: ['donations'] as const,
  summary: () => ['donations', 'summary', {}] as const,
  winners: (limit: number) => ['donations', 'winners', { limit }] as const,
  ledger: (pageSize: number) => ['donations', 'ledger', { pageSize }] as const,
  receipt: (code: string) => ['donations', 'receipt', { code }] as const,
  ledgerKeys: () => ['donations', 'ledger-keys', {}] as const,
  entryProof: (entryId: string, donationId: string) =>
    ['donations', 'entry-proof', { entryId, donationId }] as const,
  /** Keyed by member, so another sign-in never sees the last member's balances. */
  mine: (memberId: string) => ['donations', 'mine', { memberId }] as const,
  monthly: (memberId: string) => ['donations', 'monthly', { memberId }] as const,
  stories: (memberId: string | null) => ['donations', 'stories', { memberId }] as const,
  payments: () => ['donations', 'payments', {}] as const,
};

/** The home page shows 3 rows collapsed and 6 winners (spec §9). */
export const LEDGER_COLLAPSED_ROWS = 3;
export const LEDGER_PAGE_SIZE = 20;
export const WINNERS_COLLAPSED = 6;
export const WINNERS_ALL = 100;

export const donationSummaryQuery = () =>
  queryOptions({
    queryKey: donationKeys.summary(),
    queryFn: async ({ signal }) => (await callApi(routes.donations.summary, { signal })).data,
  });

export const topWinnersQuery = (limit: number) =>
  queryOptions({
    queryKey: donationKeys.winners(limit),
    queryFn: async ({ signal }) =>
      (await callApi(routes.donations.winners, { query: { limit }, signal })).data,
  });

/** The ledger, newest first, a page at a time: Load more asks the next page while the total says more exist. */
export const donationLedgerQuery = (pageSize: number) =>
  infiniteQueryOptions({
    queryKey: donationKeys.ledger(pageSize),
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) =>
      (await callApi(routes.donations.list, { query: { limit: pageSize, offset: pageParam }, signal })).data,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.donations.length, 0);
      return last.donations.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });

export const receiptQuery = (code: string) =>
  queryOptions({
    queryKey: donationKeys.receipt(code),
    queryFn: async ({ signal }) =>
      (await callApi(routes.donations.receipt, { params: { receiptCode: code }, signal })).data,
    // An unknown receipt stays unknown.
    retry: false,
  });

export const memberDonationsQuery = (memberId: string) =>
  queryOptions({
    queryKey: donationKeys.mine(memberId),
    queryFn: async ({ signal }) => (await callApi(routes.donations.mine, { signal })).data,
  });

/** Issue 23: the member's monthly gifts, running and cancelled. */
export const monthlyGiftsQuery = (memberId: string) =>
  queryOptions({
    queryKey: donationKeys.monthly(memberId),
    queryFn: async ({ signal }) => (await callApi(routes.donations.monthlyGifts, { signal })).data.gifts,
  });

export const featuredStoriesQuery = (memberId: string | null) =>
  queryOptions({
    queryKey: donationKeys.stories(memberId),
    queryFn: async ({ signal }) => (await callApi(routes.donations.featuredStories, { signal })).data.stories,
  });

/** The payment provider the server runs (`routes.operations.clientConfig`): 'local' is test mode; a real one needs its key. */
export const paymentsConfigQuery = () =>
  queryOptions({
    queryKey: donationKeys.payments(),
    queryFn: async ({ signal }) => (await callApi(routes.operations.clientConfig, { signal })).data.payments,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const donationsApi = {
  /** Spec §7: answered `{ok, url, sessionId}`, not in the usual envelope. */
  checkout: (body: DonationCheckoutBody) => callApi(routes.donations.checkout, { body }),
  cancelMonthlyGift: async (subscriptionId: string) =>
    (await callApi(routes.donations.cancelMonthlyGift, { params: { subscriptionId } })).data,
  requestPayout: async (body: PayoutRequestBody) =>
    (await callApi(routes.donations.requestPayout, { body })).data,
  like: async (storyId: string, liked: boolean) => {
    const params = { id: storyId };
    return (
      await (liked
        ? callApi(routes.donations.likeStory, { params })
        : callApi(routes.donations.unlikeStory, { params }))
    ).data;
  },
};
