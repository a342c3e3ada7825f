import { Injectable, Logger } from '@nestjs/common';
import { JobName, type JobHandler } from '@arena/jobs';
import { CharityOnboardingsRepository } from '../../infrastructure/charity-onboardings.repository';
import {
  CharityPaymentAccounts,
  type AccountRecordOutcome,
} from '../commands/charity-payment-accounts.service';

/** Accounts asked about per run. */
export const RECHECK_BATCH = 50;

/**
 * Every 15 minutes (jobs.ts periodicJobs): charities whose connected account is not yet able to take
 * payouts, the longest unasked first, each asked of the provider and its answer recorded as account.updated
 * would (CharityPaymentAccounts). A lost or misrouted webhook then delays a verification by one run, not
 * for ever.
 *
 * Cost: each run reads at most RECHECK_BATCH pending rows through a partial index (pending rows only) and
 * makes at most RECHECK_BATCH provider reads, whatever the number of charities: 200 reads an hour at most,
 * far under Stripe's read limits. With P accounts pending, each is asked about every ceil(P / RECHECK_BATCH)
 * runs, so the wait grows linearly with P / RECHECK_BATCH (50 pending: every run; 500: every 2.5 hours),
 * and accounts abandoned mid-onboarding stay in the rotation at that cost. The provider failing ends the
 * run at once (the next run tries again): an outage costs one failed read per run, not a batch of them.
 */
@Injectable()
export class RecheckPaymentAccountsProcessor implements JobHandler<JobName.RecheckPaymentAccounts> {
  readonly jobName = JobName.RecheckPaymentAccounts;
  private readonly logger = new Logger('RecheckPaymentAccounts');
  /** RECHECK_BATCH; a test may take fewer. */
  batchSize = RECHECK_BATCH;

  constructor(
    private readonly onboardings: CharityOnboardingsRepository,
    private readonly accounts: CharityPaymentAccounts,
  ) {}

  async handle(): Promise<string> {
    const pending = await this.onboardings.pendingAccounts(this.batchSize);
    const outcomes = new Map<AccountRecordOutcome, number>();
    for (const row of pending) {
      const outcome = await this.accounts.recheckRow(row);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      if (outcome === 'provider_failed') {
        this.logger.warn(
          { asked: [...outcomes.values()].reduce((a, b) => a + b, 0) },
          'provider failing: run ended',
        );
        break;
      }
    }
    const counts = [...outcomes].map(([outcome, n]) => `${n} ${outcome}`).join(', ');
    return `${pending.length} pending account(s) taken${counts ? `: ${counts}` : ''}`;
  }
}
