import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query, Res, UseGuards } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { CharityMessages as M } from '@arena/contracts';
import { ZodValidationPipe } from '@arena/http';
import { AccessTokenGuard, CurrentMember, type Member } from '@arena/identity';
import { CharityLogosService } from '../application/commands/charity-logos.service';
import { LOGO_BODY_LIMIT, charityLogoDto, type CharityLogoDto } from './charity-logo.dto';
import { onboardingIdParam } from './charity-params';

/** A charity's logo: replaced by its manager, served to anyone (an `<img>` sends no token). */
@Controller('charities')
export class CharityLogosController {
  constructor(private readonly logos: CharityLogosService) {}

  @Put('onboarding/:charityId/logo')
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  @RouteConfig({ bodyLimit: LOGO_BODY_LIMIT })
  async replace(
    @CurrentMember() member: Member,
    @Param('charityId') charityId: string,
    @Body(new ZodValidationPipe(charityLogoDto, { fieldInMessage: false })) body: CharityLogoDto,
  ) {
    const status = await this.logos.replace(member.id, onboardingIdParam(charityId), body.bytes);
    return { success: true, message: M.logoUpdated, data: status };
  }

  @Delete('onboarding/:charityId/logo')
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  async remove(@CurrentMember() member: Member, @Param('charityId') charityId: string) {
    const status = await this.logos.remove(member.id, onboardingIdParam(charityId));
    return { success: true, message: M.logoRemoved, data: status };
  }

  /**
   * Only ever a PNG, JPEG or WebP image we drew ourselves, under the type we encoded it as. `v` names the
   * image's bytes, so what a URL answers never changes: cached for good.
   */
  @Get('ein/:ein/logo')
  async image(
    @Param('ein') ein: string,
    @Query('v') version: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const logo = await this.logos.image(ein, version);
    void reply
      .header('Content-Type', logo.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'public, max-age=31536000, immutable');
    return logo.bytes;
  }
}
