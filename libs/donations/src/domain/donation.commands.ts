import type {
  DirectedBy,
  DonationDirected,
  DonationReceived,
  DonationPayoutFailed,
  DonationTransferInitiated,
  DonationTransferReversed,
  PayoutCleared,
} from './donation.events';

/** A paid checkout: the gift, and its nonprofit when the donor chose one (`charityName` set with it). */
export interface ReceiveGift {
  type: 'ReceiveGift';
  data: DonationReceived['data'] & { charityName: string | null; directedBy: DirectedBy };
}

/** A prize share, a balance direction, or a pool gift reaches its nonprofit. */
export interface DirectDonation {
  type: 'DirectDonation';
  data: DonationDirected['data'];
}

export interface InitiateTransfer {
  type: 'InitiateTransfer';
  data: DonationTransferInitiated['data'];
}

export interface ClearPayout {
  type: 'ClearPayout';
  data: PayoutCleared['data'];
}

/** The payout that carried the donation's transfer failed (issue 20). */
export interface FailPayout {
  type: 'FailPayout';
  data: DonationPayoutFailed['data'];
}

/** A reversal of the donation's transfer took `amountCents` of it back (issue 20). */
export interface ReverseTransfer {
  type: 'ReverseTransfer';
  /** The decider adds totalReversedCents. */
  data: Omit<DonationTransferReversed['data'], 'totalReversedCents'>;
}

export type DonationCommand =
  ReceiveGift | DirectDonation | InitiateTransfer | ClearPayout | FailPayout | ReverseTransfer;
