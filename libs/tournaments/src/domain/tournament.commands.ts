import type { TournamentCreated } from './tournament.events';

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
    now: string;
  };
}

export interface StartTournament {
  type: 'StartTournament';
  data: { tournamentId: string; now: string };
}

export interface SubmitScore {
  type: 'SubmitScore';
  data: { tournamentId: string; userId: string; username: string; score: number; now: string };
}

export interface EndTournament {
  type: 'EndTournament';
  data: { tournamentId: string; now: string };
}

export interface CancelTournament {
  type: 'CancelTournament';
  data: { tournamentId: string; reason: string; now: string };
}

export type TournamentCommand =
  CreateTournament | JoinTournament | StartTournament | SubmitScore | EndTournament | CancelTournament;
