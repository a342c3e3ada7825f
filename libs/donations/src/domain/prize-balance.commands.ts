import type { PrizeShareCredited } from './donation.events';

/** A prize share won without a chosen charity joins the winner's balance. */
export interface CreditShare {
  type: 'CreditShare';
  data: PrizeShareCredited['data'];
}

/** The member directs part of the balance ('Request Charity Payout'): oldest shares first. */
export interface DirectBalance {
  type: 'DirectBalance';
  data: {
    memberId: string;
    donationId: string;
    amountCents: number;
    charityEin: string;
    charityName: string;
    directedAt: string;
  };
}

/** A share's days are over: Charity Arena directs what is left of it. */
export interface DirectShareRemainder {
  type: 'DirectShareRemainder';
  data: {
    memberId: string;
    shareId: string;
    donationId: string;
    charityEin: string;
    charityName: string;
    directedAt: string;
  };
}

export type PrizeBalanceCommand = CreditShare | DirectBalance | DirectShareRemainder;
