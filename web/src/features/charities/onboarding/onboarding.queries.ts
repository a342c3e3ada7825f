import { queryOptions } from '@tanstack/react-query';
import type { PublishStoryBody, StripeLinkBody } from '@arena/contracts';
import { routes } from '@arena/contracts/http.routes';
import { callApi } from '../../../lib/api-client';

/**
 * The onboarding calls (spec §7, issue 11) and their query keys (`['charities', noun, params]`).
 * Keyed by member where the answer is the member's own, so a sign-out and another sign-in in the same
 * tab never shows the last member's charities.
 */

export const onboardingKeys = {
  managed: (memberId: string) => ['charities', 'managed', { memberId }] as const,
  status: (charityId: string) => ['charities', 'onboarding', { charityId }] as const,
  stories: (ein: string) => ['charities', 'stories', { ein }] as const,
  nameByEin: (ein: string) => ['charities', 'name-by-ein', { ein }] as const,
  paymentsMode: ['charities', 'payments-mode'] as const,
};

export const managedCharitiesQuery = (memberId: string) =>
  queryOptions({
    queryKey: onboardingKeys.managed(memberId),
    queryFn: async ({ signal }) => (await callApi(routes.charities.managed, { signal })).data.charities,
  });

export const onboardingStatusQuery = (charityId: string) =>
  queryOptions({
    queryKey: onboardingKeys.status(charityId),
    queryFn: async ({ signal }) =>
      (await callApi(routes.charities.onboardingStatus, { params: { charityId }, signal })).data,
  });

export const impactStoriesQuery = (ein: string) =>
  queryOptions({
    queryKey: onboardingKeys.stories(ein),
    queryFn: async ({ signal }) =>
      (await callApi(routes.charities.stories, { params: { ein }, signal })).data.stories,
  });

/** Whether payments run on the local driver (test mode) or the real provider, from `routes.operations.clientConfig`. */
export const paymentsModeQuery = queryOptions({
  queryKey: onboardingKeys.paymentsMode,
  queryFn: async ({ signal }) => {
    const config = (await callApi(routes.operations.clientConfig, { signal })).data;
    return config.payments.mode;
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export const onboardingApi = {
  linkPaymentAccount: (body: StripeLinkBody) => callApi(routes.charities.stripeLink, { body }),
  sendCode: async (charityId: string) =>
    (await callApi(routes.charities.sendOnboardingCode, { params: { charityId } })).data,
  verifyCode: async (charityId: string, otpCode: string) =>
    (await callApi(routes.charities.verifyOnboardingCode, { params: { charityId }, body: { otpCode } })).data,
  replaceLogo: async (charityId: string, image: string) =>
    (await callApi(routes.charities.replaceLogo, { params: { charityId }, body: { image } })).data,
  removeLogo: async (charityId: string) =>
    (await callApi(routes.charities.removeLogo, { params: { charityId } })).data,
  publishStory: async (ein: string, body: PublishStoryBody) =>
    (await callApi(routes.charities.publishStory, { params: { ein }, body })).data,
};
