import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ZodValidationPipe } from '@arena/http';
import { AccessTokenGuard, CurrentMember, OptionalAccessTokenGuard, type Member } from '@arena/identity';
import { JoinTournamentCommand } from '../application/commands/join-tournament.command';
import { SelectCharityCommand } from '../application/commands/select-charity.command';
import { SubmitScoreCommand } from '../application/commands/submit-score.command';
import { RecordMatchResultCommand } from '../application/commands/record-match-result.command';
import { GetTournamentQuery } from '../application/queries/get-tournament.query';
import { ListTournamentsQuery } from '../application/queries/list-tournaments.query';
import {
  joinTournamentBody,
  listTournamentsParams,
  selectCharityBody,
  matchResultBody,
  type MatchResultBody,
  submitScoreBody,
  type JoinTournamentBody,
  type ListTournamentsParams,
  type SelectCharityBody,
  type SubmitScoreBody,
} from '@arena/contracts';

@Controller('tournaments')
export class TournamentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  async list(@Query(new ZodValidationPipe(listTournamentsParams)) params: ListTournamentsParams) {
    return { success: true, data: await this.queries.execute(new ListTournamentsQuery(params.status)) };
  }

  @Get(':id')
  @UseGuards(OptionalAccessTokenGuard)
  async get(@Param('id') id: string, @CurrentMember() member: Member | undefined) {
    return { success: true, data: await this.queries.execute(new GetTournamentQuery(id, member?.id)) };
  }

  @Post(':id/join')
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  async join(
    @Param('id') id: string,
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(joinTournamentBody)) body: JoinTournamentBody,
  ) {
    return {
      success: true,
      data: await this.commands.execute(new JoinTournamentCommand(id, member, body.charityId ?? null)),
    };
  }

  @Post(':id/scores')
  @HttpCode(201)
  @UseGuards(AccessTokenGuard)
  async submitScore(
    @Param('id') id: string,
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(submitScoreBody)) body: SubmitScoreBody,
  ) {
    return {
      success: true,
      data: await this.commands.execute(
        new SubmitScoreCommand(id, member, body.score, body.completed, body.signedResult),
      ),
    };
  }

  @Put(':id/charity')
  @UseGuards(AccessTokenGuard)
  async selectCharity(
    @Param('id') id: string,
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(selectCharityBody)) body: SelectCharityBody,
  ) {
    return {
      success: true,
      data: await this.commands.execute(new SelectCharityCommand(id, member, body.charityId)),
    };
  }

  /** Head-to-head formats: the member's result in one of their matches (docs/brackets.md). */
  @Post(':id/matches/:matchId/result')
  @HttpCode(201)
  @UseGuards(AccessTokenGuard)
  async recordMatchResult(
    @Param('id') id: string,
    @Param('matchId') matchId: string,
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(matchResultBody)) body: MatchResultBody,
  ) {
    return {
      success: true,
      data: await this.commands.execute(
        new RecordMatchResultCommand(id, matchId, member, body.score, body.completed, body.signedResult),
      ),
    };
  }
}
