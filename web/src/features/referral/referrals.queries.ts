import { queryOptions } from '@tanstack/react-query';
import type { RewardMode } from '@arena/contracts/referrals.contract';
import { routes } from '@arena/contracts/http.routes';
import { callApi } from '../../lib/api-client';

/**
 * The referral calls of issue 13 (`routes.referrals`) and their query keys. Keyed by member, so another
 * sign-in never sees the last member's rewards.
 */
export const referralKeys = {
  all: ['referrals'] as const,
  mine: (memberId: string) => ['referrals', 'mine', { memberId }] as const,
};

export const myReferralsQuery = (memberId: string) =>
  queryOptions({
    queryKey: referralKeys.mine(memberId),
    queryFn: async ({ signal }) => (await callApi(routes.referrals.mine, { signal })).data,
  });

export const referralsApi = {
  setRewardMode: async (rewardMode: RewardMode) =>
    (await callApi(routes.referrals.rewardMode, { body: { rewardMode } })).data,
  /** The hosted onboarding of the member's payout account, to go to. */
  payoutAccount: async () => (await callApi(routes.referrals.payoutAccount)).data,
};

/** Link option 1 is the recurring reward, option 2 the one-time reward (spec §2). */
export const optionOfMode = (mode: RewardMode) => (mode === 'recurring' ? 1 : 2);
export const modeOfOption = (option: 1 | 2): RewardMode => (option === 1 ? 'recurring' : 'one-time');
