import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import {
  entriesOfPlayers,
  topEntries,
  type LeaderboardEntry,
} from '@arena/projections/leaderboards/leaderboards.queries';
import { findBracketDetail } from '@arena/projections/tournament-brackets/tournament-brackets.queries';
import {
  charityOf,
  findTournament,
  type TournamentCatalogRow,
  type TournamentCatalogTables,
} from '@arena/projections/tournament-catalog/tournament-catalog.queries';
import { tournamentNotFound } from '../../domain/tournament.errors';
import { GetTournamentQuery } from './get-tournament.query';
import type { TournamentDetail } from '@arena/contracts';
import { myCharity, myParticipations, toTournamentDetail } from './tournament.view';
import { prizeView } from './prize-view';
import { isUuid } from '@arena/text';

/** The spec shows the top 10. */
const LEADERBOARD_SIZE = 10;

/**
 * A completed tournament's top ten in its final order, with the avatars and charities of the
 * leaderboard read model. For score formats that is the live order; for
 * a bracket it is who went furthest (the champion first), whatever their count of match wins.
 */
async function finalEntries(
  db: Kysely<any>,
  tournamentId: string,
  standings: NonNullable<TournamentCatalogRow['final_standings']>,
): Promise<LeaderboardEntry[]> {
  const top = standings.slice(0, LEADERBOARD_SIZE);
  const entries = await entriesOfPlayers(
    db,
    tournamentId,
    top.map((standing) => standing.userId),
  );
  return top.map((standing) => {
    const entry = entries.get(standing.userId);
    return {
      rank: standing.rank,
      userId: standing.userId,
      username: standing.username,
      avatarUrl: entry?.avatarUrl ?? null,
      // The standing's own result (a bracket's: matches won): the leaderboard read model may lag.
      score: standing.score,
      attempts: standing.attempts,
      charityName: entry?.charityName ?? null,
      charityUrl: entry?.charityUrl ?? null,
      charityLogoUrl: entry?.charityLogoUrl ?? null,
    };
  });
}

@QueryHandler(GetTournamentQuery)
export class GetTournamentHandler implements IQueryHandler<GetTournamentQuery, TournamentDetail> {
  constructor(@Inject(DATABASE) private readonly db: Kysely<TournamentCatalogTables>) {}

  async execute({ tournamentId, memberId }: GetTournamentQuery): Promise<TournamentDetail> {
    const row = isUuid(tournamentId) ? await findTournament(this.db, tournamentId) : undefined;
    if (!row) throw tournamentNotFound();
    const [mine, entries, prizes, bracket] = await Promise.all([
      memberId ? charityOf(this.db, tournamentId, memberId) : undefined,
      row.final_standings
        ? finalEntries(this.db, tournamentId, row.final_standings)
        : topEntries(this.db, tournamentId, LEADERBOARD_SIZE),
      prizeView(this.db, row),
      findBracketDetail(this.db, tournamentId, memberId),
    ]);
    const leaderboard = entries.map(
      ({ rank, userId, username, avatarUrl, score, charityName, charityUrl, charityLogoUrl }) => ({
        rank,
        userId,
        username,
        avatarUrl,
        score,
        charityName,
        charityUrl,
        charityLogoUrl,
      }),
    );
    const detail = toTournamentDetail(row, mine !== undefined, leaderboard, new Date(), prizes);
    // A drawn bracket takes nobody new; a cancelled or completed one has no next match to play.
    return {
      ...detail,
      myCharity: myCharity(mine),
      participations: myParticipations(row, memberId, mine),
      ...bracket,
      canJoin: detail.canJoin && bracket.bracket === null,
      myNextMatch: row.status === 'ACTIVE' ? bracket.myNextMatch : null,
    };
  }
}
