import { queryOptions } from '@tanstack/react-query';
import type {
  Answer,
  ClientConfig,
  ImpactStory,
  ImpactStoryList,
  ManagedCharities,
  OnboardingCodeSent,
  OnboardingStatus,
  PublishStoryBody,
  StripeLinkAnswer,
  StripeLinkBody,
} from '@arena/contracts';
import { apiClient } from '../../../lib/api-client';

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

const encode = encodeURIComponent;

export const managedCharitiesQuery = (memberId: string) =>
  queryOptions({
    queryKey: onboardingKeys.managed(memberId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Answer<ManagedCharities>>('/charities/managed', signal)).data.charities,
  });

export const onboardingStatusQuery = (charityId: string) =>
  queryOptions({
    queryKey: onboardingKeys.status(charityId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Answer<OnboardingStatus>>(`/charities/onboarding/${encode(charityId)}`, signal))
        .data,
  });

export const impactStoriesQuery = (ein: string) =>
  queryOptions({
    queryKey: onboardingKeys.stories(ein),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Answer<ImpactStoryList>>(`/charities/ein/${encode(ein)}/stories`, signal)).data
        .stories,
  });

/** Whether payments run on the local driver (test mode) or the real provider, from `GET /api/config`. */
export const paymentsModeQuery = queryOptions({
  queryKey: onboardingKeys.paymentsMode,
  queryFn: async ({ signal }) => {
    const config = (await apiClient.get<Answer<ClientConfig>>('/config', signal)).data;
    return config.payments.mode;
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export const onboardingApi = {
  linkPaymentAccount: (body: StripeLinkBody) =>
    apiClient.post<StripeLinkAnswer>('/charities/stripe/link', body),
  sendCode: async (charityId: string) =>
    (await apiClient.post<Answer<OnboardingCodeSent>>(`/charities/onboarding/${encode(charityId)}/code`))
      .data,
  verifyCode: async (charityId: string, otpCode: string) =>
    (
      await apiClient.post<Answer<OnboardingStatus>>(`/charities/onboarding/${encode(charityId)}/verify`, {
        otpCode,
      })
    ).data,
  publishStory: async (ein: string, body: PublishStoryBody) =>
    (await apiClient.post<Answer<ImpactStory>>(`/charities/ein/${encode(ein)}/stories`, body)).data,
};
