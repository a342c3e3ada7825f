import type { SubscriptionEvent } from '@arena/billing/events';
import type { DonationEvent, PrizeBalanceEvent } from '@arena/donations/events';
import type { ReferralEvent } from '@arena/referrals/events';

/**
 * Double-entry postings of the money events (docs/ledger.md "Accounts and postings"). Amounts are integer cents,
 * debits positive and credits negative, so every posting set sums to zero. Events are facts: a failed
 * transfer is a compensating set, never an edit of the set it undoes.
 */
export interface Posting {
  account: string;
  amountCents: number;
}

export interface PostingSet {
  /** `${eventId}:${n}`: derived from the event, so re-projecting an event writes the same sets. */
  id: string;
  eventId: string;
  donationId: string | null;
  memo: string;
  postings: Posting[];
}

export const Accounts = {
  cashAtProvider: 'cash_at_provider',
  platformRevenue: 'platform_revenue',
  /** What the platform spends: referral rewards paid out to members (issue 13). */
  platformExpense: 'platform_expense',
  donationPool: 'donation_pool',
  memberDirectable: (memberId: string) => `member_directable:${memberId}`,
  charityPayable: (ein: string) => `charity_payable:${ein}`,
  inTransit: (ein: string) => `in_transit:${ein}`,
  charityPaid: (ein: string) => `charity_paid:${ein}`,
  /** What the provider withdrew for open disputes (issue 20): back in cash if won, a loss if lost. */
  disputedAtProvider: 'disputed_at_provider',
} as const;

/** Which side an account's balance lives on; it must never cross to the other (platform_revenue may). */
export function normalSide(account: string): 'debit' | 'credit' | 'either' {
  if (account === Accounts.platformRevenue) return 'either';
  if (
    account === Accounts.cashAtProvider ||
    account === Accounts.platformExpense ||
    account === Accounts.disputedAtProvider
  )
    return 'debit';
  return account.startsWith('in_transit:') || account.startsWith('charity_paid:') ? 'debit' : 'credit';
}

/** What the rules need to remember of a donation between its events (the events after the first omit it). */
export interface DonationPostingState {
  amountCents: number;
  ein: string | null;
  /** The transfer currently out (or that cleared it, issue 20: a reversal may follow), if any. */
  transferId: string | null;
  /**
   * Issue 20: of the transfer, what is still on the charity's Stripe balance (in_transit) and what its paid
   * payouts took to its bank (charity_paid). Absent before: then the whole amount is in transit while out.
   */
  inTransitCents?: number;
  paidCents?: number;
}

/** What of the donation's transfer is in transit now (the whole amount when the state predates issue 20). */
const inTransitOf = (donation: DonationPostingState) =>
  donation.inTransitCents ?? (donation.transferId ? donation.amountCents : 0);

export type PostingState = ReadonlyMap<string, DonationPostingState>;

export type PostedEvent = (DonationEvent | PrizeBalanceEvent | SubscriptionEvent | ReferralEvent) & {
  id: string;
};

/** The subscription and referral events that move money (the others are facts without money). */
export const SUBSCRIPTION_MONEY_EVENT_TYPES = ['SubscriptionPaymentSucceeded', 'PaymentRefunded'] as const;
export const REFERRAL_MONEY_EVENT_TYPES = ['ReferralRewardPaid', 'ReferralPayoutReversed'] as const;

