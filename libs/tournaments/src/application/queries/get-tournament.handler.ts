import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import { topEntries } from '@arena/projections/leaderboards/leaderboards.queries';
import { findBracketDetail } from '@arena/projections/tournament-brackets/tournament-brackets.queries';
import {
  charityOf,
  findTournament,
  type TournamentCatalogTables,
} from '@arena/projections/tournament-catalog/tournament-catalog.queries';
import { tournamentNotFound } from '../../domain/tournament.errors';
import { GetTournamentQuery } from './get-tournament.query';
import type { TournamentDetail } from '@arena/contracts';
import { myCharity, toTournamentDetail } from './tournament.view';
import { prizeView } from './prize-view';
import { isUuid } from '@arena/text';

/** The spec shows the top 10. */
const LEADERBOARD_SIZE = 10;

@QueryHandler(GetTournamentQuery)
export class GetTournamentHandler implements IQueryHandler<GetTournamentQuery, TournamentDetail> {
  constructor(@Inject(DATABASE) private readonly db: Kysely<TournamentCatalogTables>) {}

  async execute({ tournamentId, memberId }: GetTournamentQuery): Promise<TournamentDetail> {
    const row = isUuid(tournamentId) ? await findTournament(this.db, tournamentId) : undefined;
    if (!row) throw tournamentNotFound();
    const [mine, entries, prizes, bracket] = await Promise.all([
      memberId ? charityOf(this.db, tournamentId, memberId) : undefined,
      topEntries(this.db, tournamentId, LEADERBOARD_SIZE),
      prizeView(this.db, row),
      findBracketDetail(this.db, tournamentId, memberId),
    ]);
    const leaderboard = entries.map(
      ({ rank, userId, username, avatarUrl, score, charityName, charityUrl }) => ({
        rank,
        userId,
        username,
        avatarUrl,
        score,
        charityName,
        charityUrl,
      }),
    );
    const detail = toTournamentDetail(row, mine !== undefined, leaderboard, new Date(), prizes);
    // A drawn bracket takes nobody new; a cancelled or completed one has no next match to play.
    return {
      ...detail,
      myCharity: myCharity(mine),
      ...bracket,
      canJoin: detail.canJoin && bracket.bracket === null,
      myNextMatch: row.status === 'ACTIVE' ? bracket.myNextMatch : null,
    };
  }
}
