import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { tournamentNotFound } from '../../domain/tournament.errors';
import { getPlayer } from '../../domain/tournament.players';
import { randomEventIds } from '../event-ids';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import { JoinTournamentCommand, type JoinTournamentResult } from './join-tournament.command';

@CommandHandler(JoinTournamentCommand)
export class JoinTournamentHandler implements ICommandHandler<JoinTournamentCommand, JoinTournamentResult> {
  constructor(private readonly streams: TournamentStreamRepository) {}

  /** Joining again answers with the first join, unchanged. */
  async execute({ tournamentId, member, charityId }: JoinTournamentCommand): Promise<JoinTournamentResult> {
    const { state } = await this.streams.execute(
      {
        type: 'JoinTournament',
        data: {
          tournamentId,
          userId: member.id,
          username: member.username,
          charityId,
          charityName: null,
          now: new Date().toISOString(),
        },
      },
      randomEventIds,
    );
    const player = getPlayer(state.players, member.id);
    if (!player) throw tournamentNotFound();
    return { tournamentId, userId: player.userId, charityId: player.charityId, joinedAt: player.joinedAt };
  }
}
