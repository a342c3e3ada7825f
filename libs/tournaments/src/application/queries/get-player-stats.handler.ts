import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Kysely } from 'kysely';
import type { PlayerTournamentStats } from '@arena/contracts';
import { DATABASE } from '@arena/database';
import { rankOf } from '@arena/projections/leaderboards/leaderboards.queries';
import { findPlayerStats } from '@arena/projections/player-stats/player-stats.queries';
import { playerNotInTournament, tournamentNotFound } from '../../domain/tournament.errors';
import { GetPlayerStatsQuery } from './get-player-stats.query';

/**
 * One player's statistics in one tournament. Public: every participant is on the public leaderboard.
 * currentRank is the final rank once the tournament completed, else the live leaderboard's rank (null
 * before the player's first score).
 */
@QueryHandler(GetPlayerStatsQuery)
export class GetPlayerStatsHandler implements IQueryHandler<GetPlayerStatsQuery, PlayerTournamentStats> {
  constructor(@Inject(DATABASE) private readonly db: Kysely<any>) {}

  async execute({ tournamentId, playerId }: GetPlayerStatsQuery): Promise<PlayerTournamentStats> {
    const lookup = await findPlayerStats(this.db, tournamentId, playerId);
    if (lookup.found === 'none') throw tournamentNotFound();
    if (lookup.found === 'tournament') throw playerNotInTournament();
    const { tournamentStatus, finalRank, ...stats } = lookup.stats;
    const currentRank =
      tournamentStatus === 'COMPLETED'
        ? finalRank
        : ((await rankOf(this.db, tournamentId, playerId))?.rank ?? null);
    return { ...stats, currentRank };
  }
}
