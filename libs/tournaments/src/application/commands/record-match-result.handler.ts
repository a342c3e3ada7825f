import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BracketAdvancer } from '../bracket-advancer';
import { Clock } from '../clock';
import { randomEventIds } from '@arena/event-store';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import { RecordMatchResultCommand, type RecordMatchResultResult } from './record-match-result.command';

/** A second result from the same player is refused (409), so a retry never counts twice. */
@CommandHandler(RecordMatchResultCommand)
export class RecordMatchResultHandler implements ICommandHandler<
  RecordMatchResultCommand,
  RecordMatchResultResult
> {
  constructor(
    private readonly streams: TournamentStreamRepository,
    private readonly advancer: BracketAdvancer,
    private readonly clock: Clock,
  ) {}

  async execute({
    tournamentId,
    matchId,
    member,
    score,
    completed,
    signedResult,
  }: RecordMatchResultCommand): Promise<RecordMatchResultResult> {
    const { events } = await this.streams.execute(
      {
        type: 'RecordMatchResult',
        data: {
          tournamentId,
          matchId,
          userId: member.id,
          username: member.username,
          score,
          completed,
          ...(signedResult === undefined ? {} : { signedResult }),
          now: this.clock.now().toISOString(),
        },
      },
      randomEventIds,
    );
    const decision = events.find((event) => event.type === 'MatchDecided');
    await this.advancer.advanceAfterMember(tournamentId);
    const state = await this.streams.load(tournamentId);
    return {
      tournamentId,
      matchId,
      score,
      completed,
      decided: decision !== undefined,
      winnerId: decision?.type === 'MatchDecided' ? decision.data.winnerId : null,
      tournamentStatus: state.status === 'NONE' ? 'ACTIVE' : state.status,
    };
  }
}
