import { Injectable } from '@nestjs/common';
import { JobName, type JobHandler } from '@arena/jobs';
import { PayoutAccountsService } from '../commands/payout-accounts.service';

/** Accounts asked about per run. */
export const PAYOUT_ACCOUNT_RECHECK_BATCH = 50;

/**
 * Every 15 minutes (jobs.ts periodicJobs): members' payout accounts still onboarding asked of the provider,
 * so a member whose account.updated was lost is ready for the monthly payout without opening the profile.
 *
 * Cost: at most PAYOUT_ACCOUNT_RECHECK_BATCH provider reads and one indexed read of as many rows a run
 * (member_payout_accounts_onboarding, onboarding rows only), whatever the number of members; with P
 * accounts onboarding each is asked every ceil(P / batch) runs, so the wait grows linearly with P / batch,
 * abandoned onboardings included. The provider failing ends the run after one call.
 */
@Injectable()
export class RecheckPayoutAccountsProcessor implements JobHandler<JobName.RecheckPayoutAccounts> {
  readonly jobName = JobName.RecheckPayoutAccounts;
  /** PAYOUT_ACCOUNT_RECHECK_BATCH; a test may take fewer. */
  batchSize = PAYOUT_ACCOUNT_RECHECK_BATCH;

  constructor(private readonly accounts: PayoutAccountsService) {}

  async handle(): Promise<string> {
    const { taken, ready, failed } = await this.accounts.recheckOnboarding(this.batchSize);
    return `${taken} onboarding payout account(s) taken: ${ready} ready${failed ? ', provider failing: run ended' : ''}`;
  }
}
