import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ScoreSubmitted } from '../../domain/tournament.events';
import { randomEventIds } from '@arena/event-store';
import { TournamentStreamRepository } from '../tournament-stream.repository';
import { SubmitScoreCommand, type SubmitScoreResult } from './submit-score.command';

@CommandHandler(SubmitScoreCommand)
export class SubmitScoreHandler implements ICommandHandler<SubmitScoreCommand, SubmitScoreResult> {
  constructor(private readonly streams: TournamentStreamRepository) {}

  async execute({
    tournamentId,
    member,
    score,
    completed,
    signedResult,
  }: SubmitScoreCommand): Promise<SubmitScoreResult> {
    const { events, state } = await this.streams.execute(
      {
        type: 'SubmitScore',
        data: {
          tournamentId,
          userId: member.id,
          username: member.username,
          score,
          completed,
          ...(signedResult === undefined ? {} : { signedResult }),
          now: new Date().toISOString(),
        },
      },
      randomEventIds,
    );
    const submitted = events.find((event): event is ScoreSubmitted => event.type === 'ScoreSubmitted');
    if (!submitted) throw new Error('A score submission appended no score');
    const { attempt, bestScore } = submitted.data;
    return { tournamentId, score, attempt, bestScore, tournamentStatus: state.status };
  }
}
