import type { DonationCommand } from './donation.commands';
import {
  disputeNotFound,
  donationExistsDifferently,
  donationNotFound,
  notAGift,
  notInStatus,
  otherTransfer,
  refundOverAmount,
  reversalOverAmount,
} from './donation.errors';
import type { DonationDirected, DonationEvent, DonationReceived } from './donation.events';

/**
 * One donation's life (docs/ledger.md): a gift is `received` into the donation pool until it is
 * directed; a directed donation is `held` until a transfer window sends it (`pending`: a transfer is final
 * when created), then `cleared` when the charity's payout that carried the transfer is paid. A failed payout
 * flags it, still pending (the money stays on the charity's Stripe balance); only a transfer reversal brings
 * money back: `reversed` once all of it came back (what came back is held again as a new donation). Old
 * streams may hold a failed transfer that put it back to `held`. Provider events come at least once and in
 * any order: the same fact again decides nothing; a step out of order is refused (the caller retries).
 * A gift refunded (or charged back) in full before its transfer is `refunded` and never sent; a disputed
 * one is not sent while its dispute is open.
 */
export type DonationStatus = 'received' | 'held' | 'pending' | 'cleared' | 'reversed' | 'refunded';

export interface Donation {
  donationId: string;
  amountCents: number;
  status: DonationStatus;
  received: DonationReceived['data'] | null;
  directed: DonationDirected['data'] | null;
  /** The transfer it is in while pending, cleared or reversed. */
  transferId: string | null;
  /** Transfers that failed for it (before issue 20): the transfer window's attempt number. */
  failedTransferIds: string[];
  /** The last payout that carried it failed: finance sees this flag until a payout carrying it is paid. */
  payoutFailure: { payoutId: string; failureCode: string | null } | null;
  /** Payouts that failed carrying it: a late or repeated `payout.paid` of one of them clears nothing. */
  failedPayoutIds: string[];
  /** The payout whose `payout.paid` cleared it (null for the `transfer.paid` days). */
  clearedByPayoutId: string | null;
  /** How much of it transfer reversals brought back, and by which reversals (`trr_…`). */
  reversedCents: number;
  reversalIds: string[];
  /** The gift's charge's amount_refunded as last booked (issue 20). */
  refundedCents: number;
  /** Disputes of the gift's charge: open ones keep it out of transfer windows. */
  disputes: {
    disputeId: string;
    amountCents: number;
    afterTransfer: boolean;
    closed: boolean;
    outcome: 'won' | 'lost' | null;
  }[];
}

/** What disputes hold or took of the charge (open or lost): it cannot be refunded too. */
const disputedCents = (donation: Donation) =>
  donation.disputes
    .filter((dispute) => dispute.outcome !== 'won')
    .reduce((sum, dispute) => sum + dispute.amountCents, 0);

/** A disputed gift waits for the dispute's outcome before it is sent. */
export const isDisputed = (donation: Donation) => donation.disputes.some((dispute) => !dispute.closed);

export type DonationState = Donation | null;
export const initialState: DonationState = null;

