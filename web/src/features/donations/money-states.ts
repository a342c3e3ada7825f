import type { MemberDonations } from '@arena/contracts';
import type { ReferralBalances } from '@arena/contracts/referrals.contract';

/**
 * The money states a member meets on the profile, each named and explained in a member's words
 * (issue 23, item 11): the donation balances of `memberDonations` and the referral balances of
 * `referralBalances` (libs/contracts). The ledger's own status labels stay in donations.messages.
 */
export interface MoneyState {
  label: string;
  explanation: string;
}

type DonationBalance = keyof Pick<
  MemberDonations,
  'directableCents' | 'heldCents' | 'pendingCents' | 'clearedCents'
>;

/** In the order a donation moves: chosen, kept until a transfer, sent, arrived. */
export const DONATION_MONEY_STATES: Record<DonationBalance, MoneyState> = {
  directableCents: {
    label: 'Yours to direct',
    explanation:
      'Prize money you won without choosing a charity. Pick one with Request Charity Payout before the date shown, or Charity Arena picks for you.',
  },
  heldCents: {
    label: 'Held',
    explanation:
      "Promised to a charity. Charity Arena keeps it until its next transfer to nonprofits, or until the charity's payout account is verified.",
  },
  pendingCents: {
    label: 'Pending',
    explanation: "Sent to the charity's payment account, on its way to the charity's bank.",
  },
  clearedCents: {
    label: 'Cleared',
    explanation: "Paid into the charity's bank account. Nothing more to wait for.",
  },
};

type ReferralBalance = keyof ReferralBalances;

/** A reward is earned (pending), becomes the member's (released), then is paid; or is voided. */
export const REFERRAL_MONEY_STATES: Record<ReferralBalance, MoneyState> = {
  pendingCents: {
    label: 'Pending',
    explanation:
      'Earned, but the payment it comes from can still be refunded. It becomes yours 30 days after that payment.',
  },
  releasedCents: {
    label: 'Released',
    explanation: 'Yours. It is paid to your payout account with the next monthly payout.',
  },
  paidCents: {
    label: 'Paid',
    explanation: 'Already sent to your payout account.',
  },
  voidedCents: {
    label: 'Voided',
    explanation: 'Cancelled: the payment was refunded or charged back, or the account was closed.',
  },
  clawbackOwedCents: {
    label: 'Clawback owed',
    explanation: 'Rewards already paid for a payment refunded later. They are taken from your next rewards.',
  },
};
