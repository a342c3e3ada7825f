import type { TournamentStatus } from '../../domain/tournament.events';

/** What a start, end or cancel did: `changed` is false when its effect had already happened. */
export interface ScheduleTransitionResult {
  tournamentId: string;
  changed: boolean;
  status: TournamentStatus;
}
