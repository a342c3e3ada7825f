import { createHmac } from 'node:crypto';

/**
 * The one ranking rule, shared by the decider (final standings) and the leaderboard projection (live
 * ranks) so both always agree: best result first (the highest score, or for TIME_ATTACK the lowest
 * completion time), then the earliest time that best result was reached,
 * then fewest attempts, then a per-player key derived from the tournament's secret seed, which
 * nobody can predict or choose and which never changes.
 */
export interface RankedEntry {
  bestScore: number;
  /** ISO instant the player first reached bestScore. */
  bestScoreAt: string;
  attempts: number;
  /** tieBreakKey(seed, userId). */
  tieBreakKey: string;
}

/** HMAC-SHA256(tieBreakSeed, userId) as lowercase hex: ascending order wins the last tie. */
export function tieBreakKey(tieBreakSeed: string, userId: string): string {
  return createHmac('sha256', Buffer.from(tieBreakSeed, 'hex')).update(userId).digest('hex');
}

// The direction of a format's results is a shared rule (the web shows times by it too).
export { lowerScoreWins } from '@arena/contracts/tournaments.rules';

/** Whether `candidate` beats `best` as a player's best result, in the tournament's direction. */
export const isBetterResult = (candidate: number, best: number, lowerWins: boolean) =>
  lowerWins ? candidate < best : candidate > best;

/** Negative when `a` ranks above `b`. */
export function compareStandings(a: RankedEntry, b: RankedEntry, lowerWins = false): number {
  if (a.bestScore !== b.bestScore) return lowerWins ? a.bestScore - b.bestScore : b.bestScore - a.bestScore;
  const at = Date.parse(a.bestScoreAt) - Date.parse(b.bestScoreAt);
  if (at !== 0) return at;
  if (a.attempts !== b.attempts) return a.attempts - b.attempts;
  return a.tieBreakKey < b.tieBreakKey ? -1 : a.tieBreakKey > b.tieBreakKey ? 1 : 0;
}
