import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { supportMessageBody, type SupportMessageBody } from '@arena/contracts';
import { ZodValidationPipe } from '@arena/http';
import { SupportMessagesService } from '../application/commands/support-messages.service';
import { AccountMessages as M } from '../domain/account.messages';
import { AccessTokenGuard, CurrentMember, type Member } from './access-token.guard';

/** Support: a signed-in member's message, emailed to the support inbox and confirmed to them. */
@UseGuards(AccessTokenGuard)
@Controller('support')
export class SupportController {
  constructor(private readonly messages: SupportMessagesService) {}

  @Post('messages')
  @HttpCode(201)
  async send(
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(supportMessageBody, { fieldInMessage: false }))
    body: Required<SupportMessageBody>,
  ) {
    return { success: true, message: M.supportMessageSent, data: await this.messages.send(member.id, body) };
  }
}
