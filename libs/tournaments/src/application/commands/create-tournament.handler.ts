import { randomBytes, randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TournamentScheduler } from '../../infrastructure/tournament.scheduler';
import { randomEventIds } from '../event-ids';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import { CreateTournamentCommand, type CreateTournamentResult } from './create-tournament.command';

@CommandHandler(CreateTournamentCommand)
export class CreateTournamentHandler implements ICommandHandler<
  CreateTournamentCommand,
  CreateTournamentResult
> {
  constructor(
    private readonly streams: TournamentStreamRepository,
    private readonly scheduler: TournamentScheduler,
  ) {}

  async execute({ input }: CreateTournamentCommand): Promise<CreateTournamentResult> {
    const now = new Date();
    const tournamentId = input.tournamentId ?? randomUUID();
    const { state } = await this.streams.execute(
      {
        type: 'CreateTournament',
        data: {
          ...input,
          tournamentId,
          tieBreakSeed: randomBytes(16).toString('hex'),
          now: now.toISOString(),
        },
      },
      randomEventIds,
    );
    // Also on a repeated create, so a crash between the append and the enqueue heals on retry.
    if (state.status === 'UPCOMING' || state.status === 'ACTIVE')
      await this.scheduler.schedule(state.tournament, now);
    return { id: tournamentId, status: state.status };
  }
}
