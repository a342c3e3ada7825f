/**
 * The events of the money flow (issue 12, docs/ledger.md). Facts, past tense, never edited; amounts in
 * integer cents (USD). Two kinds of stream:
 *
 * - `donation-{donationId}`: one donation's life: received (a gift) or awarded (a prize share), directed
 *   to a nonprofit (held), sent in a transfer window (pending), cleared when the charity's payout carrying it
 *   is paid (a failed payout flags it, still pending), or reversed (what came back is held again as a new
 *   donation). Old streams may hold a failed transfer that put it back to held.
 * - `prize-balance-{memberId}`: a winner's directable balance, made of prize shares they won without a
 *   chosen charity; directing it (by the member, or by Charity Arena after 30 days) opens a donation.
 *
 * A command caused by something outside (a webhook event, a job run, an earlier event) derives its
 * donation id and event ids deterministically from that outside id (`donationIdFrom`), so a replay
 * appends nothing new.
 */

export const donationStreamId = (donationId: string) => `donation-${donationId}`;
export const prizeBalanceStreamId = (memberId: string) => `prize-balance-${memberId}`;

/** Who directed a donation to its nonprofit. */
export type DirectedBy =
  | { kind: 'winner'; memberId: string; username: string }
  | { kind: 'donor'; memberId: string | null; displayName: string | null }
  | { kind: 'platform'; reason: 'undirected-30-days' | 'donation-pool' };

/** Where the money of a donation came from. */
export type DonationSource =
  | { kind: 'prize'; tournamentId: string; tournamentTitle: string; rank: number; memberId: string }
  | { kind: 'prize-balance'; memberId: string; shares: { shareId: string; amountCents: number }[] }
  | { kind: 'gift'; checkoutSessionId: string }
  /** Issue 20: what a transfer reversal brought back of `donationId`, held again for the same charity. */
  | { kind: 'reversal'; donationId: string; transferId: string; reversalId: string };

/**
 * A direct gift paid through checkout (`checkout.session.completed`). With `charityEin` (Donate Now on a
 * charity's page) a DonationDirected follows at once; without, it waits in the platform-held donation
 * pool, which Charity Arena directs in the transfer window.
 */
export interface DonationReceived {
  type: 'DonationReceived';
  data: {
    donationId: string;
    amountCents: number;
    currency: 'usd';
    /** Where the receipt was emailed; never public. */
    donorEmail: string | null;
    donorMemberId: string | null;
    charityEin: string | null;
    checkoutSessionId: string;
    paymentIntentId: string | null;
    /** The provider's event that reported the payment. */
    providerEventId: string;
    /** Short public code of the receipt ('R-7Q2K…'). */
    receiptCode: string;
    receivedAt: string;
    /**
     * The name the donor chose to be shown under on the public ledger; null (and absent on gifts received
     * before 28 Nov 2026, when the choice was added): 'Anonymous donor'.
     */
    donorName?: string | null;
  };
}

/** A prize share (PrizeAllocated) of a winner who chose a charity is directed at once; this is its first event. */
export interface DonationDirected {
  type: 'DonationDirected';
  data: {
    donationId: string;
    amountCents: number;
    charityEin: string;
    charityName: string;
    directedBy: DirectedBy;
    source: DonationSource;
    receiptCode: string;
    directedAt: string;
  };
}

/** The donation was sent to the charity's connected account in one transfer of a transfer window. */
export interface DonationTransferInitiated {
  type: 'DonationTransferInitiated';
  data: {
    donationId: string;
    /** e.g. '2026-11-23' for a daily window: with the charity, the transfer's idempotency key. */
    windowId: string;
    transferId: string;
    charityEin: string;
    stripeAccountId: string;
    /** This donation's part of the transfer, and the whole transfer. */
    amountCents: number;
    transferAmountCents: number;
    initiatedAt: string;
  };
}

/**
 * The money reached the nonprofit: since issue 20, the connected account's payout that carried the transfer
 * was paid (`payout.paid`, `payoutId`); before, the provider's `transfer.paid` (no `payoutId`).
 */
export interface PayoutCleared {
  type: 'PayoutCleared';
  data: {
    donationId: string;
    transferId: string;
    providerEventId: string;
    clearedAt: string;
    /** The `po_` payout that carried the transfer (issue 20); absent in events of the `transfer.paid` days. */
    payoutId?: string;
  };
}

/**
 * Issue 20: the connected account's payout that carried the transfer failed (`payout.failed`), or a paid one
 * came back from the bank. The money stays on the charity's Stripe balance and is never sent again: the
 * donation stays pending, flagged for finance, until a payout that carries the funds is paid (PayoutCleared).
 */
export interface DonationPayoutFailed {
  type: 'DonationPayoutFailed';
  data: {
    donationId: string;
    transferId: string;
    stripeAccountId: string;
    payoutId: string;
    /** Stripe's failure_code ('no_account', 'account_closed', …) and failure_message, as given. */
    failureCode: string | null;
    failureMessage: string | null;
    providerEventId: string;
    failedAt: string;
  };
}

