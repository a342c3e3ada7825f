import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CodeResendService } from '../application/commands/code-resend.service';
import { ContactChangeService } from '../application/commands/contact-change.service';
import { AuthMessages as M } from '../domain/auth.messages';
import { AccessTokenGuard, CurrentMember, type Member } from './access-token.guard';
import { AuthBodyPipe } from './auth-body.pipe';
import {
  changeEmailBody,
  changePhoneBody,
  contactResendBody,
  verifyEmailBody,
  verifyPhoneBody,
} from '@arena/contracts';
import type { ChangeEmailDto, ChangePhoneDto, ContactResendDto, VerifyCodeDto } from './auth.dto';
import { ClientIp } from './client-ip.decorator';

/** A signed-in member changing their own email or phone: a code to the new address confirms it. */
@Controller('auth/contact')
@UseGuards(AccessTokenGuard)
export class ContactChangeController {
  constructor(
    private readonly changes: ContactChangeService,
    private readonly resends: CodeResendService,
  ) {}

  @Post('email')
  @HttpCode(200)
  async changeEmail(
    @CurrentMember() member: Member,
    @Body(new AuthBodyPipe(changeEmailBody)) body: ChangeEmailDto,
    @ClientIp() ip: string,
  ) {
    const data = await this.changes.start(member.id, 'email', body.email, ip);
    return { success: true, message: M.emailChangeCodeSent, data };
  }

  @Post('email/verify')
  @HttpCode(200)
  async confirmEmail(
    @CurrentMember() member: Member,
    @Body(new AuthBodyPipe(verifyEmailBody)) body: VerifyCodeDto,
    @ClientIp() ip: string,
  ) {
    const data = await this.changes.confirm(member, 'email', body, ip);
    return { success: true, message: M.emailChanged, data };
  }

  @Post('phone')
  @HttpCode(200)
  async changePhone(
    @CurrentMember() member: Member,
    @Body(new AuthBodyPipe(changePhoneBody)) body: ChangePhoneDto,
    @ClientIp() ip: string,
  ) {
    const data = await this.changes.start(member.id, 'phone', body.phoneNumber, ip);
    return { success: true, message: M.phoneChangeCodeSent, data };
  }

  @Post('phone/verify')
  @HttpCode(200)
  async confirmPhone(
    @CurrentMember() member: Member,
    @Body(new AuthBodyPipe(verifyPhoneBody)) body: VerifyCodeDto,
    @ClientIp() ip: string,
  ) {
    const data = await this.changes.confirm(member, 'phone', body, ip);
    return { success: true, message: M.phoneChanged, data };
  }

  @Post('resend')
  @HttpCode(200)
  async resend(
    @CurrentMember() member: Member,
    @Body(new AuthBodyPipe(contactResendBody)) body: ContactResendDto,
    @ClientIp() ip: string,
  ) {
    await this.resends.resendContactChange(member.id, body, ip);
    return { success: true, message: M.codeResent };
  }
}