export function decide(command: DonationCommand, state: DonationState): DonationEvent[] {
  switch (command.type) {
    case 'ReceiveGift': {
      if (state !== null) {
        if (state.received?.checkoutSessionId === command.data.checkoutSessionId) return [];
        throw donationExistsDifferently(command.data.donationId);
      }
      const { charityName, directedBy, ...received } = command.data;
      const events: DonationEvent[] = [{ type: 'DonationReceived', data: received }];
      if (received.charityEin !== null && charityName !== null) {
        events.push({
          type: 'DonationDirected',
          data: {
            donationId: received.donationId,
            amountCents: received.amountCents,
            charityEin: received.charityEin,
            charityName,
            directedBy,
            source: { kind: 'gift', checkoutSessionId: received.checkoutSessionId },
            receiptCode: received.receiptCode,
            directedAt: received.receivedAt,
          },
        });
      }
      return events;
    }
    case 'DirectDonation': {
      const directed = command.data;
      if (state === null) return [{ type: 'DonationDirected', data: directed }];
      if (state.directed !== null) {
        if (state.directed.charityEin === directed.charityEin && state.amountCents === directed.amountCents)
          return [];
        throw donationExistsDifferently(directed.donationId);
      }
      if (state.amountCents !== directed.amountCents) throw donationExistsDifferently(directed.donationId);
      return [{ type: 'DonationDirected', data: directed }];
    }
    case 'InitiateTransfer': {
      const { data } = command;
      const donation = existing(state, data.donationId);
      if (donation.transferId === data.transferId) return [];
      if (donation.status !== 'held') throw notInStatus(data.donationId, 'start a transfer', donation.status);
      if (donation.failedTransferIds.includes(data.transferId))
        throw notInStatus(data.donationId, 'join a failed transfer again', donation.status);
      if (isDisputed(donation)) throw notInStatus(data.donationId, 'start a transfer', 'disputed');
      if (data.amountCents !== donation.amountCents) throw donationExistsDifferently(data.donationId);
      return [{ type: 'DonationTransferInitiated', data: command.data }];
    }
    case 'ClearPayout': {
      const { data } = command;
      const donation = inTransfer(state, data.donationId, data.transferId);
      if (donation === 'gone') return [];
      if (donation.status === 'cleared' || donation.status === 'reversed') return [];
      // That payout failed (a bank's return after it was paid): its `payout.paid`, late or again, clears nothing.
      if (data.payoutId !== undefined && donation.failedPayoutIds.includes(data.payoutId)) return [];
      return [{ type: 'PayoutCleared', data: command.data }];
    }
    case 'FailPayout': {
      const { data } = command;
      const donation = inTransfer(state, data.donationId, data.transferId);
      if (donation === 'gone') return [];
      if (donation.failedPayoutIds.includes(data.payoutId) || donation.status === 'reversed') return [];
      // Cleared by another payout (this one failed earlier, reported late): the money reached the charity.
      if (donation.status === 'cleared' && donation.clearedByPayoutId !== data.payoutId) return [];
      return [{ type: 'DonationPayoutFailed', data: command.data }];
    }
    case 'ReverseTransfer': {
      const { data } = command;
      const donation = inTransfer(state, data.donationId, data.transferId);
      if (donation === 'gone') return [];
      if (donation.reversalIds.includes(data.reversalId)) return [];
      const left = donation.amountCents - donation.reversedCents;
      if (!Number.isSafeInteger(data.amountCents) || data.amountCents < 1 || data.amountCents > left) {
        throw reversalOverAmount(data.donationId, data.reversalId, data.amountCents, left);
      }
      return [
        {
          type: 'DonationTransferReversed',
          data: { ...command.data, totalReversedCents: donation.reversedCents + data.amountCents },
        },
      ];
    }
    case 'RefundGift': {
      const { data } = command;
      const donation = existing(state, data.donationId);
      const received = donation.received;
      if (!received) throw notAGift(data.donationId);
      if (data.totalRefundedCents + disputedCents(donation) > received.amountCents)
        throw refundOverAmount(data.donationId, data.totalRefundedCents, received.amountCents);
      // amount_refunded only grows: an older report (or the same one again) adds nothing.
      const amountCents = data.totalRefundedCents - donation.refundedCents;
      if (amountCents <= 0) return [];
      const afterTransfer = donation.transferId !== null;
      if (!afterTransfer && amountCents > donation.amountCents)
        throw refundOverAmount(data.donationId, data.totalRefundedCents, received.amountCents);
      const donationAmountCents = afterTransfer ? donation.amountCents : donation.amountCents - amountCents;
      return [{ type: 'GiftRefunded', data: { ...data, amountCents, afterTransfer, donationAmountCents } }];
    }
    case 'DisputeGift': {
      const { data } = command;
      const donation = existing(state, data.donationId);
      if (!donation.received) throw notAGift(data.donationId);
      if (donation.disputes.some((dispute) => dispute.disputeId === data.disputeId)) return [];
      if (!Number.isSafeInteger(data.amountCents) || data.amountCents < 1)
        throw refundOverAmount(data.donationId, data.amountCents, donation.received.amountCents);
      if (data.amountCents + donation.refundedCents + disputedCents(donation) > donation.received.amountCents)
        throw refundOverAmount(data.donationId, data.amountCents, donation.received.amountCents);
      return [{ type: 'GiftDisputed', data: { ...data, afterTransfer: donation.transferId !== null } }];
    }
    case 'CloseGiftDispute': {
      const { data } = command;
      const donation = existing(state, data.donationId);
      const dispute = donation.disputes.find((one) => one.disputeId === data.disputeId);
      // Closed reported before created: refused, so the provider delivers it again after.
      if (!dispute) throw disputeNotFound(data.donationId, data.disputeId);
      if (dispute.closed) return [];
      const reduces = data.outcome === 'lost' && !dispute.afterTransfer;
      return [
        {
          type: 'GiftDisputeClosed',
          data: {
            ...data,
            amountCents: dispute.amountCents,
            afterTransfer: dispute.afterTransfer,
            donationAmountCents: reduces ? donation.amountCents - dispute.amountCents : donation.amountCents,
          },
        },
      ];
    }
  }
}

