import { queryOptions } from '@tanstack/react-query';
import type { Answer } from '@arena/contracts';
import type { MyReferrals, RewardMode } from '@arena/contracts/referrals.contract';
import { apiClient } from '../../lib/api-client';

/**
 * The referral calls of issue 13 (`/api/referrals/*`) and their query keys. Keyed by member, so another
 * sign-in never sees the last member's rewards.
 */
export const referralKeys = {
  all: ['referrals'] as const,
  mine: (memberId: string) => ['referrals', 'mine', { memberId }] as const,
};

export const myReferralsQuery = (memberId: string) =>
  queryOptions({
    queryKey: referralKeys.mine(memberId),
    queryFn: async ({ signal }) => (await apiClient.get<Answer<MyReferrals>>('/referrals/me', signal)).data,
  });

export const referralsApi = {
  setRewardMode: async (rewardMode: RewardMode) =>
    (await apiClient.put<Answer<MyReferrals>>('/referrals/reward-mode', { rewardMode })).data,
  /** The hosted onboarding of the member's payout account, to go to. */
  payoutAccount: async () =>
    (await apiClient.post<Answer<{ url: string }>>('/referrals/payout-account')).data,
};

/** Link option 1 is the recurring reward, option 2 the one-time reward (spec §2). */
export const optionOfMode = (mode: RewardMode) => (mode === 'recurring' ? 1 : 2);
export const modeOfOption = (option: 1 | 2): RewardMode => (option === 1 ? 'recurring' : 'one-time');
