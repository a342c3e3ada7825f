import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ZodValidationPipe } from '@arena/http';
import { ClientIp, CurrentMember, OptionalAccessTokenGuard, type Member } from '@arena/identity';
import { inviteCharityBody, type InviteCharityBody } from '@arena/contracts';
import { CharityInvitationsService } from '../application/commands/charity-invitations.service';
import { InvitationRateLimiter } from './invitation-rate-limiter';

/** Anyone may invite a charity; a signed-in member's username signs the email. */
@Controller('charities/invite-charity')
export class CharityInvitationsController {
  constructor(
    private readonly invitations: CharityInvitationsService,
    private readonly limiter: InvitationRateLimiter,
  ) {}

  @Post()
  @HttpCode(200)
  @UseGuards(OptionalAccessTokenGuard)
  async invite(
    @CurrentMember() member: Member | undefined,
    @ClientIp() ip: string,
    @Body(new ZodValidationPipe(inviteCharityBody)) body: InviteCharityBody,
  ) {
    // Counted before anything else, a repeat too: each call costs the inviter one of the hour's.
    await this.limiter.consume(ip, member?.id);
    return this.invitations.invite(body, member);
  }
}