/**
 * The donation, when `transferId` is the transfer it is in. 'gone' when that transfer failed for it before
 * (the `transfer.paid` days): the provider's later word on it changes nothing. Any other transfer (not
 * initiated yet, say) is refused, so the provider's event is retried once the initiation is recorded.
 */
function inTransfer(state: DonationState, donationId: string, transferId: string): Donation | 'gone' {
  const donation = existing(state, donationId);
  if (donation.transferId === transferId) return donation;
  if (donation.failedTransferIds.includes(transferId)) return 'gone';
  throw otherTransfer(donationId, transferId);
}

/** What a refund or a lost dispute before the transfer leaves of the donation. */
function reduced(state: Donation, amountCents: number, afterTransfer: boolean): Donation {
  if (afterTransfer) return state;
  const left = state.amountCents - amountCents;
  return { ...state, amountCents: left, status: left <= 0 ? 'refunded' : state.status };
}

function existing(state: DonationState, donationId: string): Donation {
  if (state === null) throw donationNotFound(donationId);
  return state;
}

const fresh = {
  transferId: null,
  failedTransferIds: [] as string[],
  payoutFailure: null,
  failedPayoutIds: [] as string[],
  clearedByPayoutId: null,
  reversedCents: 0,
  reversalIds: [] as string[],
} satisfies Partial<Donation>;

export function evolve(state: DonationState, event: DonationEvent): DonationState {
  switch (event.type) {
    case 'DonationReceived':
      return {
        donationId: event.data.donationId,
        amountCents: event.data.amountCents,
        status: 'received',
        received: event.data,
        directed: null,
        ...fresh,
        refundedCents: 0,
        disputes: [],
      };
    case 'DonationDirected':
      return {
        donationId: event.data.donationId,
        amountCents: event.data.amountCents,
        received: state?.received ?? null,
        ...fresh,
        refundedCents: state?.refundedCents ?? 0,
        disputes: state?.disputes ?? [],
        status: 'held',
        directed: event.data,
      };
    case 'DonationTransferInitiated':
      return state && { ...state, status: 'pending', transferId: event.data.transferId };
    case 'PayoutCleared':
      return (
        state && {
          ...state,
          status: 'cleared',
          payoutFailure: null,
          clearedByPayoutId: event.data.payoutId ?? null,
        }
      );
    case 'DonationPayoutFailed':
      return (
        state && {
          ...state,
          status: 'pending',
          payoutFailure: { payoutId: event.data.payoutId, failureCode: event.data.failureCode },
          failedPayoutIds: [...state.failedPayoutIds, event.data.payoutId],
          clearedByPayoutId: null,
        }
      );
    case 'DonationTransferReversed': {
      if (!state) return state;
      const reversedCents = state.reversedCents + event.data.amountCents;
      return {
        ...state,
        reversedCents,
        reversalIds: [...state.reversalIds, event.data.reversalId],
        status: reversedCents >= state.amountCents ? 'reversed' : state.status,
      };
    }
    case 'DonationTransferFailed':
      return (
        state && {
          ...state,
          status: 'held',
          transferId: null,
          failedTransferIds: [...state.failedTransferIds, event.data.transferId],
        }
      );
    case 'GiftRefunded':
      return (
        state &&
        reduced(
          { ...state, refundedCents: event.data.totalRefundedCents },
          event.data.amountCents,
          event.data.afterTransfer,
        )
      );
    case 'GiftDisputed':
      return (
        state && {
          ...state,
          disputes: [
            ...state.disputes,
            {
              disputeId: event.data.disputeId,
              amountCents: event.data.amountCents,
              afterTransfer: event.data.afterTransfer,
              closed: false,
              outcome: null,
            },
          ],
        }
      );
    case 'GiftDisputeClosed': {
      if (!state) return state;
      const closed = {
        ...state,
        disputes: state.disputes.map((dispute) =>
          dispute.disputeId === event.data.disputeId
            ? { ...dispute, closed: true, outcome: event.data.outcome }
            : dispute,
        ),
      };
      return event.data.outcome === 'lost'
        ? reduced(closed, event.data.amountCents, event.data.afterTransfer)
        : closed;
    }
  }
}

export const donationDecider = { decide, evolve, initialState };
