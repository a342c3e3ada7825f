import { useQuery } from '@tanstack/react-query';
import type { MemberDonations, MemberGameStats, MemberTransaction } from '@arena/contracts';
import type { MyReferrals } from '@arena/contracts/referrals.contract';
import { memberDonationsQuery } from '../donations/donations.queries';
import { myReferralsQuery } from '../referral/referrals.queries';
import { gameStatsQuery } from '../tournaments/tournaments.queries';
import { transactionsQuery } from './account.queries';

/** 'unknown' while a figure is loading or could not be read: the profile then shows every section whole. */
export type ProfileActivity = 'unknown' | 'none' | 'some';

export interface ActivityFigures {
  donations?: MemberDonations;
  stats?: MemberGameStats;
  referrals?: MyReferrals;
  transactions?: MemberTransaction[];
}

/**
 * Whether the member has done anything the profile reports: played, won or given, been credited a
 * prize, referred anyone, or paid. A member with none of it gets the first-run profile (issue 23, item 11).
 */
export function activityOf({ donations, stats, referrals, transactions }: ActivityFigures): ProfileActivity {
  if (!donations || !stats || !referrals || !transactions) return 'unknown';
  const balances = Object.values(referrals.balances);
  const idle =
    donations.donationCount === 0 &&
    donations.history.length === 0 &&
    donations.shares.length === 0 &&
    donations.directableCents + donations.heldCents + donations.pendingCents + donations.clearedCents === 0 &&
    stats.overallStats.totalTournaments === 0 &&
    stats.tournamentHistory.length === 0 &&
    referrals.referred.length === 0 &&
    referrals.rewards.length === 0 &&
    referrals.payouts.length === 0 &&
    balances.every((cents) => cents === 0) &&
    transactions.length === 0;
  return idle ? 'none' : 'some';
}

/** The same queries the sections read, so asking costs no extra call. */
export function useProfileActivity(memberId: string): ProfileActivity {
  const donations = useQuery(memberDonationsQuery(memberId));
  const stats = useQuery(gameStatsQuery(memberId));
  const referrals = useQuery(myReferralsQuery(memberId));
  const transactions = useQuery(transactionsQuery(memberId));
  return activityOf({
    donations: donations.data,
    stats: stats.data,
    referrals: referrals.data,
    transactions: transactions.data,
  });
}
