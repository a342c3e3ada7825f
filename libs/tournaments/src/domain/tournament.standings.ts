import { createHmac } from 'node:crypto';

/**
 * The one ranking rule, shared by the decider (final standings) and the leaderboard projection (live
 * ranks) so both always agree: best score first, then the earliest time that best score was reached,
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

/** Negative when `a` ranks above `b`. */
export function compareStandings(a: RankedEntry, b: RankedEntry): number {
  if (a.bestScore !== b.bestScore) return b.bestScore - a.bestScore;
  const at = Date.parse(a.bestScoreAt) - Date.parse(b.bestScoreAt);
  if (at !== 0) return at;
  if (a.attempts !== b.attempts) return a.attempts - b.attempts;
  return a.tieBreakKey < b.tieBreakKey ? -1 : a.tieBreakKey > b.tieBreakKey ? 1 : 0;
}
