import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomEventIds } from '@arena/event-store';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import { CancelTournamentCommand } from './cancel-tournament.command';
import type { ScheduleTransitionResult } from './schedule-transition.result';

@CommandHandler(CancelTournamentCommand)
export class CancelTournamentHandler implements ICommandHandler<
  CancelTournamentCommand,
  ScheduleTransitionResult
> {
  constructor(private readonly streams: TournamentStreamRepository) {}

  async execute({ tournamentId, reason }: CancelTournamentCommand): Promise<ScheduleTransitionResult> {
    const { events, state } = await this.streams.execute(
      { type: 'CancelTournament', data: { tournamentId, reason, now: new Date().toISOString() } },
      randomEventIds,
    );
    return { tournamentId, changed: events.length > 0, status: state.status };
  }
}
