import type { SignedResult } from '@arena/contracts/signed-results.contract';
import type { MatchLayout, StageKind } from './bracket.events';

/** A member's result in one of their matches. */
export interface RecordMatchResult {
  type: 'RecordMatchResult';
  data: {
    tournamentId: string;
    matchId: string;
    userId: string;
    username: string;
    score: number;
    completed: boolean;
    now: string;
    /** Set when the result comes from a verified play (SubmitPlayResult), recorded on MatchPlayed. */
    playId?: string;
    /** As SubmitScore's: required for a game that signs its results. */
    signedResult?: SignedResult;
    /** The signed result's nonce once the decider accepted it, recorded on MatchPlayed. */
    resultNonce?: string;
  };
}

/** A match's deadline job: whoever has not played forfeits. */
export interface ForfeitMatch {
  type: 'ForfeitMatch';
  data: { tournamentId: string; matchId: string; now: string };
}

/**
 * Moves the bracket on: draws a stage, schedules the matches whose players are now known, advances
 * from the round robin, completes the tournament. `outlook` is what brackets-manager says about the
 * stream's bracket (bracket.engine.ts), worked out before the command like `now`; null when
 * `bracketWork` asked nothing (the bracket may still complete).
 */
export interface AdvanceBracket {
  type: 'AdvanceBracket';
  data: { tournamentId: string; outlook: BracketOutlook | null; now: string };
}

/** What the engine is asked: rebuild this stage from its seeding and replay these decisions in order. */
export interface BracketRequest {
  stage: number;
  kind: StageKind;
  seeding: (string | null)[];
  /** True when the stage is not drawn yet: the outlook then carries its layout. */
  draw: boolean;
  decisions: { matchId: string; winnerId: string; loserId: string }[];
}

export interface BracketOutlook {
  stage: number;
  /** The drawn stage, when the request asked for a draw. */
  drawn: { kind: StageKind; seeding: (string | null)[]; matches: MatchLayout[] } | null;
  /** Every match of the stage with its sides as known now (player id, BYE or null). */
  matches: { matchId: string; player1: string | null; player2: string | null }[];
}

export type BracketCommand = RecordMatchResult | ForfeitMatch | AdvanceBracket;
