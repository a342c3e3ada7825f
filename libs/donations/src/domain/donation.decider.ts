import type { DonationCommand } from './donation.commands';
import { donationExistsDifferently, donationNotFound, notInStatus, otherTransfer } from './donation.errors';
import type { DonationDirected, DonationEvent, DonationReceived } from './donation.events';

/**
 * One donation's life (docs/ledger.md): a gift is `received` into the donation pool until it is
 * directed; a directed donation is `held` until a transfer window sends it (`pending`), then `cleared`,
 * or it failed and is `held` again for a later window. Provider events come at least once and in any
 * order: the same fact again decides nothing; a step out of order is refused (the caller retries).
 */
export type DonationStatus = 'received' | 'held' | 'pending' | 'cleared';

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
}

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
  }
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
      };
    case 'DonationDirected':
      return {
        donationId: event.data.donationId,
        amountCents: event.data.amountCents,
        received: state?.received ?? null,
        transferId: null,
        failedTransferIds: [],
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
  }
}

export const donationDecider = { decide, evolve, initialState };
