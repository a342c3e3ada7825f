import type { RewardMode } from '@arena/contracts';

/** What can be asked of a referrer's rewards (stream `referral-{referrerId}`). */
export type ReferralCommand =
  | {
      type: 'RegisterReferral';
      data: {
        referrerId: string;
        referredMemberId: string;
        referredUsername: string;
        /** The link's option (accounts.referral_option), if the member came through one. */
        linkMode: RewardMode | null;
        registeredAt: string;
      };
    }
  | { type: 'ChooseRewardMode'; data: { referrerId: string; rewardMode: RewardMode; chosenAt: string } }
  | {
      type: 'AccrueReward';
      data: {
        referrerId: string;
        referredMemberId: string;
        invoiceId: string;
        chargeId: string;
        paymentCents: number;
        paidAt: string;
        accruedAt: string;
      };
    }
  | {
      type: 'EndRefundWindow';
      data: {
        referrerId: string;
        rewardId: string;
        /** The payment world's time now (PaymentsClock). */
        now: string;
        referrerActive: boolean;
        referredActive: boolean;
      };
    }
  | {
      type: 'RecordRefund';
      data: {
        referrerId: string;
        chargeId: string;
        amountRefundedCents: number;
        paymentAmountCents: number;
        refundedAt: string;
      };
    }
  | {
      type: 'PayRewards';
      data: {
        referrerId: string;
        month: string;
        rewardIds: string[];
        grossCents: number;
        clawbackCents: number;
        amountCents: number;
        /** '' when the clawback owed took all of it and nothing was transferred. */
        transferId: string;
        destinationAccountId: string;
        paidAt: string;
      };
    }
  | {
      /** Issue 20: a reversal of a payout's transfer (the decider adds totalReversedCents). */
      type: 'ReversePayout';
      data: {
        referrerId: string;
        payoutId: string;
        transferId: string;
        reversalId: string;
        amountCents: number;
        providerEventId: string;
        reversedAt: string;
      };
    };
