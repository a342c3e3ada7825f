import { Command } from '@nestjs/cqrs';
import type { SignedResult } from '@arena/contracts/signed-results.contract';
import type { Member } from '@arena/identity';
import type { TournamentStatus } from '../../domain/tournament.events';

export interface SubmitScoreResult {
  tournamentId: string;
  score: number;
  attempt: number;
  bestScore: number | null;
  /** COMPLETED when this score filled the last place of an instant tournament. */
  tournamentStatus: TournamentStatus;
}

export class SubmitScoreCommand extends Command<SubmitScoreResult> {
  constructor(
    readonly tournamentId: string,
    readonly member: Member,
    readonly score: number,
    /** TIME_ATTACK: false for a run that did not finish. */
    readonly completed = true,
    /** Required for a game that signs its results (docs/fair-play.md). */
    readonly signedResult?: SignedResult,
  ) {
    super();
  }
}
