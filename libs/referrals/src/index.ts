export { ReferralsModule, ReferralsWorkerModule } from './referrals.module';
export { EndRefundWindowProcessor } from './application/end-refund-window.processor';
export { PayReferralRewardsProcessor } from './application/pay-referral-rewards.processor';
export { ReferralPayouts, type MonthPayoutSummary } from './application/referral-payouts';
export { ReferralClock, monthStartsCrossed, type ClockListener } from './application/referral-clock';
export { ReferralAccrual } from './application/referral-accrual';
export { ReferralAccrualReactor } from './application/reactions/referral-accrual.reactor';
export { ReferralRegistrations } from './application/referral-registrations';
export { ReferralStreams } from './application/referral-streams';
export { ReferralError } from './domain/referral.errors';
export {
  REFUND_WINDOW_DAYS,
  payoutPlan,
  previousMonthOf,
  referralDecider,
  rewardIdOf,
  type ReferralState,
} from './domain/referral.decider';
// For the demo seed: payout accounts and the guard rows beside the events.
export { PayoutAccountsService } from './application/payout-accounts.service';
export { ReferralsRepository } from './infrastructure/referrals.repository';
export { seedDemoReferrals, DEMO_CLOCK_DAYS, type DemoReferralsOutcome } from './seed/demo-referrals';
