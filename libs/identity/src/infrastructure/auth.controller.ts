import { Body, Controller, Get, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { keptUserAgent } from '../domain/sign-in-device';
import { AuthMessages as M } from '../domain/auth.messages';
import { CodeResendService } from '../application/commands/code-resend.service';
import { LoginService } from '../application/commands/login.service';
import { MemberProfileQuery } from '../application/queries/member-profile.query';
import { RefreshTokensService } from '../application/commands/refresh-tokens.service';
import { SignUpService } from '../application/commands/sign-up.service';
import { AccessTokenGuard, CurrentMember, type Member } from './access-token.guard';
import { AuthBodyPipe } from './auth-body.pipe';
import {
  loginBody,
  refreshTokenBody,
  resendCodeBody,
  signUpBody,
  unlockSignInBody,
  verifyEmailBody,
  verifyLoginBody,
  verifyPhoneBody,
} from '@arena/contracts';
import type {
  LoginDto,
  RefreshTokenDto,
  ResendCodeDto,
  SignUpDto,
  UnlockSignInDto,
  VerifyCodeDto,
} from './auth.dto';
import { ClientIp } from './client-ip.decorator';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly signUps: SignUpService,
    private readonly logins: LoginService,
    private readonly resends: CodeResendService,
    private readonly refreshTokens: RefreshTokensService,
    private readonly profiles: MemberProfileQuery,
  ) {}

  @Post('signup')
  @HttpCode(200)
  async signUp(@Body(new AuthBodyPipe(signUpBody)) body: SignUpDto, @ClientIp() ip: string) {
    return { success: true, message: M.signUpCodesSent, data: await this.signUps.start(body, ip) };
  }

  @Post('verify/email')
  @HttpCode(200)
  async verifyEmail(
    @Body(new AuthBodyPipe(verifyEmailBody)) body: VerifyCodeDto,
    @ClientIp() ip: string,
    @Headers('user-agent') userAgent?: string,
  ) {
    return verificationAnswer(await this.signUps.verify('email', body, ip, keptUserAgent(userAgent)));
  }

  @Post('verify/phone')
  @HttpCode(200)
  async verifyPhone(
    @Body(new AuthBodyPipe(verifyPhoneBody)) body: VerifyCodeDto,
    @ClientIp() ip: string,
    @Headers('user-agent') userAgent?: string,
  ) {
    return verificationAnswer(await this.signUps.verify('phone', body, ip, keptUserAgent(userAgent)));
  }

  @Post('login')
  @HttpCode(200)
  async login(@Body(new AuthBodyPipe(loginBody)) body: LoginDto, @ClientIp() ip: string) {
    return { success: true, message: M.loginCodeSent, data: await this.logins.start(body, ip) };
  }

  @Post('login/verify')
  @HttpCode(200)
  async verifyLogin(
    @Body(new AuthBodyPipe(verifyLoginBody)) body: VerifyCodeDto,
    @ClientIp() ip: string,
    @Headers('user-agent') userAgent?: string,
  ) {
    return {
      success: true,
      message: M.loginSuccessful,
      data: { tokens: await this.logins.verify(body, ip, keptUserAgent(userAgent)) },
    };
  }

  /** The emailed "it was me" link's page posts its token here. */
  @Post('unlock')
  @HttpCode(200)
  async unlock(@Body(new AuthBodyPipe(unlockSignInBody)) body: UnlockSignInDto, @ClientIp() ip: string) {
    await this.logins.unlock(body.token, ip);
    return { success: true, message: M.signInUnlocked };
  }

  @Post('resend')
  @HttpCode(200)
  async resend(@Body(new AuthBodyPipe(resendCodeBody)) body: ResendCodeDto, @ClientIp() ip: string) {
    await this.resends.resend(body, ip);
    return { success: true, message: M.codeResent };
  }

  /** The pair sits both under `tokens` and flat, the two shapes the spec's refresh answer has been seen in. */
  @Post('refresh')
  @HttpCode(200)
  async refresh(@Body(new AuthBodyPipe(refreshTokenBody)) body: RefreshTokenDto) {
    const tokens = await this.refreshTokens.rotate(body.refreshToken);
    return { success: true, data: { tokens, ...tokens } };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Body(new AuthBodyPipe(refreshTokenBody)) body: RefreshTokenDto) {
    await this.refreshTokens.revoke(body.refreshToken);
    return { success: true, message: M.loggedOut };
  }

  @Get('profile')
  @UseGuards(AccessTokenGuard)
  async profile(@CurrentMember() member: Member) {
    return { success: true, data: await this.profiles.profile(member.id) };
  }
}

function verificationAnswer(result: Awaited<ReturnType<SignUpService['verify']>>) {
  return result.complete
    ? { success: true, message: result.message, data: { complete: true, tokens: result.tokens } }
    : { success: true, message: result.message, data: { complete: false } };
}
