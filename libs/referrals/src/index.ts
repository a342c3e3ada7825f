export { ReferralsModule, ReferralsWorkerModule } from './referrals.module';
export { EndRefundWindowProcessor } from './application/reactions/end-refund-window.processor';
export { PayReferralRewardsProcessor } from './application/reactions/pay-referral-rewards.processor';
export {
  RecheckPayoutAccountsProcessor,
  PAYOUT_ACCOUNT_RECHECK_BATCH,
} from './application/reactions/recheck-payout-accounts.processor';
export { ReferralPayouts, type MonthPayoutSummary } from './application/reactions/referral-payouts';
export { ReferralClock, monthStartsCrossed, type ClockListener } from './application/referral-clock';
export { ReferralAccrual } from './application/reactions/referral-accrual';
export { ReferralAccrualReactor } from './application/reactions/referral-accrual.reactor';
export { ReferralRegistrations } from './application/reactions/referral-registrations';
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
export { PayoutAccountsService } from './application/commands/payout-accounts.service';
export { ReferralsRepository } from './infrastructure/referrals.repository';
export { seedDemoReferrals, DEMO_CLOCK_DAYS, type DemoReferralsOutcome } from './seed/demo-referrals';
