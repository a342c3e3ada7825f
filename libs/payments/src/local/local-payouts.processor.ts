import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { JobName, type JobHandler } from '@arena/jobs';
import { Payments } from '../payments.port';
import { LocalPayments } from './local-payments';

/**
 * Runs in the worker every minute (a periodic job): the local driver's stand-in for Stripe's automatic payouts
 * of connected accounts (LocalPayments.runPayouts: `payout.created`, then `payout.paid` or `payout.failed`, to
 * the Connect endpoint). With Stripe it does nothing: Stripe pays connected accounts out on their own schedule.
 */
@Injectable()
export class LocalPayoutsProcessor implements JobHandler<JobName.RunLocalPayouts> {
  readonly jobName = JobName.RunLocalPayouts;

  constructor(
    private readonly payments: Payments,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(): Promise<string> {
    if (!(this.payments instanceof LocalPayments)) return 'Stripe pays connected accounts out itself';
    if (!this.config.LOCAL_AUTOMATIC_PAYOUTS)
      return 'local automatic payouts are off (LOCAL_AUTOMATIC_PAYOUTS)';
    const outcomes = await this.payments.runPayouts();
    const failed = outcomes.filter((outcome) => outcome.status === 'failed').length;
    return `local payouts: ${outcomes.length - failed} paid, ${failed} failed`;
  }
}
