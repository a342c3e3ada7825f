import { Query } from '@nestjs/cqrs';
import type { PlayerTournamentStats } from '@arena/contracts';

export class GetPlayerStatsQuery extends Query<PlayerTournamentStats> {
  constructor(
    readonly tournamentId: string,
    readonly playerId: string,
  ) {
    super();
  }
}
