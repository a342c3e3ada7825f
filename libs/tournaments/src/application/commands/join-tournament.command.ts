import { Command } from '@nestjs/cqrs';
import type { Member } from '@arena/identity';

export interface JoinTournamentResult {
  tournamentId: string;
  userId: string;
  charityId: string | null;
  joinedAt: string;
}

export class JoinTournamentCommand extends Command<JoinTournamentResult> {
  constructor(
    readonly tournamentId: string,
    readonly member: Member,
    readonly charityId: string | null,
  ) {
    super();
  }
}
