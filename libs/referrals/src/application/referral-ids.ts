import { idNamespace } from '@arena/event-store';

/**
 * Everything referrals append is caused by something outside (a payment's invoice or charge, a reward's
 * window ending, a member and month's payout, a sign-up): ids derive from that cause, so the same cause
 * delivered again appends nothing. The namespace is the one their stored events were always derived with.
 */
export const { derivedEventIds } = idNamespace('charity-arena:referrals');

/** Causes, one place: each names what happened outside. */
export const causes = {
  registered: (referredMemberId: string) => `referral-registered:${referredMemberId}`,
  modeChosen: (referrerId: string, requestTime: string) => `referral-mode:${referrerId}:${requestTime}`,
  accrued: (invoiceId: string) => `referral-accrued:${invoiceId}`,
  windowEnded: (rewardId: string) => `referral-window-ended:${rewardId}`,
  refunded: (chargeId: string) => `referral-refunded:${chargeId}`,
  /** Issue 21: a partial refund, once per refunded total of the charge (totals only grow). */
  partlyRefunded: (chargeId: string, totalRefundedCents: number) =>
    `referral-refunded:${chargeId}:${totalRefundedCents}`,
  paid: (referrerId: string, month: string) => `referral-paid:${referrerId}:${month}`,
};

/** The delayed job that ends a reward's refund window: one per reward (BullMQ refuses ':' in ids). */
export const endRefundWindowJobId = (rewardId: string) => `end-refund-window-${rewardId}`;

/** The transfer's idempotency key: one per member and month, whatever run sends it. */
export const payoutIdempotencyKey = (referrerId: string, month: string) =>
  `referral-payout-${referrerId}-${month}`;
