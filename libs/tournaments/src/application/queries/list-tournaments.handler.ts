import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import {
  listTournaments,
  type TournamentCatalogTables,
} from '@arena/projections/tournament-catalog/tournament-catalog.queries';
import { ListTournamentsQuery } from './list-tournaments.query';
import type { TournamentSummary } from '@arena/contracts';
import { toTournamentSummary } from './tournament.view';

@QueryHandler(ListTournamentsQuery)
export class ListTournamentsHandler implements IQueryHandler<
  ListTournamentsQuery,
  { tournaments: TournamentSummary[] }
> {
  constructor(@Inject(DATABASE) private readonly db: Kysely<TournamentCatalogTables>) {}

  async execute({ status }: ListTournamentsQuery) {
    const rows = await listTournaments(this.db, { status });
    return { tournaments: rows.map(toTournamentSummary) };
  }
}
