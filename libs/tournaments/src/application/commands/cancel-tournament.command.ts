import { Command } from '@nestjs/cqrs';
import type { ScheduleTransitionResult } from './schedule-transition.result';

export class CancelTournamentCommand extends Command<ScheduleTransitionResult> {
  constructor(
    readonly tournamentId: string,
    readonly reason: string,
  ) {
    super();
  }
}
