import { queryOptions } from '@tanstack/react-query';
import type { PaidPlan } from '@arena/contracts';
import { routes } from '@arena/contracts/http.routes';
import { callApi } from '../../lib/api-client';

/**
 * The subscription calls of spec §7 and their query keys (`['subscriptions', noun, params]`). Every change
 * (upgrade, cancel) answers with the active subscription, which replaces the cached one.
 */

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  plans: () => ['subscriptions', 'plans', {}] as const,
  /** Keyed by member, so another sign-in never sees the last member's plan. */
  active: (memberId: string) => ['subscriptions', 'active', { memberId }] as const,
  checkoutState: (memberId: string, sessionId: string) =>
    ['subscriptions', 'checkout', { memberId, sessionId }] as const,
};

export const plansQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.plans(),
    queryFn: async ({ signal }) => (await callApi(routes.subscriptions.plans, { signal })).data,
    staleTime: 5 * 60_000,
  });

export const activeSubscriptionQuery = (memberId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.active(memberId),
    queryFn: async ({ signal }) => (await callApi(routes.subscriptions.active, { signal })).data,
  });

/** What became of one of the member's own checkouts (404 for any other session id). */
export const checkoutStateQuery = (memberId: string, sessionId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.checkoutState(memberId, sessionId),
    queryFn: async ({ signal }) =>
      (await callApi(routes.subscriptions.checkoutState, { params: { sessionId }, signal })).data,
  });

export const subscriptionsApi = {
  checkout: async (planType: PaidPlan) =>
    (await callApi(routes.subscriptions.checkout, { body: { planType } })).data,
  /** The whole answer: its message, when the server gives one, is what the toast says. */
  upgrade: (planType: PaidPlan) => callApi(routes.subscriptions.update, { body: { planType } }),
  cancel: () => callApi(routes.subscriptions.cancel),
  portal: async () => (await callApi(routes.subscriptions.portal)).data,
};
