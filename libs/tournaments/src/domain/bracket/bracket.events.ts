/**
 * Events of head-to-head tournaments (ROUND_ROBIN, SINGLE_ELIMINATION, DOUBLE_ELIMINATION and the two
 * round-robin-then-elimination formats). They live in the tournament's own stream, so one append
 * decides a match and moves the bracket on together. See docs/brackets.md.
 */

export type StageKind = 'ROUND_ROBIN' | 'SINGLE_ELIMINATION' | 'DOUBLE_ELIMINATION';

/** A side of a match as the bracket was drawn: a player's id, BYE, or null (decided by an earlier match). */
export const BYE = 'BYE';

export interface MatchLayout {
  /** `s{stage}-g{group}-r{round}-m{number}`: stable, readable, safe in a URL path. */
  matchId: string;
  stage: number;
  /** Round robin: 1. Elimination: 1 winners' bracket, 2 losers' bracket, 3 grand final. */
  group: number;
  round: number;
  number: number;
  player1: string | null;
  player2: string | null;
}

export interface BracketGenerated {
  type: 'BracketGenerated';
  data: {
    tournamentId: string;
    stage: number;
    kind: StageKind;
    /** Player ids by seed (1 first); elimination stages pad to a power of two with null (byes). */
    seeding: (string | null)[];
    matches: MatchLayout[];
    generatedAt: string;
  };
}

export interface MatchScheduled {
  type: 'MatchScheduled';
  data: {
    tournamentId: string;
    matchId: string;
    player1Id: string;
    player2Id: string;
    /** Both players play this seed of the game. */
    gameSeed: string;
    deadline: string;
    scheduledAt: string;
  };
}

export interface MatchPlayed {
  type: 'MatchPlayed';
  data: {
    tournamentId: string;
    matchId: string;
    userId: string;
    username: string;
    score: number;
    /** False when the run did not finish: it ranks below every finished run. */
    completed: boolean;
    playedAt: string;
    /** The verified play this result came from (issue 10); absent for a bare result of an external game. */
    playId?: string;
    /** A SIGNED game's result (issue 21): the game's nonce, taken once per tournament. */
    resultNonce?: string;
  };
}

export interface MatchForfeited {
  type: 'MatchForfeited';
  data: { tournamentId: string; matchId: string; userId: string; forfeitedAt: string };
}

export type MatchDecisionReason = 'PLAYED' | 'TIE_BREAK' | 'FORFEIT' | 'DOUBLE_FORFEIT';

export interface MatchDecided {
  type: 'MatchDecided';
  data: {
    tournamentId: string;
    matchId: string;
    /** Null only for a round-robin match neither player played (both lose it). */
    winnerId: string | null;
    loserId: string | null;
    reason: MatchDecisionReason;
    decidedAt: string;
    /** Matches the winner has won in this tournament, this one included (the live leaderboard's score); null without a winner. */
    winnerWins: number | null;
  };
}

export interface RoundRobinStanding {
  rank: number;
  userId: string;
  played: number;
  wins: number;
  losses: number;
  totalScore: number;
}

export interface StageAdvanced {
  type: 'StageAdvanced';
  data: {
    tournamentId: string;
    fromStage: number;
    standings: RoundRobinStanding[];
    /** The next stage's seeding: the top of the standings, best first. */
    advancing: string[];
    advancedAt: string;
  };
}

export type BracketEvent =
  BracketGenerated | MatchScheduled | MatchPlayed | MatchForfeited | MatchDecided | StageAdvanced;

export const BRACKET_EVENT_TYPES = [
  'BracketGenerated',
  'MatchScheduled',
  'MatchPlayed',
  'MatchForfeited',
  'MatchDecided',
  'StageAdvanced',
] as const satisfies readonly BracketEvent['type'][];
