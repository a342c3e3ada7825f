/**
 * Events of the `tournament-{id}` stream, past tense, versioned by type name. Every payload carries
 * `tournamentId` so projectors never parse stream ids.
 */

import {
  PLANS,
  PRIZE_MODELS,
  TOURNAMENT_FORMATS,
  TOURNAMENT_MODES,
  TOURNAMENT_STATUSES,
  type PrizeConfig,
} from '@arena/contracts/tournaments.contract';
import { isVerifiedGame } from '@arena/contracts/games.catalog';
import type { ScoreVerification } from '@arena/contracts/signed-results.contract';
import { BRACKET_EVENT_TYPES, type BracketEvent } from './bracket/bracket.events';

// The value lists are the API's (libs/contracts); the events store the same values.
export { PLANS, PRIZE_MODELS, TOURNAMENT_FORMATS, TOURNAMENT_MODES, TOURNAMENT_STATUSES };
export type TournamentMode = (typeof TOURNAMENT_MODES)[number];
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];
export type PrizeModel = (typeof PRIZE_MODELS)[number];
export type Plan = (typeof PLANS)[number];
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

export interface TournamentGame {
  slug: string;
  name: string;
  integrationUrl: string;
  /** Highest score the game can produce: anything above is refused. */
  maxScore: number;
  /**
   * True for a game an operator runs elsewhere, whose scores are bare numbers; false for a catalog game
   * (`games.catalog.ts`), whose results come only from verified plays. Absent on tournaments recorded
   * before issue 10, when every tournament took bare scores: read as true (`isVerifiedTournament`).
   */
  external?: boolean;
  /**
   * External games only (issue 21): the Ed25519 public key (32 bytes, base64url) its server signs each
   * result with. Absent: the tournament's scores are bare numbers nobody verified (UNVERIFIED).
   */
  resultPublicKey?: string;
}

/**
 * How this game's scores are checked, as members are told: a catalog game recorded as not external is
 * replayed; an external game with a key signs its results; anything else (including tournaments recorded
 * before issue 10, which have no `external`) takes bare numbers.
 */
export function scoreVerificationOf(game: TournamentGame): ScoreVerification {
  if (game.external === false && isVerifiedGame(game.slug)) return 'REPLAY';
  return game.resultPublicKey === undefined ? 'UNVERIFIED' : 'SIGNED';
}

export const tournamentStreamId = (tournamentId: string) => `tournament-${tournamentId}`;

export interface TournamentCreated {
  type: 'TournamentCreated';
  data: {
    tournamentId: string;
    title: string;
    description: string;
    thumbnail: string | null;
    mode: TournamentMode;
    format: TournamentFormat;
    prizeModel: PrizeModel;
    prizePoolCents: number;
    maxParticipants: number;
    requiredPlan: Plan;
    /** Newline-separated text. */
    rules: string;
    game: TournamentGame;
    /** ISO instants, set for SCHEDULED only. */
    tournamentStart: string | null;
    tournamentEnd: string | null;
    /** Hex secret fixed at creation: the last tie-breaker (see standings.ts). */
    tieBreakSeed: string;
    /**
     * The prize model's settings as given, checked (prize-allocation.ts). Absent when none was given
     * and on tournaments recorded before issue 9: `prizeConfigOf` reads the model's defaults then.
     */
    prizeConfig?: PrizeConfig;
    createdAt: string;
    /** Head-to-head formats: minutes both players have to play a match (absent: the default). */
    matchWindowMinutes?: number;
  };
}

/** What an operator may change on a SCHEDULED tournament before it starts. */
export type EditableSettings = Pick<
  TournamentCreated['data'],
  | 'title'
  | 'description'
  | 'thumbnail'
  | 'prizeModel'
  | 'prizePoolCents'
  | 'maxParticipants'
  | 'requiredPlan'
  | 'rules'
  | 'tournamentStart'
  | 'tournamentEnd'
  | 'matchWindowMinutes'
> & {
  /** null: back to the model's defaults (the model changed without settings of its own). */
  prizeConfig: PrizeConfig | null;
};

/** Only the settings that changed, with the instant they did. */
export interface TournamentEdited {
  type: 'TournamentEdited';
  data: { tournamentId: string; changes: Partial<EditableSettings>; editedAt: string };
}

export interface PlayerJoined {
  type: 'PlayerJoined';
  data: {
    tournamentId: string;
    userId: string;
    username: string;
    charityId: string | null;
    charityName: string | null;
    joinedAt: string;
  };
}

