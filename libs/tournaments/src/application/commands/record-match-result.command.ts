import { Command } from '@nestjs/cqrs';
import type { SignedResult } from '@arena/contracts/signed-results.contract';
import type { Member } from '@arena/identity';
import type { TournamentStatus } from '../../domain/tournament.events';

export interface RecordMatchResultResult {
  tournamentId: string;
  matchId: string;
  score: number;
  completed: boolean;
  /** True once both played (or this result decided it); the winner, when decided. */
  decided: boolean;
  winnerId: string | null;
  tournamentStatus: TournamentStatus;
}

export class RecordMatchResultCommand extends Command<RecordMatchResultResult> {
  constructor(
    readonly tournamentId: string,
    readonly matchId: string,
    readonly member: Member,
    readonly score: number,
    readonly completed: boolean,
    /** Required for a game that signs its results (docs/fair-play.md). */
    readonly signedResult?: SignedResult,
  ) {
    super();
  }
}
