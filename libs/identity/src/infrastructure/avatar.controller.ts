import { Body, Controller, Get, HttpCode, Param, Put, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AvatarService } from '../application/commands/avatar.service';
import { AuthMessages as M } from '../domain/auth.messages';
import { AccessTokenGuard, CurrentMember, type Member } from './access-token.guard';
import { AuthBodyPipe } from './auth-body.pipe';
import { avatarDto, type AvatarDto } from './auth.dto';

@Controller('auth')
export class AvatarController {
  constructor(private readonly avatars: AvatarService) {}

  @Put('avatar')
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  async replace(@CurrentMember() member: Member, @Body(new AuthBodyPipe(avatarDto)) body: AvatarDto) {
    return { success: true, message: M.avatarUpdated, data: await this.avatars.replace(member.id, body) };
  }

  /** Public, as an `<img>` cannot send a token; the profile's link changes with every new avatar. */
  @Get('avatars/:accountId')
  async image(@Param('accountId') accountId: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const avatar = await this.avatars.image(accountId);
    void reply
      .header('Content-Type', avatar.contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable');
    return avatar.bytes;
  }
}
