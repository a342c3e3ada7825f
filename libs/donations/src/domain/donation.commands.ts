import type {
  DirectedBy,
  DonationDirected,
  DonationReceived,
  DonationTransferFailed,
  DonationTransferInitiated,
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

export interface FailTransfer {
  type: 'FailTransfer';
  data: DonationTransferFailed['data'];
}

export type DonationCommand = ReceiveGift | DirectDonation | InitiateTransfer | ClearPayout | FailTransfer;
