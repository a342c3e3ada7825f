import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ZodValidationPipe } from '@arena/http';
import { AccessTokenGuard, ClientIp, CurrentMember, type Member } from '@arena/identity';
import { inviteCharityBody, type InviteCharityBody } from '@arena/contracts';
import { CharityInvitationsService } from '../application/commands/charity-invitations.service';
import { InvitationRateLimiter } from './invitation-rate-limiter';

/** A signed-in member invites a charity of the directory; their username signs the email (issue 21). */
@Controller('charities/invite-charity')
export class CharityInvitationsController {
  constructor(
    private readonly invitations: CharityInvitationsService,
    private readonly limiter: InvitationRateLimiter,
  ) {}

  @Post()
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  async invite(
    @CurrentMember() member: Member,
    @ClientIp() ip: string,
    @Body(new ZodValidationPipe(inviteCharityBody)) body: InviteCharityBody,
  ) {
    // Counted before anything else, a repeat too: each call costs the inviter one of the hour's, and the
    // platform one of the day's.
    await this.limiter.consume(ip, member.id);
    return this.invitations.invite(body, member);
  }
}
