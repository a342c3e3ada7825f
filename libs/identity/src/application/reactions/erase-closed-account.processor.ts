import { Inject, Injectable } from '@nestjs/common';
import { JobName, type JobHandler, type JobPayloads } from '@arena/jobs';
import { CLOCK, type Clock } from '../../domain/clock';
import { AccountErasureRepository } from '../../infrastructure/account-erasure.repository';
import { AccountsRepository } from '../../infrastructure/accounts.repository';

/**
 * A closed account's 30 days are over: its personal data is erased. Safe to run again (the account row
 * says it is done); run before its time (clock skew), it fails so BullMQ tries again later.
 */
@Injectable()
export class EraseClosedAccountProcessor implements JobHandler<JobName.EraseClosedAccount> {
  readonly jobName = JobName.EraseClosedAccount;

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly erasure: AccountErasureRepository,
    private readonly accounts: AccountsRepository,
  ) {}

  async handle({ accountId }: JobPayloads[JobName.EraseClosedAccount]): Promise<string> {
    const erasure = await this.erasure.erase(accountId, this.clock.now());
    switch (erasure.outcome) {
      case 'erased':
        this.accounts.forgetCachedMember(accountId);
        return `erased the personal data of account ${accountId} (now ${erasure.name})`;
      case 'already-erased':
        return `account ${accountId} was already erased`;
      case 'not-closed':
        return `account ${accountId} is not closed: nothing to erase`;
      case 'not-due':
        throw new Error(`account ${accountId} is erased after ${erasure.eraseAfter.toISOString()}, not yet`);
    }
  }
}
