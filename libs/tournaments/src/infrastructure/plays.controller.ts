import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  PLAY_RESULT_MAX_BYTES,
  playResultBody,
  releaseBody,
  revealBody,
  type PlayResultBody,
  type ReleaseBody,
  type ReleasedBlock,
  type RevealBody,
  type RevealedCard,
} from '@arena/contracts/plays.contract';
import { ZodValidationPipe } from '@arena/http';
import { AccessTokenGuard, CurrentMember, type Member } from '@arena/identity';
import { RevealStepCommand } from '../application/commands/reveal-step.command';
import { StartPlayCommand } from '../application/commands/start-play.command';
import { SubmitPlayResultCommand } from '../application/commands/submit-play-result.command';
import { PlayRateLimiter } from './play-rate-limiter';

/** Play sessions of the verified games (docs/fair-play.md). */
@Controller()
@UseGuards(AccessTokenGuard)
export class PlaysController {
  constructor(
    private readonly commands: CommandBus,
    private readonly limiter: PlayRateLimiter,
  ) {}

  @Post('tournaments/:id/plays')
  @HttpCode(201)
  async start(@Param('id') id: string, @CurrentMember() member: Member) {
    await this.limiter.startBy(member.id);
    return { success: true, data: await this.commands.execute(new StartPlayCommand(id, null, member)) };
  }

  @Post('tournaments/:id/matches/:matchId/plays')
  @HttpCode(201)
  async startMatch(
    @Param('id') id: string,
    @Param('matchId') matchId: string,
    @CurrentMember() member: Member,
  ) {
    await this.limiter.startBy(member.id);
    return { success: true, data: await this.commands.execute(new StartPlayCommand(id, matchId, member)) };
  }

  /** The log may be far bigger than other bodies; bigger than its own limit, it is refused unread (413). */
  @Post('plays/:playId/result')
  @HttpCode(201)
  @RouteConfig({ bodyLimit: PLAY_RESULT_MAX_BYTES })
  async submitResult(
    @Param('playId') playId: string,
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(playResultBody)) body: PlayResultBody,
  ) {
    await this.limiter.resultBy(member.id);
    return {
      success: true,
      data: await this.commands.execute(new SubmitPlayResultCommand(playId, member, body)),
    };
  }

  /** A Memory Pairs flip: the card's face from the seed the server keeps (docs/fair-play.md). */
  @Post('plays/:playId/reveal')
  @HttpCode(200)
  async reveal(
    @Param('playId') playId: string,
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(revealBody)) body: RevealBody,
  ) {
    await this.limiter.revealBy(member.id);
    const { gameToken, flip, card } = body;
    const { value } = await this.commands.execute(
      new RevealStepCommand(playId, member, 'reveal', gameToken, flip, card),
    );
    const data: RevealedCard = { playId, flip, card, face: value as number };
    return { success: true, data };
  }

  /**
   * A Tile Merge step: the move is recorded, then the keystream block its tile is drawn from is told
   * (docs/fair-play.md), within its own per-minute budget (one request per move).
   */
  @Post('plays/:playId/release')
  @HttpCode(200)
  async release(
    @Param('playId') playId: string,
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(releaseBody)) body: ReleaseBody,
  ) {
    await this.limiter.releaseBy(member.id);
    const { gameToken, step, input } = body;
    const { value } = await this.commands.execute(
      new RevealStepCommand(playId, member, 'release', gameToken, step, input),
    );
    const data: ReleasedBlock = { playId, step, input, block: value as string };
    return { success: true, data };
  }
}