export interface TournamentStarted {
  type: 'TournamentStarted';
  data: { tournamentId: string; startedAt: string };
}

export interface ScoreSubmitted {
  type: 'ScoreSubmitted';
  data: {
    tournamentId: string;
    userId: string;
    username: string;
    /** Points, or for TIME_ATTACK the completion time in milliseconds. */
    score: number;
    /**
     * False for a TIME_ATTACK run that did not finish: it counts as an attempt, never as a best.
     * Events stored before issue 9 have no field: read them as true (`isCompletedRun`).
     */
    completed?: boolean;
    /** 1 for the player's first score in this tournament. */
    attempt: number;
    /** The player's best result after this one (highest score, or lowest completed time); null: none yet. */
    bestScore: number | null;
    /** When the player first reached `bestScore` (the first tie-breaker); null with it. */
    bestScoreAt: string | null;
    submittedAt: string;
    /** The verified play this score came from (issue 10); absent for a bare score of an external game. */
    playId?: string;
    /** The play's length on the game clock, as the server's replay computed it. */
    durationMs?: number;
    /** A SIGNED game's result (issue 21): the game's nonce, taken once per tournament. */
    resultNonce?: string;
  };
}

/** The upcast of a stored score: a run is complete unless it says otherwise. */
export const isCompletedRun = (data: ScoreSubmitted['data']) => data.completed !== false;

/**
 * The server opened a play of a verified game for a member (docs/fair-play.md): it fixed the seed
 * before play and the instant after which the play's result is refused. A member has at most one
 * open play per tournament: this one supersedes their earlier open play, if any.
 */
export interface PlayStarted {
  type: 'PlayStarted';
  data: {
    tournamentId: string;
    playId: string;
    userId: string;
    /** The head-to-head match the result goes to; null in score formats. */
    matchId: string | null;
    /** The catalog game's slug. */
    game: string;
    seed: string;
    startedAt: string;
    expiresAt: string;
  };
}

/** A member changed (or cleared) the charity they direct to in this tournament. */
export interface PlayerCharitySelected {
  type: 'PlayerCharitySelected';
  data: {
    tournamentId: string;
    userId: string;
    /** A nine-digit EIN of the bundled nonprofit directory; null clears the choice. */
    charityId: string | null;
    charityName: string | null;
    selectedAt: string;
  };
}

export type CompletionReason = 'SCHEDULE_ENDED' | 'PLAYER_CAP_REACHED' | 'BRACKET_DECIDED';

export interface FinalStanding {
  rank: number;
  userId: string;
  username: string;
  score: number;
  attempts: number;
}

export interface TournamentCompleted {
  type: 'TournamentCompleted';
  data: {
    tournamentId: string;
    completedAt: string;
    reason: CompletionReason;
    /** Players with at least one score, ranked by compareStandings (head-to-head: bracketFinalStandings). */
    finalStandings: FinalStanding[];
  };
}

/**
 * One winning place's share of the pool, appended right after TournamentCompleted (one per place
 * directing more than 0 cents). The charity is the one the player had chosen for this tournament at
 * completion, or null; a later change of charity does not move this money.
 */
export interface PrizeAllocated {
  type: 'PrizeAllocated';
  data: {
    tournamentId: string;
    rank: number;
    userId: string;
    username: string;
    score: number;
    amountCents: number;
    charityId: string | null;
    charityName: string | null;
    allocatedAt: string;
  };
}

export interface TournamentCancelled {
  type: 'TournamentCancelled';
  data: { tournamentId: string; reason: string; cancelledAt: string };
}

export type TournamentEvent =
  | TournamentCreated
  | PlayerJoined
  | TournamentStarted
  | ScoreSubmitted
  | TournamentCompleted
  | TournamentCancelled
  | TournamentEdited
  | PlayerCharitySelected
  | PrizeAllocated
  | PlayStarted
  | BracketEvent;

export type TournamentEventType = TournamentEvent['type'];

export const TOURNAMENT_EVENT_TYPES: readonly TournamentEventType[] = [
  'TournamentCreated',
  'PlayerJoined',
  'TournamentStarted',
  'ScoreSubmitted',
  'TournamentCompleted',
  'PrizeAllocated',
  'TournamentCancelled',
  'TournamentEdited',
  'PlayerCharitySelected',
  'PlayStarted',
  ...BRACKET_EVENT_TYPES,
];
