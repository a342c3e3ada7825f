import type { PLANS, PRIZE_MODELS, TOURNAMENT_FORMATS, TOURNAMENT_STATUSES } from './tournaments.contract';

/** Labels and derived rules of the spec's tournament screens, shared by the web and the server. */

type Status = (typeof TOURNAMENT_STATUSES)[number];
type Format = (typeof TOURNAMENT_FORMATS)[number];
type PrizeModel = (typeof PRIZE_MODELS)[number];
type Plan = (typeof PLANS)[number];

/**
 * How a tournament's scores are checked (`scoreVerification`, docs/fair-play.md), as the list's badge
 * and the page's note say it. Anything unknown reads as unverified: never claim a check that was not made.
 */
export function scoreVerificationText(verification: string): {
  label: string;
  explanation: string;
  verified: boolean;
} {
  if (verification === 'REPLAY') {
    return {
      label: 'Verified by replay',
      explanation: 'Every score is verified by replaying the game.',
      verified: true,
    };
  }
  if (verification === 'SIGNED') {
    return {
      label: 'Signed by the game',
      explanation:
        "This game is played on its operator's own site. Its server signs every score and we check each signature; we do not replay the game.",
      verified: true,
    };
  }
  return {
    label: 'Unverified scores',
    explanation:
      "This game is played on its operator's own site. Its scores are taken as they are sent: nobody checks them.",
    verified: false,
  };
}

/** Spec §4: ACTIVE shows as 'Live'; an unknown status shows as Upcoming. */
export function statusLabel(status: string): string {
  const labels: Record<Status, string> = {
    ACTIVE: 'Live',
    UPCOMING: 'Upcoming',
    COMPLETED: 'Completed',
    CANCELLED: 'Cancelled',
  };
  return labels[status as Status] ?? 'Upcoming';
}

export function formatLabel(format: string): string {
  const labels: Record<Format, string> = {
    ROUND_ROBIN: 'Round Robin',
    ROUND_ROBIN_SINGLE_ELIM: 'Round Robin + Single Elimination',
    ROUND_ROBIN_DOUBLE_ELIM: 'Round Robin + Double Elimination',
    SINGLE_ELIMINATION: 'Single Elimination',
    DOUBLE_ELIMINATION: 'Double Elimination',
    TIME_ATTACK: 'Time Attack',
    SCORE_ATTACK: 'Score Attack',
  };
  return labels[format as Format] ?? format;
}

/** Spec §4: WINNER_TAKES_ALL is 'Winner Directs All Donations'; anything unknown is 'Custom'. */
export function prizeModelLabel(model: string): string {
  const labels: Record<PrizeModel, string> = {
    WINNER_TAKES_ALL: 'Winner Directs All Donations',
    TOP_3_SPLIT: 'Top 3 Split',
    FLEXIBLE_TOP_N: 'Flexible Top N',
    FLAT_PAYOUTS: 'Flat Payouts',
    MILESTONE_REWARDS: 'Milestone Rewards',
  };
  return labels[model as PrizeModel] ?? 'Custom';
}

export function planLabel(plan: Plan): string {
  return { FREE: 'Free', PREMIUM: 'Premium', PREMIUM_PLUS: 'Premium+' }[plan];
}

/** Formats whose players meet in matches (a bracket or a round robin) rather than post scores. */
export const HEAD_TO_HEAD_FORMATS: readonly Format[] = [
  'ROUND_ROBIN',
  'SINGLE_ELIMINATION',
  'DOUBLE_ELIMINATION',
  'ROUND_ROBIN_SINGLE_ELIM',
  'ROUND_ROBIN_DOUBLE_ELIM',
];

export const isHeadToHead = (format: string): boolean => HEAD_TO_HEAD_FORMATS.includes(format as Format);

/** TIME_ATTACK results are completion times: the lowest wins. Every other format ranks the highest. */
export const lowerScoreWins = (format: string): boolean => format === 'TIME_ATTACK';

/**
 * Spec §6, the client's own reading of the plan a tournament needs (prize pool in dollars):
 * Premium+ at $500 or 100 players, Premium at $50 or 50 players, else Free.
 */
export function derivedPlan(prizePoolDollars: number, maxParticipants: number): Plan {
  if (prizePoolDollars >= 500 || maxParticipants >= 100) return 'PREMIUM_PLUS';
  if (prizePoolDollars >= 50 || maxParticipants >= 50) return 'PREMIUM';
  return 'FREE';
}

const PLAN_ORDER: readonly Plan[] = ['FREE', 'PREMIUM', 'PREMIUM_PLUS'];

/** Whether a member on `memberPlan` may join a tournament that requires `requiredPlan`. */
export const planAllows = (memberPlan: Plan, requiredPlan: Plan) =>
  PLAN_ORDER.indexOf(memberPlan) >= PLAN_ORDER.indexOf(requiredPlan);

/** Spec §9: share text is cut to 200 characters. */
export const SHARE_TEXT_LIMIT = 200;

/** Spec §9: the leaderboard shows the top 10, the first 3 as a podium, then '+N more'. */
export const LEADERBOARD_TOP = 10;
export const PODIUM_PLACES = 3;

/** Made once, on first use: a formatter costs far more to make than to use (a page writes many amounts). */
let wholeDollars: Intl.NumberFormat | undefined;

/** US dollars with no decimals (spec §9), from integer cents. */
export function dollarsFromCents(cents: number): string {
  wholeDollars ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  return wholeDollars.format(Math.floor(cents / 100));
}

/** A nonprofit's page in our app, where leaderboard rows and prize lines link (spec: charityUrl). */
export const charityProfileUrl = (ein: string) => `/charity-profile/${encodeURIComponent(ein)}`;
