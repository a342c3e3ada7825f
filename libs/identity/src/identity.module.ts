import { Module } from '@nestjs/common';
import { MemberAccounts } from './infrastructure/member-accounts';
import { NotificationsModule } from '@arena/notifications';
import { AccountNotices } from './application/account-notices';
import { AccountClosureService } from './application/commands/account-closure.service';
import { AccountSessionsService } from './application/commands/account-sessions.service';
import { EraseClosedAccountProcessor } from './application/reactions/erase-closed-account.processor';
import { SupportMessagesService } from './application/commands/support-messages.service';
import { AccountController } from './infrastructure/account.controller';
import { AccountErasureRepository } from './infrastructure/account-erasure.repository';
import { SupportController } from './infrastructure/support.controller';
import { SupportRateLimiter } from './infrastructure/support-rate-limiter';
import { AvatarService } from './application/commands/avatar.service';
import { CodeResendService } from './application/commands/code-resend.service';
import { ContactChangeService } from './application/commands/contact-change.service';
import { LoginService } from './application/commands/login.service';
import { MemberProfileQuery } from './application/queries/member-profile.query';
import { OneTimeCodesService } from './application/commands/one-time-codes.service';
import { PurgeExpiredSignInsProcessor } from './application/reactions/purge-expired-sign-ins.processor';
import { RefreshTokensService } from './application/commands/refresh-tokens.service';
import { SignUpService } from './application/commands/sign-up.service';
import { SignUpListeners } from './application/sign-up-listeners';
import { AccountClosureListeners } from './application/account-closure-listeners';
import { CLOCK, systemClock } from './domain/clock';
import {
  AccessTokenGuard,
  FinanceGuard,
  OptionalAccessTokenGuard,
} from './infrastructure/access-token.guard';
import { AuthController } from './infrastructure/auth.controller';
import { AvatarController } from './infrastructure/avatar.controller';
import { AuthRateLimiter } from './infrastructure/auth-rate-limiter';
import { ContactChangeController } from './infrastructure/contact-change.controller';
import { EndedSignIns } from './infrastructure/ended-sign-ins';
import { AccountAvatarsRepository } from './infrastructure/account-avatars.repository';
import { AccountsRepository } from './infrastructure/accounts.repository';
import { IdentityTransaction } from './infrastructure/identity.transaction';
import { OneTimeCodesRepository } from './infrastructure/one-time-codes.repository';
import { RefreshTokenFamiliesRepository } from './infrastructure/refresh-token-families.repository';
import { SignInSessionsRepository } from './infrastructure/sign-in-sessions.repository';
import { SignInUnlocks } from './infrastructure/sign-in-unlocks';

/**
 * Accounts and sign-in: the /auth calls and the access-token guards. Needs the global ConfigModule,
 * DatabaseModule, RedisModule and JobsModule (codes go out through the notifications outbox).
 */
@Module({
  imports: [NotificationsModule],
  controllers: [
    AuthController,
    ContactChangeController,
    AvatarController,
    AccountController,
    SupportController,
  ],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    AccountsRepository,
    AccountAvatarsRepository,
    SignInSessionsRepository,
    OneTimeCodesRepository,
    RefreshTokenFamiliesRepository,
    IdentityTransaction,
    EndedSignIns,
    AccountNotices,
    AuthRateLimiter,
    SignInUnlocks,
    OneTimeCodesService,
    RefreshTokensService,
    SignUpService,
    LoginService,
    CodeResendService,
    ContactChangeService,
    AvatarService,
    MemberProfileQuery,
    AccessTokenGuard,
    OptionalAccessTokenGuard,
    FinanceGuard,
    PurgeExpiredSignInsProcessor,
    MemberAccounts,
    SignUpListeners,
    AccountClosureListeners,
    AccountErasureRepository,
    AccountSessionsService,
    AccountClosureService,
    EraseClosedAccountProcessor,
    SupportRateLimiter,
    SupportMessagesService,
  ],
  exports: [
    EraseClosedAccountProcessor,
    AccessTokenGuard,
    OptionalAccessTokenGuard,
    FinanceGuard,
    PurgeExpiredSignInsProcessor,
    MemberAccounts,
    SignUpListeners,
    AccountClosureListeners,
  ],
})
export class IdentityModule {}