/**
 * Issue 20: a reversal of the donation's transfer (`transfer.reversed`, `trr_…`) brought `amountCents` of it
 * back to the platform (a transfer's reversed amount is allocated over its donations in a fixed order). That
 * amount is held again as a new donation to the same charity (source kind 'reversal'); a donation whose whole
 * amount was reversed is `reversed`.
 */
export interface DonationTransferReversed {
  type: 'DonationTransferReversed';
  data: {
    donationId: string;
    transferId: string;
    reversalId: string;
    amountCents: number;
    /** All that reversals took back of the donation so far, this one included: `reversed` when it is the whole amount. */
    totalReversedCents: number;
    providerEventId: string;
    reversedAt: string;
  };
}

/**
 * Before issue 20: the transfer failed or was reversed (`transfer.failed`, or the local driver's at-once
 * reversal), the donation held again for a later window. No longer recorded; old events still evolve.
 */
export interface DonationTransferFailed {
  type: 'DonationTransferFailed';
  data: {
    donationId: string;
    transferId: string;
    reason: string;
    providerEventId: string | null;
    failedAt: string;
  };
}

/**
 * A gift's charge was refunded (`charge.refunded`, issue 20), this much more than before: `amountCents` is
 * what this refund adds, `totalRefundedCents` the charge's amount_refunded after it. Before the donation's
 * transfer (`afterTransfer` false) it reduces what can be directed and sent (all of it: status `refunded`);
 * after it, the charity keeps the money and the refund is the platform's loss.
 */
export interface GiftRefunded {
  type: 'GiftRefunded';
  data: {
    donationId: string;
    chargeId: string;
    paymentIntentId: string;
    amountCents: number;
    totalRefundedCents: number;
    afterTransfer: boolean;
    /** What the donation amounts to after it (less by the refund before the transfer, the same after). */
    donationAmountCents: number;
    providerEventId: string;
    refundedAt: string;
  };
}

/**
 * A gift's charge was disputed (`charge.dispute.created`): the provider withdrew `amountCents` from the
 * platform's balance. A donation not yet transferred stays out of transfer windows while disputed.
 */
export interface GiftDisputed {
  type: 'GiftDisputed';
  data: {
    donationId: string;
    chargeId: string;
    disputeId: string;
    amountCents: number;
    afterTransfer: boolean;
    providerEventId: string;
    disputedAt: string;
  };
}

/**
 * The dispute was decided (`charge.dispute.closed`): won, the amount came back and the gift goes on; lost,
 * it is like a refund of `amountCents` (before the transfer it reduces the donation, after it a platform
 * loss). `afterTransfer` is as when the dispute was opened.
 */
export interface GiftDisputeClosed {
  type: 'GiftDisputeClosed';
  data: {
    donationId: string;
    chargeId: string;
    disputeId: string;
    outcome: 'won' | 'lost';
    amountCents: number;
    afterTransfer: boolean;
    /** What the donation amounts to after it (less by a dispute lost before the transfer). */
    donationAmountCents: number;
    providerEventId: string;
    closedAt: string;
  };
}

export type DonationEvent =
  | DonationReceived
  | DonationDirected
  | DonationTransferInitiated
  | PayoutCleared
  | DonationTransferFailed
  | DonationPayoutFailed
  | DonationTransferReversed
  | GiftRefunded
  | GiftDisputed
  | GiftDisputeClosed;

/** A prize share won without a chosen charity joins the winner's directable balance. */
export interface PrizeShareCredited {
  type: 'PrizeShareCredited';
  data: {
    memberId: string;
    username: string;
    /** The PrizeAllocated event's id. */
    shareId: string;
    tournamentId: string;
    tournamentTitle: string;
    rank: number;
    amountCents: number;
    creditedAt: string;
    /** After this, Charity Arena directs what is left of the share. */
    directBy: string;
  };
}

/**
 * Part of the balance was directed to a nonprofit, oldest shares first: by the member ('Request Charity
 * Payout') or by Charity Arena once a share's 30 days passed. The donation it opens is `donationId`.
 */
export interface PrizeBalanceDirected {
  type: 'PrizeBalanceDirected';
  data: {
    memberId: string;
    donationId: string;
    amountCents: number;
    charityEin: string;
    charityName: string;
    shares: { shareId: string; amountCents: number }[];
    by: 'member' | 'platform';
    directedAt: string;
  };
}

export type PrizeBalanceEvent = PrizeShareCredited | PrizeBalanceDirected;

export const DONATION_EVENT_TYPES: readonly DonationEvent['type'][] = [
  'DonationReceived',
  'DonationDirected',
  'DonationTransferInitiated',
  'PayoutCleared',
  'DonationTransferFailed',
  'DonationPayoutFailed',
  'DonationTransferReversed',
  'GiftRefunded',
  'GiftDisputed',
  'GiftDisputeClosed',
];
export const PRIZE_BALANCE_EVENT_TYPES: readonly PrizeBalanceEvent['type'][] = [
  'PrizeShareCredited',
  'PrizeBalanceDirected',
];
