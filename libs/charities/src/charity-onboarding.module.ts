import { Module, type OnModuleInit } from '@nestjs/common';
import { MemberAccounts } from '@arena/identity';
import { NotificationsModule } from '@arena/notifications';
import { PaymentEventHandlers } from '@arena/payments';
import { AccountUpdatedHandler } from './application/reactions/account-updated.handler';
import { CharityOnboardingService } from './application/commands/charity-onboarding.service';
import { CharityPaymentAccounts } from './application/commands/charity-payment-accounts.service';
import { CharityProfilesService } from './application/queries/charity-profiles.service';
import { CharityStreamRepository } from './application/charity-stream.repository';
import { FeaturedStoriesService } from './application/queries/featured-stories.service';
import { ImpactStoriesService } from './application/commands/impact-stories.service';
import { CharitiesModule } from './charities.module';
import { CharitiesController } from './infrastructure/charities.controller';
import { AdminCharitiesController } from './infrastructure/admin-charities.controller';
import { ClaimLock } from './infrastructure/claim-lock';
import { CharityReviewsService } from './application/commands/charity-reviews.service';
import { CharityOnboardingsRepository } from './infrastructure/charity-onboardings.repository';
import { ImpactStoriesController } from './infrastructure/impact-stories.controller';
import { ImpactStoriesRepository } from './infrastructure/impact-stories.repository';
import { ImpactStoryLikesRepository } from './infrastructure/impact-story-likes.repository';
import { OnboardingCodesRepository } from './infrastructure/onboarding-codes.repository';
import { CharityLogosService } from './application/commands/charity-logos.service';
import { ManagedCharity } from './application/managed-charity';
import { CharityLogoRateLimiter } from './infrastructure/charity-logo-rate-limiter';
import { CharityLogosController } from './infrastructure/charity-logos.controller';
import { CharityLogosRepository } from './infrastructure/charity-logos.repository';

/**
 * Onboarded charities (docs/charities.md "Onboarding"): the charity-{ein} streams, onboarding with a
 * connected payout account and an email code, profiles and impact stories. Needs the global
 * PaymentsModule (Payments, PaymentEventHandlers), DatabaseModule, EVENT_STORE and JobsModule.
 */
@Module({
  imports: [CharitiesModule, NotificationsModule],
  controllers: [
    CharitiesController,
    CharityLogosController,
    ImpactStoriesController,
    AdminCharitiesController,
  ],
  providers: [
    CharityStreamRepository,
    CharityOnboardingsRepository,
    OnboardingCodesRepository,
    ImpactStoriesRepository,
    CharityOnboardingService,
    CharityProfilesService,
    ImpactStoriesService,
    ImpactStoryLikesRepository,
    FeaturedStoriesService,
    AccountUpdatedHandler,
    CharityPaymentAccounts,
    CharityReviewsService,
    ClaimLock,
    MemberAccounts,
    ManagedCharity,
    CharityLogosService,
    CharityLogosRepository,
    CharityLogoRateLimiter,
  ],
  exports: [CharityOnboardingService, CharityStreamRepository, ImpactStoriesService, CharityReviewsService],
})
export class CharityOnboardingModule implements OnModuleInit {
  constructor(
    private readonly handlers: PaymentEventHandlers,
    private readonly accountUpdated: AccountUpdatedHandler,
  ) {}

  onModuleInit() {
    this.handlers.register(this.accountUpdated);
  }
}
