import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { deterministicEventIds } from '../event-ids';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import type { ScheduleTransitionResult } from './schedule-transition.result';
import { StartTournamentCommand } from './start-tournament.command';

@CommandHandler(StartTournamentCommand)
export class StartTournamentHandler implements ICommandHandler<
  StartTournamentCommand,
  ScheduleTransitionResult
> {
  constructor(private readonly streams: TournamentStreamRepository) {}

  async execute({
    tournamentId,
    cause,
    scheduledFor,
  }: StartTournamentCommand): Promise<ScheduleTransitionResult> {
    const { events, state } = await this.streams.execute(
      { type: 'StartTournament', data: { tournamentId, now: new Date().toISOString(), scheduledFor } },
      deterministicEventIds(cause),
    );
    return { tournamentId, changed: events.length > 0, status: state.status };
  }
}
