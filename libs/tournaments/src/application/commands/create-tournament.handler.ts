import { randomBytes, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TournamentScheduler } from '../../infrastructure/tournament.scheduler';
import { resolvePrizeConfig } from '../../domain/prize-allocation';
import { tournamentExists } from '../../domain/tournament.errors';
import type { TournamentCreated } from '../../domain/tournament.events';
import { randomEventIds } from '@arena/event-store';
import { tournamentGame } from '../tournament-game';
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

  async execute({ input: given }: CreateTournamentCommand): Promise<CreateTournamentResult> {
    const now = new Date();
    const input = { ...given, game: tournamentGame(given.game) };
    const tournamentId = input.tournamentId ?? randomUUID();
    const { events, state } = await this.streams.execute(
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
    const created = events.length > 0;
    if (!created && !sameSettings(state.tournament, { ...input, tournamentId })) throw tournamentExists();
    // Also on a repeated create, so a crash between the append and the enqueue heals on retry.
    if (state.status === 'UPCOMING' || state.status === 'ACTIVE')
      await this.scheduler.schedule(state.tournament, now);
    return { id: tournamentId, status: state.status, created };
  }
}

/** What the caller chose: the stored tournament without what the server added to it. */
function sameSettings(
  stored: TournamentCreated['data'],
  input: Omit<CreateTournamentCommand['input'], 'game'> & Pick<TournamentCreated['data'], 'game'>,
): boolean {
  const { tieBreakSeed: _seed, createdAt: _createdAt, ...settings } = stored;
  // A given prize configuration is stored checked and without unknown keys: compare it that way.
  const { prizeConfig, ...rest } = input;
  return isDeepStrictEqual(
    settings,
    prizeConfig === undefined ? rest : { ...rest, prizeConfig: resolvePrizeConfig(input) },
  );
}
