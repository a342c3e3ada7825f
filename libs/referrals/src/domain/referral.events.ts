import type { RewardMode } from '@arena/contracts';

/**
 * The events of a referrer's rewards (issue 13), stream `referral-{referrerId}`. Facts, past tense, never
 * edited; money in integer cents. A reward's life: accrued on a payment of a referred member (pending for
 * the payment's 30-day refund window), then released or voided when the window ends, then paid in the
 * monthly payout. Event ids derive from what caused them (the payment, the reward, the member and month),
 * so a replayed webhook or a re-run job appends nothing new.
 */

export const referralStreamId = (referrerId: string) => `referral-${referrerId}`;

/** A member signed up with the referrer's code (with the reward mode the link chose, else the referrer's). */
export interface ReferralRegistered {
  type: 'ReferralRegistered';
  data: {
    referrerId: string;
    referredMemberId: string;
    referredUsername: string;
    rewardMode: RewardMode;
    registeredAt: string;
  };
}

/** The referrer chose a reward mode on the profile: for referrals registered from now on. */
export interface ReferralRewardModeChosen {
  type: 'ReferralRewardModeChosen';
  data: { referrerId: string; rewardMode: RewardMode; chosenAt: string };
}

/**
 * A referred member's payment succeeded: 10% of it (rounded down to the cent) for recurring; the first
 * paid month's amount, once, for one-time.
 */
export interface ReferralRewardAccrued {
  type: 'ReferralRewardAccrued';
  data: {
    /** Derived from the payment: one reward per payment. */
    rewardId: string;
    referrerId: string;
    referredMemberId: string;
    rewardMode: RewardMode;
    /** The invoice and charge paid (SubscriptionPaymentSucceeded). */
    invoiceId: string;
    chargeId: string;
    paymentCents: number;
    amountCents: number;
    paidAt: string;
    /** paidAt + 30 days: when the release job falls due. */
    refundWindowEndsAt: string;
    accruedAt: string;
  };
}

/** The refund window ended with the payment kept and both accounts active: payable in the month's payout. */
export interface ReferralRewardReleased {
  type: 'ReferralRewardReleased';
  data: { rewardId: string; referrerId: string; amountCents: number; releasedAt: string };
}

export type VoidReason = 'payment-refunded' | 'referrer-closed' | 'referred-closed';

/** The reward will never be paid: its payment was refunded or an account closed inside the window. */
export interface ReferralRewardVoided {
  type: 'ReferralRewardVoided';
  data: { rewardId: string; referrerId: string; amountCents: number; reason: VoidReason; voidedAt: string };
}

/** A payment was refunded after its reward was paid: the amount is taken from future rewards (referral terms). */
export interface ReferralRewardClawedBack {
  type: 'ReferralRewardClawedBack';
  data: { rewardId: string; referrerId: string; amountCents: number; chargeId: string; recordedAt: string };
}

/**
 * Issue 21: part of the payment was refunded (or lost in a dispute), so the reward is what the kept part earns:
 * `floor(10% × kept)` for recurring, the kept amount for one-time (kept = payment − refunded so far). A refund
 * of all of it (or one that leaves a reward under a cent) voids the reward or claws it back instead. Before the
 * payout the reward is simply smaller; once paid (`clawedBack`), the difference is owed and taken from later
 * payouts. Once per refunded total: a repeated or older report changes nothing.
 */
export interface ReferralRewardReduced {
  type: 'ReferralRewardReduced';
  data: {
    rewardId: string;
    referrerId: string;
    chargeId: string;
    paymentCents: number;
    /** The charge's refunded total with this refund. */
    totalRefundedCents: number;
    /** The reward before and after, and the difference. */
    previousAmountCents: number;
    amountCents: number;
    reducedCents: number;
    /** The reward was paid already: `reducedCents` is owed back. */
    clawedBack: boolean;
    recordedAt: string;
  };
}

/**
 * The month's payout: every released reward of the member not yet paid, less any clawback owed, in one
 * transfer to the member's payout account. Once per member and month (`payoutId` = referrer + month).
 */
export interface ReferralRewardPaid {
  type: 'ReferralRewardPaid';
  data: {
    payoutId: string;
    referrerId: string;
    /** 'YYYY-MM' (UTC) of the payout run. */
    month: string;
    rewardIds: string[];
    /** Released rewards' sum, clawback taken, and what was transferred (gross − clawback). */
    grossCents: number;
    clawbackCents: number;
    amountCents: number;
    transferId: string;
    destinationAccountId: string;
    paidAt: string;
  };
}

/**
 * Issue 20: a reversal (`trr_…`, `transfer.reversed`) of a monthly payout's transfer took `amountCents` of it
 * back from the member's account to the platform. What was reversed is void: it returns to the platform and is
 * not paid again (a reversal is an operator's deliberate act). Once per reversal.
 */
export interface ReferralPayoutReversed {
  type: 'ReferralPayoutReversed';
  data: {
    payoutId: string;
    referrerId: string;
    transferId: string;
    reversalId: string;
    amountCents: number;
    /** All that reversals took back of the payout so far, this one included. */
    totalReversedCents: number;
    providerEventId: string;
    reversedAt: string;
  };
}

export type ReferralEvent =
  | ReferralRegistered
  | ReferralRewardModeChosen
  | ReferralRewardAccrued
  | ReferralRewardReleased
  | ReferralRewardVoided
  | ReferralRewardClawedBack
  | ReferralRewardReduced
  | ReferralRewardPaid
  | ReferralPayoutReversed;

export const REFERRAL_EVENT_TYPES = [
  'ReferralRegistered',
  'ReferralRewardModeChosen',
  'ReferralRewardAccrued',
  'ReferralRewardReleased',
  'ReferralRewardVoided',
  'ReferralRewardClawedBack',
  'ReferralRewardReduced',
  'ReferralRewardPaid',
  'ReferralPayoutReversed',
] as const satisfies readonly ReferralEvent['type'][];
