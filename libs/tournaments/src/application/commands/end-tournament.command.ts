import { Command } from '@nestjs/cqrs';
import type { ScheduleTransitionResult } from './schedule-transition.result';

export class EndTournamentCommand extends Command<ScheduleTransitionResult> {
  /** `cause` (a job id) seeds the event ids: running the same cause twice appends nothing new. */
  constructor(
    readonly tournamentId: string,
    readonly cause: string,
    /** The instant the job was queued for: a job for an instant that is no longer the tournament's does nothing. */
    readonly scheduledFor?: string,
  ) {
    super();
  }
}
