import type { BracketMatch, BracketStage } from '@arena/contracts';

/**
 * Drawing rules of the bracket (issue 23, item 9): what each side of a match reads, and how a round's
 * matches connect to the next round's.
 */

export type SideLabel = 'player' | 'bye' | 'to-be-decided';

/**
 * What each side of a match shows; null when no match is played in that slot (both sides byes), which
 * is drawn as "No match", never "Bye vs Bye". A bracket drawn before `bye` was recorded says only that
 * some side is a bye: an empty side opposite a player is the bye, and of two empty sides one is.
 */
export function sideLabels(match: BracketMatch): [SideLabel, SideLabel] | null {
  if (match.bye === 'BOTH') return null;
  const label = (present: boolean, isTheBye: boolean): SideLabel =>
    present ? 'player' : isTheBye ? 'bye' : 'to-be-decided';
  if (match.bye === 'PLAYER1' || match.bye === 'PLAYER2') {
    return [label(!!match.player1, match.bye === 'PLAYER1'), label(!!match.player2, match.bye === 'PLAYER2')];
  }
  if (match.bye === null || !match.isBye)
    return [label(!!match.player1, false), label(!!match.player2, false)];
  // `bye` absent and the match has a bye.
  if (match.player1 && !match.player2) return ['player', 'bye'];
  if (!match.player1 && match.player2) return ['bye', 'player'];
  if (!match.player1 && !match.player2) return ['bye', 'to-be-decided'];
  return ['player', 'player'];
}

type Round = BracketStage['rounds'][number];

/**
 * How a round's matches join the next round's: PAIRS when two matches feed each next one (a bracket
 * line joins them), STRAIGHT when the next round has as many (a losers' bracket's drop-in rounds),
 * NONE for the last round, a round robin, or rounds that do not line up.
 */
export function connectorOf(round: Round, next: Round | undefined): 'PAIRS' | 'STRAIGHT' | 'NONE' {
  if (!next || round.group === 'ROUND_ROBIN' || next.group !== round.group) return 'NONE';
  if (round.matches.length === next.matches.length * 2) return 'PAIRS';
  if (round.matches.length === next.matches.length) return 'STRAIGHT';
  return 'NONE';
}
