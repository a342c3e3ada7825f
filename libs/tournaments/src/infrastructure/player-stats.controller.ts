import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AccessTokenGuard, CurrentMember, type Member } from '@arena/identity';
import { GetMemberGameStatsQuery } from '../application/queries/get-member-game-stats.query';
import { GetPlayerStatsQuery } from '../application/queries/get-player-stats.query';

/** Player statistics: one player in one tournament (public), and the signed-in member's own totals. */
@Controller()
export class PlayerStatsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('tournaments/:id/players/:playerId/stats')
  async playerStats(@Param('id') id: string, @Param('playerId') playerId: string) {
    return { success: true, data: await this.queries.execute(new GetPlayerStatsQuery(id, playerId)) };
  }

  @Get('users/game-stats')
  @UseGuards(AccessTokenGuard)
  async gameStats(@CurrentMember() member: Member) {
    return { success: true, data: await this.queries.execute(new GetMemberGameStatsQuery(member.id)) };
  }
}
