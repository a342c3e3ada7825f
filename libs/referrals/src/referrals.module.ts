import { Logger, Module, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { IdentityModule, SignUpListeners } from '@arena/identity';
import * as payments from '@arena/payments';
import { PaymentEventHandlers } from '@arena/payments';
import { EndRefundWindowProcessor } from './application/end-refund-window.processor';
import { MyReferralsQuery } from './application/my-referrals.query';
import { PayReferralRewardsProcessor } from './application/pay-referral-rewards.processor';
import { PayoutAccountUpdatedHandler } from './application/payout-account-updated.handler';
import { PayoutAccountsService } from './application/payout-accounts.service';
import { ReferralAccrual } from './application/referral-accrual';
import { ReferralClock, type ClockListener } from './application/referral-clock';
import { referralClockProvider } from './application/referral-clock.token';
import { ReferralPayouts } from './application/referral-payouts';
import { ReferralRegistrations } from './application/referral-registrations';
import { ReferralStreams } from './application/referral-streams';
import { PayoutAccountRateLimiter } from './infrastructure/payout-account-rate-limiter';
import { ReferralAccrualFollower } from './infrastructure/referral-accrual.follower';
import { ReferralPayoutScheduler } from './infrastructure/referral-payout.scheduler';
import { ReferralsController } from './infrastructure/referrals.controller';
import { ReferralsRepository } from './infrastructure/referrals.repository';

interface ClockListenerRegistry {
  register(listener: ClockListener): void;
}

/**
 * The payments engineer's `PaymentsClockListeners` (libs/payments), looked up by name so this module runs
 * before and after it lands: `register(fn(from, to) => Promise<void>)`. Without it, advancing the test clock
 * leaves the delayed jobs and the monthly job to do the work in wall time.
 */
function clockListeners(moduleRef: ModuleRef): ClockListenerRegistry | undefined {
  const token = (payments as Record<string, unknown>)['PaymentsClockListeners'];
  if (typeof token !== 'function') return undefined;
  try {
    return moduleRef.get(token as abstract new () => ClockListenerRegistry, { strict: false });
  } catch {
    return undefined;
  }
}

/**
 * Referral rewards (issue 13, docs/referrals.md): registration, accrual, refund windows, monthly payouts,
 * payout accounts and /api/referrals. Needs the global PaymentsModule (Payments, PaymentsClock,
 * PaymentEventHandlers), DatabaseModule, EVENT_STORE, REDIS and JobsModule.
 */
@Module({
  imports: [IdentityModule],
  controllers: [ReferralsController],
  providers: [
    referralClockProvider,
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
  ],
})
export class ReferralsModule implements OnModuleInit {
  private readonly logger = new Logger('ReferralsModule');

  constructor(
    private readonly handlers: PaymentEventHandlers,
    private readonly payoutAccountUpdated: PayoutAccountUpdatedHandler,
    private readonly signUps: SignUpListeners,
    private readonly registrations: ReferralRegistrations,
    private readonly clock: ReferralClock,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit() {
    this.handlers.register(this.payoutAccountUpdated);
    this.signUps.register((memberId) => this.registrations.afterSignUp(memberId));
    const listeners = clockListeners(this.moduleRef);
    if (listeners) listeners.register(this.clock.listener);
    else this.logger.warn('no PaymentsClockListeners: test clock jumps wait for the jobs in wall time');
  }
}

/** The worker's part: the accrual on the event log and the monthly payout's schedule. */
@Module({
  imports: [ReferralsModule],
  providers: [ReferralAccrualFollower, ReferralPayoutScheduler],
})
export class ReferralsWorkerModule {}
