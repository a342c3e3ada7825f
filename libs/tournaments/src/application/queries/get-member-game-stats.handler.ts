import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Kysely } from 'kysely';
import type { MemberGameStats } from '@arena/contracts';
import { DATABASE } from '@arena/database';
import { memberGameStats } from '@arena/projections/player-stats/player-stats.queries';
import { GetMemberGameStatsQuery } from './get-member-game-stats.query';

@QueryHandler(GetMemberGameStatsQuery)
export class GetMemberGameStatsHandler implements IQueryHandler<GetMemberGameStatsQuery, MemberGameStats> {
  constructor(@Inject(DATABASE) private readonly db: Kysely<any>) {}

  execute({ memberId }: GetMemberGameStatsQuery): Promise<MemberGameStats> {
    return memberGameStats(this.db, memberId);
  }
}
