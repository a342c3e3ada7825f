import { Query } from '@nestjs/cqrs';
import type { MemberGameStats } from '@arena/contracts';

/** The signed-in member's own statistics: the id comes from the access token, never the request. */
export class GetMemberGameStatsQuery extends Query<MemberGameStats> {
  constructor(readonly memberId: string) {
    super();
  }
}
