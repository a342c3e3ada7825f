import type { SignedResult } from '@arena/contracts/signed-results.contract';
import type { ReplayVerdict } from '@arena/games';
import type { BracketCommand } from './bracket/bracket.commands';
import type { EditableSettings, Plan, TournamentCreated } from './tournament.events';

/** Commands the tournament decider takes. Time and generated values come in with the command. */

export interface CreateTournament {
  type: 'CreateTournament';
  /** The settings TournamentCreated records, which takes `now` as its createdAt. */
  data: Omit<TournamentCreated['data'], 'createdAt'> & { now: string };
}

export interface JoinTournament {
  type: 'JoinTournament';
  data: {
    tournamentId: string;
    userId: string;
    username: string;
    charityId: string | null;
    charityName: string | null;
    /** The member's plan now (MemberPlans), checked against the tournament's requiredPlan. */
    memberPlan: Plan;
    now: string;
  };
}

export interface StartTournament {
  type: 'StartTournament';
  /**
   * `scheduledFor`: the start instant the job was queued for. A job whose instant is no longer the
   * tournament's start (an operator moved it) or that runs before it does nothing.
   */
  data: { tournamentId: string; now: string; scheduledFor?: string };
}

export interface SubmitScore {
  type: 'SubmitScore';
  data: {
    tournamentId: string;
    userId: string;
    username: string;
    score: number;
    /** TIME_ATTACK: false when the run did not finish (absent: true). */
    completed?: boolean;
    /** Required for a game that signs its results (tournament.signed-results.ts), refused for others. */
    signedResult?: SignedResult;
    now: string;
  };
}

export interface EndTournament {
  type: 'EndTournament';
  /** `scheduledFor`: like StartTournament's, for the end instant. */
  data: { tournamentId: string; now: string; scheduledFor?: string };
}

export interface EditTournament {
  type: 'EditTournament';
  data: { tournamentId: string; changes: Partial<EditableSettings>; now: string };
}

export interface SelectCharity {
  type: 'SelectCharity';
  data: {
    tournamentId: string;
    userId: string;
    charityId: string | null;
    charityName: string | null;
    now: string;
  };
}

export interface CancelTournament {
  type: 'CancelTournament';
  data: { tournamentId: string; reason: string; now: string };
}

/** Opens a play of the tournament's verified game for a member; `seed` is fresh from the server. */
export interface StartPlay {
  type: 'StartPlay';
  data: {
    tournamentId: string;
    playId: string;
    userId: string;
    /** Head-to-head: the member's match the play is for; null in score formats. */
    matchId: string | null;
    seed: string;
    now: string;
  };
}

/**
 * A play's result. The application replays the input log with the play's seed before deciding (out
 * of the tournament's lane: a replay costs far more than a decision) and brings the core's verdict.
 */
export interface SubmitPlayResult {
  type: 'SubmitPlayResult';
  data: {
    tournamentId: string;
    playId: string;
    userId: string;
    username: string;
    verdict: ReplayVerdict;
    now: string;
  };
}

export type TournamentCommand =
  | CreateTournament
  | JoinTournament
  | StartTournament
  | SubmitScore
  | EndTournament
  | CancelTournament
  | EditTournament
  | SelectCharity
  | StartPlay
  | SubmitPlayResult
  | BracketCommand;
