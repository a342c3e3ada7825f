import { z } from 'zod';

/**
 * Referrals (issue 13; spec §1, §2 "Referral program page", "Profile", §9): a member's code and link, the
 * reward mode (recurring 10% or one-time first month), the rewards' lifecycle and the monthly payouts.
 */

/** 'recurring' is link option=1, 'one-time' option=2 (spec §2). */
export const REWARD_MODES = ['recurring', 'one-time'] as const;
export const rewardMode = z.enum(REWARD_MODES, { error: 'Choose recurring or one-time.' });
export type RewardMode = z.infer<typeof rewardMode>;

export const REWARD_STATUSES = ['pending', 'released', 'paid', 'voided'] as const;
export const rewardStatus = z.enum(REWARD_STATUSES);
export type RewardStatus = z.infer<typeof rewardStatus>;

export const referralBalances = z
  .object({
    /** Accrued, inside the payment's 30-day refund window. */
    pendingCents: z.number().int(),
    /** Released, waiting for the monthly payout (or for a payout account). */
    releasedCents: z.number().int(),
    paidCents: z.number().int(),
    voidedCents: z.number().int(),
    /** Refunds after payout, taken from future rewards (referral terms). */
    clawbackOwedCents: z.number().int(),
  })
  .meta({ id: 'ReferralBalances' });
export type ReferralBalances = z.infer<typeof referralBalances>;

/** One row of the Referral Program's ledger table. */
export const referralReward = z
  .object({
    id: z.string(),
    referredUsername: z.string(),
    rewardMode,
    /** What the referred member paid, and the reward on it. */
    paymentCents: z.number().int(),
    amountCents: z.number().int(),
    status: rewardStatus,
    accruedAt: z.iso.datetime(),
    /** The end of the refund window. */
    releasesAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    voidReason: z.string().nullable(),
  })
  .meta({ id: 'ReferralReward' });
export type ReferralReward = z.infer<typeof referralReward>;

export const referredMember = z
  .object({ username: z.string(), joinedAt: z.iso.datetime(), rewardMode, active: z.boolean() })
  .meta({ id: 'ReferredMember' });

export const referralPayout = z
  .object({
    id: z.string(),
    /** 'YYYY-MM', the month paid. */
    month: z.string(),
    amountCents: z.number().int(),
    paidAt: z.iso.datetime(),
    transferId: z.string(),
  })
  .meta({ id: 'ReferralPayout' });

export const PAYOUT_ACCOUNT_STATUSES = ['none', 'onboarding', 'ready'] as const;

/** GET /api/referrals/me: everything the Referral Program section and /referral show a member. */
export const myReferrals = z
  .object({
    code: z.string(),
    /** /join?ref=CODE&option=1|2 on this app's origin, with the member's reward mode. */
    link: z.string(),
    rewardMode,
    balances: referralBalances,
    referred: z.array(referredMember),
    rewards: z.array(referralReward),
    payouts: z.array(referralPayout),
    payoutAccount: z.enum(PAYOUT_ACCOUNT_STATUSES),
  })
  .meta({ id: 'MyReferrals' });
export type MyReferrals = z.infer<typeof myReferrals>;

/** PUT /api/referrals/reward-mode: the profile's payout mode radio, for referrals the member makes from now on. */
export const rewardModeBody = z.object({ rewardMode }).meta({ id: 'RewardModeBody' });

export const payoutAccountAnswer = z.object({ url: z.string() }).meta({ id: 'PayoutAccountAnswer' });