/** The posting sets of one event, given what earlier events left; the same event and state, the same sets. */
export function postingsFor(event: PostedEvent, state: PostingState): PostingSet[] {
  const set = (donationId: string | null, memo: string, ...postings: Posting[]): PostingSet[] => [
    { id: `${event.id}:0`, eventId: event.id, donationId, memo, postings },
  ];
  // A prize is the platform's money: its revenue, held at the provider, is moved into the donation side
  // first (set 0), then owed to the winner or the charity (set 1). Subscription payments are the revenue.
  const prize = (donationId: string | null, memo: string, to: string, amountCents: number): PostingSet[] => [
    {
      id: `${event.id}:0`,
      eventId: event.id,
      donationId,
      memo: 'platform revenue funds a prize',
      postings: [
        { account: Accounts.cashAtProvider, amountCents },
        { account: Accounts.platformRevenue, amountCents: -amountCents },
      ],
    },
    {
      id: `${event.id}:1`,
      eventId: event.id,
      donationId,
      memo,
      postings: [
        { account: Accounts.platformRevenue, amountCents },
        { account: to, amountCents: -amountCents },
      ],
    },
  ];
  switch (event.type) {
    case 'DonationReceived': {
      const { donationId, amountCents } = event.data;
      return set(
        donationId,
        'gift received into the donation pool',
        { account: Accounts.cashAtProvider, amountCents },
        { account: Accounts.donationPool, amountCents: -amountCents },
      );
    }
    case 'DonationDirected': {
      const { donationId, amountCents, charityEin, source } = event.data;
      // Money a reversal brought back (issue 20): charity_payable still holds it (its first direction credited
      // it, and nothing debits it), and the reversal put it back in cash: nothing to post.
      if (source.kind === 'reversal') return [];
      if (source.kind === 'prize') {
        return prize(
          donationId,
          `prize directed to ${charityEin}`,
          Accounts.charityPayable(charityEin),
          amountCents,
        );
      }
      const from =
        source.kind === 'gift' ? Accounts.donationPool : Accounts.memberDirectable(source.memberId);
      return set(
        donationId,
        `directed to ${charityEin} from ${from}`,
        { account: from, amountCents },
        { account: Accounts.charityPayable(charityEin), amountCents: -amountCents },
      );
    }
    case 'PrizeShareCredited': {
      const { memberId, amountCents } = event.data;
      return prize(
        null,
        'prize share directable by the winner',
        Accounts.memberDirectable(memberId),
        amountCents,
      );
    }
    // Its donation's DonationDirected (source prize-balance) carries the money.
    case 'PrizeBalanceDirected':
      return [];
    case 'DonationTransferInitiated': {
      const { donationId, amountCents, charityEin } = event.data;
      return set(
        donationId,
        `sent in transfer ${event.data.transferId}`,
        { account: Accounts.inTransit(charityEin), amountCents },
        { account: Accounts.cashAtProvider, amountCents: -amountCents },
      );
    }
    case 'SubscriptionPaymentSucceeded': {
      const { amountPaidCents: amountCents, invoiceId, memberId } = event.data;
      if (amountCents <= 0) return [];
      return set(
        null,
        `subscription payment ${invoiceId} of ${memberId}`,
        { account: Accounts.cashAtProvider, amountCents },
        { account: Accounts.platformRevenue, amountCents: -amountCents },
      );
    }
    case 'PaymentRefunded': {
      const { amountRefundedCents: amountCents, chargeId, memberId } = event.data;
      if (amountCents <= 0) return [];
      return set(
        null,
        `refund of subscription payment ${chargeId} of ${memberId}`,
        { account: Accounts.platformRevenue, amountCents },
        { account: Accounts.cashAtProvider, amountCents: -amountCents },
      );
    }
    case 'ReferralRewardPaid': {
      const { amountCents, payoutId, referrerId } = event.data;
      if (amountCents <= 0) return [];
      return set(
        null,
        `referral payout ${payoutId} to ${referrerId}`,
        { account: Accounts.platformExpense, amountCents },
        { account: Accounts.cashAtProvider, amountCents: -amountCents },
      );
    }
    case 'ReferralPayoutReversed': {
      // Issue 20: a reversal of a referral payout's transfer: that much of the expense comes back in cash.
      const { amountCents, payoutId, reversalId } = event.data;
      if (amountCents <= 0) return [];
      return set(
        null,
        `reversal ${reversalId} of referral payout ${payoutId}`,
        { account: Accounts.cashAtProvider, amountCents },
        { account: Accounts.platformExpense, amountCents: -amountCents },
      );
    }
    case 'PayoutCleared':
    case 'DonationTransferFailed': {
      const donation = state.get(event.data.donationId);
      // Only the transfer that is out moves money: a late or repeated report of another changes nothing.
      if (!donation?.ein || donation.transferId !== event.data.transferId) return [];
      const amountCents = inTransitOf(donation);
      if (amountCents <= 0) return [];
      const { ein } = donation;
      return event.type === 'PayoutCleared'
        ? set(
            event.data.donationId,
            event.data.payoutId
              ? `payout ${event.data.payoutId} carrying transfer ${event.data.transferId} paid`
              : `transfer ${event.data.transferId} confirmed`,
            { account: Accounts.charityPaid(ein), amountCents },
            { account: Accounts.inTransit(ein), amountCents: -amountCents },
          )
        : set(
            event.data.donationId,
            `transfer ${event.data.transferId} failed: back to held`,
            { account: Accounts.cashAtProvider, amountCents },
            { account: Accounts.inTransit(ein), amountCents: -amountCents },
          );
    }
    case 'DonationPayoutFailed': {
      // A failed payout moves no money: it stays on the charity's Stripe balance (in_transit), flagged. Only a
      // payout that was paid and then came back from the bank (the one that cleared it) moves it back there.
      const donation = state.get(event.data.donationId);
      if (!donation?.ein || donation.transferId !== event.data.transferId) return [];
      const amountCents = donation.paidCents ?? 0;
      if (amountCents <= 0) return [];
      return set(
        event.data.donationId,
        `payout ${event.data.payoutId} returned by the bank: back on the charity's Stripe balance`,
        { account: Accounts.inTransit(donation.ein), amountCents },
        { account: Accounts.charityPaid(donation.ein), amountCents: -amountCents },
      );
    }
    case 'DonationTransferReversed': {
      // Only a reversal returns money to the platform: from the charity's Stripe balance first, then (its
      // balance went negative, Stripe lets it) from what was paid out.
      const donation = state.get(event.data.donationId);
      if (!donation?.ein || donation.transferId !== event.data.transferId) return [];
      const inTransit = inTransitOf(donation);
      const fromTransit = Math.min(event.data.amountCents, inTransit);
      const fromPaid = Math.min(event.data.amountCents - fromTransit, donation.paidCents ?? 0);
      const amountCents = fromTransit + fromPaid;
      if (amountCents <= 0) return [];
      const postings: Posting[] = [{ account: Accounts.cashAtProvider, amountCents }];
      if (fromTransit > 0)
        postings.push({ account: Accounts.inTransit(donation.ein), amountCents: -fromTransit });
      if (fromPaid > 0)
        postings.push({ account: Accounts.charityPaid(donation.ein), amountCents: -fromPaid });
      return set(
        event.data.donationId,
        `reversal ${event.data.reversalId} of transfer ${event.data.transferId}: back to the platform`,
        ...postings,
      );
    }
    // Issue 20. Before its transfer a gift's money is still on the donation side (the pool, or owed to its
    // charity): a refund, or a lost dispute, takes it back out of there; after the transfer the charity
    // keeps it and the platform pays (platform_expense).
    case 'GiftRefunded': {
      const { donationId, amountCents, afterTransfer, chargeId } = event.data;
      return set(
        donationId,
        afterTransfer ? `refund of ${chargeId} after its transfer: a platform loss` : `refund of ${chargeId}`,
        {
          account: afterTransfer ? Accounts.platformExpense : donationSide(state.get(donationId)),
          amountCents,
        },
        { account: Accounts.cashAtProvider, amountCents: -amountCents },
      );
    }
    case 'GiftDisputed': {
      const { donationId, amountCents, disputeId } = event.data;
      return set(
        donationId,
        `dispute ${disputeId}: withdrawn by the provider`,
        { account: Accounts.disputedAtProvider, amountCents },
        { account: Accounts.cashAtProvider, amountCents: -amountCents },
      );
    }
    case 'GiftDisputeClosed': {
      const { donationId, amountCents, disputeId, outcome, afterTransfer } = event.data;
      if (outcome === 'won') {
        return set(
          donationId,
          `dispute ${disputeId} won: reinstated`,
          { account: Accounts.cashAtProvider, amountCents },
          { account: Accounts.disputedAtProvider, amountCents: -amountCents },
        );
      }
      return set(
        donationId,
        afterTransfer
          ? `dispute ${disputeId} lost after the transfer: a platform loss`
          : `dispute ${disputeId} lost`,
        {
          account: afterTransfer ? Accounts.platformExpense : donationSide(state.get(donationId)),
          amountCents,
        },
        { account: Accounts.disputedAtProvider, amountCents: -amountCents },
      );
    }
    // The other subscription and referral facts move no money.
    default:
      return [];
  }
}

