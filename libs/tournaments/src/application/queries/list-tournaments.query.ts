import { Query } from '@nestjs/cqrs';
import type { TournamentStatus } from '../../domain/tournament.events';
import type { TournamentSummary } from '@arena/contracts';

export class ListTournamentsQuery extends Query<{ tournaments: TournamentSummary[] }> {
  constructor(readonly status?: TournamentStatus) {
    super();
  }
}
