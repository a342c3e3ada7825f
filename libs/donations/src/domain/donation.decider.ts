import type { DonationCommand } from './donation.commands';
import {
  disputeNotFound,
  donationExistsDifferently,
  donationNotFound,
  notAGift,
  notInStatus,
  otherTransfer,
  refundOverAmount,
} from './donation.errors';
import type { DonationDirected, DonationEvent, DonationReceived } from './donation.events';

/**
 * One donation's life (docs/ledger.md): a gift is `received` into the donation pool until it is
 * directed; a directed donation is `held` until a transfer window sends it (`pending`), then `cleared`,
 * or it failed and is `held` again for a later window. A gift refunded (or charged back) in full before
 * its transfer is `refunded` and never sent; a disputed one is not sent while its dispute is open. Provider events come at least once and in any
 * order: the same fact again decides nothing; a step out of order is refused (the caller retries).
 */
export type DonationStatus = 'received' | 'held' | 'pending' | 'cleared' | 'refunded';

export interface Donation {
  donationId: string;
  amountCents: number;
  status: DonationStatus;
  received: DonationReceived['data'] | null;
  directed: DonationDirected['data'] | null;
  /** The transfer it is in while pending or cleared. */
  transferId: string | null;
  /** Transfers that failed for it: the transfer window's attempt number. */
  failedTransferIds: string[];
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
      const donation = existing(state, data.donationId);
      if (donation.transferId !== data.transferId) {
        // The provider reported this transfer failed first: its late success changes nothing.
        if (donation.failedTransferIds.includes(data.transferId)) return [];
        throw otherTransfer(data.donationId, data.transferId);
      }
      if (donation.status === 'cleared') return [];
      return [{ type: 'PayoutCleared', data: command.data }];
    }
    case 'FailTransfer': {
      const { data } = command;
      const donation = existing(state, data.donationId);
      if (donation.failedTransferIds.includes(data.transferId)) return [];
      if (donation.transferId !== data.transferId) throw otherTransfer(data.donationId, data.transferId);
      // Cleared is final: a reversal after it is the finance team's to reconcile, not a new window's.
      if (donation.status === 'cleared') return [];
      return [{ type: 'DonationTransferFailed', data: command.data }];
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

export function evolve(state: DonationState, event: DonationEvent): DonationState {
  switch (event.type) {
    case 'DonationReceived':
      return {
        donationId: event.data.donationId,
        amountCents: event.data.amountCents,
        status: 'received',
        received: event.data,
        directed: null,
        transferId: null,
        failedTransferIds: [],
        refundedCents: 0,
        disputes: [],
      };
    case 'DonationDirected':
      return {
        donationId: event.data.donationId,
        amountCents: event.data.amountCents,
        received: state?.received ?? null,
        transferId: null,
        failedTransferIds: [],
        refundedCents: state?.refundedCents ?? 0,
        disputes: state?.disputes ?? [],
        status: 'held',
        directed: event.data,
      };
    case 'DonationTransferInitiated':
      return state && { ...state, status: 'pending', transferId: event.data.transferId };
    case 'PayoutCleared':
      return state && { ...state, status: 'cleared' };
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