/** Where a gift's money is before its transfer: owed to its charity once directed, else in the pool. */
const donationSide = (donation: DonationPostingState | undefined) =>
  donation?.ein ? Accounts.charityPayable(donation.ein) : Accounts.donationPool;

/** The state after an event (pure; the map is copied). */
export function evolvePostingState(state: PostingState, event: PostedEvent): PostingState {
  if (!('donationId' in event.data) || event.type === 'PrizeBalanceDirected') return state;
  const next = new Map(state);
  const current = state.get(event.data.donationId);
  switch (event.type) {
    case 'DonationReceived':
      next.set(event.data.donationId, { amountCents: event.data.amountCents, ein: null, transferId: null });
      break;
    case 'DonationDirected':
      next.set(event.data.donationId, {
        amountCents: event.data.amountCents,
        ein: event.data.charityEin,
        transferId: null,
      });
      break;
    case 'DonationTransferInitiated':
      if (current) {
        next.set(event.data.donationId, {
          ...current,
          transferId: event.data.transferId,
          inTransitCents: current.amountCents,
          paidCents: 0,
        });
      }
      break;
    case 'PayoutCleared':
      // The transfer stays the donation's: a reversal may still come after the payout.
      if (current?.transferId === event.data.transferId) {
        next.set(event.data.donationId, {
          ...current,
          inTransitCents: 0,
          paidCents: (current.paidCents ?? 0) + inTransitOf(current),
        });
      }
      break;
    case 'DonationTransferFailed':
      if (current?.transferId === event.data.transferId) {
        next.set(event.data.donationId, { ...current, transferId: null, inTransitCents: 0, paidCents: 0 });
      }
      break;
    case 'DonationPayoutFailed':
      if (current?.transferId === event.data.transferId) {
        next.set(event.data.donationId, {
          ...current,
          inTransitCents: inTransitOf(current) + (current.paidCents ?? 0),
          paidCents: 0,
        });
      }
      break;
    case 'DonationTransferReversed':
      if (current?.transferId === event.data.transferId) {
        const inTransit = inTransitOf(current);
        const fromTransit = Math.min(event.data.amountCents, inTransit);
        const fromPaid = Math.min(event.data.amountCents - fromTransit, current.paidCents ?? 0);
        next.set(event.data.donationId, {
          ...current,
          inTransitCents: inTransit - fromTransit,
          paidCents: (current.paidCents ?? 0) - fromPaid,
        });
      }
      break;
    // What a refund or a lost dispute takes before the transfer is no longer the donation's to send.
    case 'GiftRefunded':
    case 'GiftDisputeClosed':
      if (
        current &&
        !event.data.afterTransfer &&
        (event.type === 'GiftRefunded' || event.data.outcome === 'lost')
      ) {
        next.set(event.data.donationId, {
          ...current,
          amountCents: current.amountCents - event.data.amountCents,
        });
      }
      break;
  }
  return next;
}
