import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { derivedEventIds } from '../event-ids';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import type { ScheduleTransitionResult } from './schedule-transition.result';
import { EndTournamentCommand } from './end-tournament.command';

@CommandHandler(EndTournamentCommand)
export class EndTournamentHandler implements ICommandHandler<EndTournamentCommand, ScheduleTransitionResult> {
  constructor(private readonly streams: TournamentStreamRepository) {}

  async execute({
    tournamentId,
    cause,
    scheduledFor,
  }: EndTournamentCommand): Promise<ScheduleTransitionResult> {
    const { events, state } = await this.streams.execute(
      { type: 'EndTournament', data: { tournamentId, now: new Date().toISOString(), scheduledFor } },
      derivedEventIds(cause),
    );
    return { tournamentId, changed: events.length > 0, status: state.status };
  }
}
