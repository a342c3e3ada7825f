import { queryOptions } from '@tanstack/react-query';
import type { ActiveSubscription, Answer, PaidPlan, Plan } from '@arena/contracts';
import { apiClient } from '../../lib/api-client';

/** Spec §7: the checkout's URL to go to, and its session. */
export interface SubscriptionCheckout {
  url: string;
  sessionId: string;
}

/**
 * The subscription calls of spec §7 and their query keys (`['subscriptions', noun, params]`). Every change
 * (upgrade, cancel) answers with the active subscription, which replaces the cached one.
 */

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  plans: () => ['subscriptions', 'plans', {}] as const,
  /** Keyed by member, so another sign-in never sees the last member's plan. */
  active: (memberId: string) => ['subscriptions', 'active', { memberId }] as const,
};

export const plansQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.plans(),
    queryFn: async ({ signal }) => (await apiClient.get<Answer<Plan[]>>('/subscriptions/plans', signal)).data,
    staleTime: 5 * 60_000,
  });

export const activeSubscriptionQuery = (memberId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.active(memberId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Answer<ActiveSubscription>>('/subscriptions/active', signal)).data,
  });

export const subscriptionsApi = {
  checkout: async (planType: PaidPlan) =>
    (await apiClient.post<Answer<SubscriptionCheckout>>('/subscriptions/checkout', { planType })).data,
  /** The whole answer: its message, when the server gives one, is what the toast says. */
  upgrade: (planType: PaidPlan) =>
    apiClient.post<Answer<ActiveSubscription>>('/subscriptions/update', { planType }),
  cancel: () => apiClient.post<Answer<ActiveSubscription>>('/subscriptions/cancel'),
  portal: async () => (await apiClient.post<Answer<{ url: string }>>('/subscriptions/portal')).data,
};
