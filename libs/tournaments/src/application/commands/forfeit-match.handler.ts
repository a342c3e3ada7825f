import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { getMatch } from '../../domain/bracket/bracket.state';
import { BracketAdvancer } from '../bracket-advancer';
import { Clock } from '../clock';
import { derivedEventIds } from '../event-ids';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import { ForfeitMatchCommand, type ForfeitMatchResult } from './forfeit-match.command';

@CommandHandler(ForfeitMatchCommand)
export class ForfeitMatchHandler implements ICommandHandler<ForfeitMatchCommand, ForfeitMatchResult> {
  constructor(
    private readonly streams: TournamentStreamRepository,
    private readonly advancer: BracketAdvancer,
    private readonly clock: Clock,
  ) {}

  async execute({ tournamentId, matchId, cause }: ForfeitMatchCommand): Promise<ForfeitMatchResult> {
    const now = this.clock.now();
    const { events, state } = await this.streams.execute(
      { type: 'ForfeitMatch', data: { tournamentId, matchId, now: now.toISOString() } },
      derivedEventIds(cause),
    );
    // Also when nothing changed: a run after a crash between the forfeit and the advance heals it.
    await this.advancer.advance(tournamentId);
    const match = getMatch(state.bracket, matchId);
    const early =
      state.status === 'ACTIVE' &&
      !!match?.deadline &&
      !match.decision &&
      Date.parse(match.deadline) > now.getTime();
    return { changed: events.length > 0, early };
  }
}
