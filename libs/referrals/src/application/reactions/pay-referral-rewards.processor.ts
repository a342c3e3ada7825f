import { Injectable } from '@nestjs/common';
import { JobName, type JobHandler, type JobPayloads } from '@arena/jobs';
import { PaymentsClock } from '@arena/payments';
import { previousMonthOf } from '../../domain/referral.decider';
import { ReferralPayouts } from './referral-payouts';

/** PayReferralRewards: the month's payout run (the clock's previous month unless the job names one). */
@Injectable()
export class PayReferralRewardsProcessor implements JobHandler<JobName.PayReferralRewards> {
  readonly jobName = JobName.PayReferralRewards;

  constructor(
    private readonly payouts: ReferralPayouts,
    private readonly clock: PaymentsClock,
  ) {}

  async handle({ month }: JobPayloads[JobName.PayReferralRewards]): Promise<string> {
    const now = await this.clock.now();
    const paying = month ?? previousMonthOf(now);
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(paying)) return `month ${paying}: not a month, nothing paid`;
    const summary = await this.payouts.payMonth(paying, now);
    return `referral payout ${paying}: ${summary.paid} members paid ${summary.amountCents} cents, ${summary.withoutAccount} without a payout account`;
  }
}
