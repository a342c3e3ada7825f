import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BracketAdvancer } from '../bracket-advancer';
import { derivedEventIds } from '../event-ids';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import type { ScheduleTransitionResult } from './schedule-transition.result';
import { StartTournamentCommand } from './start-tournament.command';

@CommandHandler(StartTournamentCommand)
export class StartTournamentHandler implements ICommandHandler<
  StartTournamentCommand,
  ScheduleTransitionResult
> {
  constructor(
    private readonly streams: TournamentStreamRepository,
    private readonly advancer: BracketAdvancer,
  ) {}

  async execute({
    tournamentId,
    cause,
    scheduledFor,
  }: StartTournamentCommand): Promise<ScheduleTransitionResult> {
    const { events, state } = await this.streams.execute(
      { type: 'StartTournament', data: { tournamentId, now: new Date().toISOString(), scheduledFor } },
      derivedEventIds(cause),
    );
    // Head-to-head formats draw their bracket now (also on a re-run, if a crash stopped the first).
    await this.advancer.advance(tournamentId);
    return { tournamentId, changed: events.length > 0, status: state.status };
  }
}
