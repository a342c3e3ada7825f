import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NonprofitDirectory } from '@arena/charities';
import type { SelectedCharity } from '@arena/contracts';
import { charityProfileUrl } from '@arena/contracts/tournaments.rules';
import { charityNotFound, tournamentNotFound } from '../../domain/tournament.errors';
import { getPlayer } from '../../domain/tournament.players';
import { randomEventIds } from '@arena/event-store';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import { SelectCharityCommand } from './select-charity.command';

/** A joined member's own charity for one tournament; choosing the current one again changes nothing. */
@CommandHandler(SelectCharityCommand)
export class SelectCharityHandler implements ICommandHandler<SelectCharityCommand, SelectedCharity> {
  constructor(
    private readonly streams: TournamentStreamRepository,
    private readonly nonprofits: NonprofitDirectory,
  ) {}

  async execute({ tournamentId, member, charityId }: SelectCharityCommand): Promise<SelectedCharity> {
    const charity = charityId === null ? null : this.nonprofits.findByEin(charityId);
    if (charity === undefined) throw charityNotFound();
    const { state } = await this.streams.execute(
      {
        type: 'SelectCharity',
        data: {
          tournamentId,
          userId: member.id,
          charityId: charity?.ein ?? null,
          charityName: charity?.name ?? null,
          now: new Date().toISOString(),
        },
      },
      randomEventIds,
    );
    const player = getPlayer(state.players, member.id);
    if (!player) throw tournamentNotFound();
    return {
      tournamentId,
      charityId: player.charityId,
      charityName: player.charityName,
      charityUrl: player.charityId === null ? null : charityProfileUrl(player.charityId),
    };
  }
}
