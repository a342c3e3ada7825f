import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NonprofitDirectory } from '@arena/charities';
import { charityNotFound, tournamentNotFound } from '../../domain/tournament.errors';
import { getPlayer } from '../../domain/tournament.players';
import { isHeadToHead } from '../../domain/bracket/bracket.state';
import { BracketAdvancer } from '../bracket-advancer';
import { randomEventIds } from '@arena/event-store';
import { MemberPlans } from '../ports/member-plans';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import { JoinTournamentCommand, type JoinTournamentResult } from './join-tournament.command';

@CommandHandler(JoinTournamentCommand)
export class JoinTournamentHandler implements ICommandHandler<JoinTournamentCommand, JoinTournamentResult> {
  constructor(
    private readonly streams: TournamentStreamRepository,
    private readonly plans: MemberPlans,
    private readonly nonprofits: NonprofitDirectory,
    private readonly advancer: BracketAdvancer,
  ) {}

  /** Joining again answers with the first join, unchanged. */
  async execute({ tournamentId, member, charityId }: JoinTournamentCommand): Promise<JoinTournamentResult> {
    const charity = charityId === null ? null : this.nonprofits.findByEin(charityId);
    if (charity === undefined) throw charityNotFound();
    const { state } = await this.streams.execute(
      {
        type: 'JoinTournament',
        data: {
          tournamentId,
          userId: member.id,
          username: member.username,
          charityId: charity?.ein ?? null,
          charityName: charity?.name ?? null,
          memberPlan: await this.plans.planOf(member.id),
          now: new Date().toISOString(),
        },
      },
      randomEventIds,
    );
    // An instant head-to-head bracket is drawn once its last place is taken.
    if (isHeadToHead(state.tournament.format)) await this.advancer.advanceAfterMember(tournamentId);
    const player = getPlayer(state.players, member.id);
    if (!player) throw tournamentNotFound();
    return { tournamentId, userId: player.userId, charityId: player.charityId, joinedAt: player.joinedAt };
  }
}
