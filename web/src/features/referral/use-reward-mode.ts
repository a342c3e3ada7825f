import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RewardMode } from '@arena/contracts/referrals.contract';
import toast from 'react-hot-toast';
import { failureMessage } from '../identity/auth.validation';
import { referralKeys, referralsApi } from './referrals.queries';

/**
 * Saves a member's reward mode (PUT /api/referrals/reward-mode), from the profile or the Referral Program page:
 * the member's referrals answer is replaced by the server's, and a toast says what new referrals earn.
 * `choosing` is the mode being saved, set in the click's own render: the mutation's pending state arrives a
 * tick later, and until then a controlled radio would snap back to the saved mode.
 */
export function useRewardMode(memberId: string) {
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState<RewardMode | null>(null);
  const change = useMutation({
    mutationFn: referralsApi.setRewardMode,
    onSettled: () => setChoosing(null),
    onSuccess: (answer) => {
      queryClient.setQueryData(referralKeys.mine(memberId), answer);
      toast.success(
        answer.rewardMode === 'recurring'
          ? 'New referrals now earn the recurring reward'
          : 'New referrals now earn the one-time reward',
      );
    },
    onError: (failure) => toast.error(failureMessage(failure, 'Failed to update the payout mode')),
  });
  return {
    choosing,
    choose: (mode: RewardMode) => {
      setChoosing(mode);
      change.mutate(mode);
    },
  };
}
