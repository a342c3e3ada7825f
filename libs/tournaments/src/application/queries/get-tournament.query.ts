import { Query } from '@nestjs/cqrs';
import type { TournamentDetail } from '@arena/contracts';

export class GetTournamentQuery extends Query<TournamentDetail> {
  constructor(
    readonly tournamentId: string,
    /** The signed-in member, if any: sets isUserJoined and canJoin. */
    readonly memberId?: string,
  ) {
    super();
  }
}
