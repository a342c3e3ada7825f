import type {
  DirectedBy,
  DonationDirected,
  DonationReceived,
  DonationPayoutFailed,
  DonationTransferInitiated,
  DonationTransferReversed,
  GiftDisputeClosed,
  GiftDisputed,
  GiftRefunded,
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

/** `charge.refunded` of the gift's charge: the charge's amount refunded so far (issue 20). */
export interface RefundGift {
  type: 'RefundGift';
  data: Omit<GiftRefunded['data'], 'amountCents' | 'afterTransfer' | 'donationAmountCents'>;
}

/** `charge.dispute.created` of the gift's charge. */
export interface DisputeGift {
  type: 'DisputeGift';
  data: Omit<GiftDisputed['data'], 'afterTransfer'>;
}

/** `charge.dispute.closed` of the gift's charge. */
export interface CloseGiftDispute {
  type: 'CloseGiftDispute';
  data: Omit<GiftDisputeClosed['data'], 'afterTransfer' | 'amountCents' | 'donationAmountCents'>;
}

export type DonationCommand =
  | ReceiveGift
  | DirectDonation
  | InitiateTransfer
  | ClearPayout
  | FailPayout
  | ReverseTransfer
  | RefundGift
  | DisputeGift
  | CloseGiftDispute;
