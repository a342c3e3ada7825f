import type { LeaderboardEntry } from '@arena/contracts';
import { formatScore } from './challenge-detail.format';

/** Where the member stood, and what the leaderboard says after their verified play. */
export interface PostGameInput {
  memberId: string;
  /** The member's rank before the play (null: not on the board). */
  rankBefore: number | null;
  /** The member's best after the play, as the server verified it (null: a TIME run never finished). */
  bestScore: number | null;
  /** The leaderboard's top entries as the page holds them now (live: they move as the worker projects). */
  entries: readonly LeaderboardEntry[];
  lowerScoreWins: boolean;
}

export interface PostGameStanding {
  /** False while the leaderboard does not show the member's new best yet. */
  settled: boolean;
  rank: string;
  gap: string | null;
}

const better = (a: number, b: number, lowerScoreWins: boolean) => (lowerScoreWins ? a < b : a > b);

function amount(difference: number, lowerScoreWins: boolean): string {
  if (lowerScoreWins) return formatScore(difference, true);
  return `${formatScore(difference, false)} ${difference === 1 ? 'point' : 'points'}`;
}

/**
 * The post-game lines: the rank (and where it came from), and the gap to the next place up, or the lead.
 * The leaderboard carries the top entries only: a member outside them is told how far the last one is.
 */
export function postGameStanding({
  memberId,
  rankBefore,
  bestScore,
  entries,
  lowerScoreWins,
}: PostGameInput): PostGameStanding {
  const mine = entries.find((entry) => entry.userId === memberId);
  if (bestScore === null)
    return { settled: true, rank: 'No finished run yet: only a finished run takes a place.', gap: null };
  const last = entries[entries.length - 1];
  if (!mine) {
    // Better than the last place shown: the worker has not put it on the board yet.
    if (!last || better(bestScore, last.score, lowerScoreWins))
      return { settled: false, rank: 'Updating the leaderboard…', gap: null };
    return {
      settled: true,
      rank: `Outside the top ${entries.length} for now.`,
      gap: `${amount(Math.abs(last.score - bestScore), lowerScoreWins)} behind #${last.rank} ${last.username}.`,
    };
  }
  if (mine.score !== bestScore) return { settled: false, rank: 'Updating the leaderboard…', gap: null };
  const rank =
    rankBefore === null
      ? `You are #${mine.rank} on the leaderboard.`
      : rankBefore > mine.rank
        ? `Up from #${rankBefore} to #${mine.rank}.`
        : `You are #${mine.rank}.`;
  const above = [...entries].reverse().find((entry) => entry.rank < mine.rank);
  if (above) {
    const difference = Math.abs(above.score - mine.score);
    return {
      settled: true,
      rank,
      gap:
        difference === 0
          ? `Level with #${above.rank} ${above.username}: the earlier score ranks first.`
          : `${amount(difference, lowerScoreWins)} behind #${above.rank} ${above.username}.`,
    };
  }
  const below = entries.find((entry) => entry.rank > mine.rank);
  return {
    settled: true,
    rank,
    gap: below
      ? `You lead by ${amount(Math.abs(mine.score - below.score), lowerScoreWins)} over #${below.rank} ${below.username}.`
      : 'You lead: nobody else has a score yet.',
  };
}

/** The member's rank on the board the page holds, before a play (null when not on it). */
export function rankOf(entries: readonly LeaderboardEntry[], memberId: string | null): number | null {
  if (!memberId) return null;
  return entries.find((entry) => entry.userId === memberId)?.rank ?? null;
}
