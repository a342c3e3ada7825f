import { Module, type OnModuleInit } from '@nestjs/common';
import { IdentityModule, SignUpListeners } from '@arena/identity';
import { PaymentEventHandlers, PaymentsClockListeners } from '@arena/payments';
import { EndRefundWindowProcessor } from './application/reactions/end-refund-window.processor';
import { MyReferralsQuery } from './application/queries/my-referrals.query';
import { PayReferralRewardsProcessor } from './application/reactions/pay-referral-rewards.processor';
import { PayoutAccountUpdatedHandler } from './application/reactions/payout-account-updated.handler';
import { RecheckPayoutAccountsProcessor } from './application/reactions/recheck-payout-accounts.processor';
import { ReferralPayoutReversedHandler } from './application/reactions/referral-payout-reversed.handler';
import { PayoutAccountsService } from './application/commands/payout-accounts.service';
import { ReferralAccrual } from './application/reactions/referral-accrual';
import { ReferralAccrualReactor } from './application/reactions/referral-accrual.reactor';
import { ReferralClock } from './application/referral-clock';
import { ReferralPayouts } from './application/reactions/referral-payouts';
import { ReferralRegistrations } from './application/reactions/referral-registrations';
import { ReferralStreams } from './application/referral-streams';
import { PayoutAccountRateLimiter } from './infrastructure/payout-account-rate-limiter';
import { ReferralPayoutScheduler } from './infrastructure/referral-payout.scheduler';
import { ReferralsController } from './infrastructure/referrals.controller';
import { ReferralsRepository } from './infrastructure/referrals.repository';

/**
 * Referral rewards (issue 13, docs/referrals.md): registration, accrual, refund windows, monthly payouts,
 * payout accounts and /api/referrals. Needs the global PaymentsModule (Payments, PaymentsClock,
 * PaymentEventHandlers), DatabaseModule, EVENT_STORE, REDIS and JobsModule.
 */
@Module({
  imports: [IdentityModule],
  controllers: [ReferralsController],
  providers: [
    ReferralStreams,
    ReferralsRepository,
    ReferralRegistrations,
    ReferralAccrual,
    EndRefundWindowProcessor,
    ReferralPayouts,
    PayReferralRewardsProcessor,
    ReferralClock,
    PayoutAccountsService,
    PayoutAccountUpdatedHandler,
    RecheckPayoutAccountsProcessor,
    ReferralPayoutReversedHandler,
    PayoutAccountRateLimiter,
    MyReferralsQuery,
  ],
  exports: [
    ReferralStreams,
    ReferralRegistrations,
    ReferralAccrual,
    ReferralPayouts,
    ReferralClock,
    EndRefundWindowProcessor,
    PayReferralRewardsProcessor,
    RecheckPayoutAccountsProcessor,
  ],
})
export class ReferralsModule implements OnModuleInit {
  constructor(
    private readonly handlers: PaymentEventHandlers,
    private readonly payoutAccountUpdated: PayoutAccountUpdatedHandler,
    private readonly payoutReversed: ReferralPayoutReversedHandler,
    private readonly signUps: SignUpListeners,
    private readonly registrations: ReferralRegistrations,
    private readonly clock: ReferralClock,
    private readonly clockListeners: PaymentsClockListeners,
  ) {}

  onModuleInit() {
    this.handlers.register(this.payoutAccountUpdated);
    this.handlers.register(this.payoutReversed);
    this.signUps.register((memberId) => this.registrations.afterSignUp(memberId));
    // A jump of the local test clock does at once what the delayed jobs and the monthly job would have done.
    this.clockListeners.register(this.clock.listener);
  }
}

/** The worker's part: the accrual's reactor (run by the reaction runner) and the monthly payout's schedule. */
@Module({
  imports: [ReferralsModule],
  providers: [ReferralAccrualReactor, ReferralPayoutScheduler],
  exports: [ReferralAccrualReactor],
})
export class ReferralsWorkerModule {}
