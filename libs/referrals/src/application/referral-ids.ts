import { createHash } from 'node:crypto';

/** The id of the n-th event a command appends. */
export type EventIds = (index: number) => string;

/**
 * Everything referrals append is caused by something outside (a payment's invoice or charge, a reward's
 * window ending, a member and month's payout, a sign-up): ids derive from that cause, so the same cause
 * delivered again appends nothing. Name-based UUID (version 5 layout, SHA-1 over a fixed namespace).
 */
export const derivedEventIds =
  (cause: string): EventIds =>
  (index) =>
    nameBasedUuid(`${cause}#${index}`);

const NAMESPACE = 'charity-arena:referrals';

export function nameBasedUuid(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update('\0').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Causes, one place: each names what happened outside. */
export const causes = {
  registered: (referredMemberId: string) => `referral-registered:${referredMemberId}`,
  modeChosen: (referrerId: string, requestTime: string) => `referral-mode:${referrerId}:${requestTime}`,
  accrued: (invoiceId: string) => `referral-accrued:${invoiceId}`,
  windowEnded: (rewardId: string) => `referral-window-ended:${rewardId}`,
  refunded: (chargeId: string) => `referral-refunded:${chargeId}`,
  paid: (referrerId: string, month: string) => `referral-paid:${referrerId}:${month}`,
};

/** The delayed job that ends a reward's refund window: one per reward (BullMQ refuses ':' in ids). */
export const endRefundWindowJobId = (rewardId: string) => `end-refund-window-${rewardId}`;

/** The transfer's idempotency key: one per member and month, whatever run sends it. */
export const payoutIdempotencyKey = (referrerId: string, month: string) =>
  `referral-payout-${referrerId}-${month}`;
