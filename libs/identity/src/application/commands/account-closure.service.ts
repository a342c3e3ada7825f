import { Inject, Injectable } from '@nestjs/common';
import { JobName, JobsService } from '@arena/jobs';
import { AccountMessages as M, ERASE_AFTER_DAYS } from '../../domain/account.messages';
import { AccountClosureListeners } from '../account-closure-listeners';
import { CLOCK, type Clock } from '../../domain/clock';
import { invalid, unauthorized } from '../../domain/identity.errors';
import { AccountErasureRepository } from '../../infrastructure/account-erasure.repository';
import { AccountsRepository } from '../../infrastructure/accounts.repository';
import { EndedSignIns } from '../../infrastructure/ended-sign-ins';

const DAY_MS = 24 * 3600 * 1000;

/** The erasure job of an account: one per account, so closing again never queues a second. */
export const eraseJobId = (accountId: string) => `erase-${accountId}`;

/**
 * A member closes their account: signed out everywhere at once, the erasure of their personal data
 * queued for `erase_after`, and the contexts that listen told (billing ends the subscriptions). A repeat
 * (or 50 at once) closes once and answers the same date.
 */
@Injectable()
export class AccountClosureService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly accounts: AccountsRepository,
    private readonly erasure: AccountErasureRepository,
    private readonly endedSignIns: EndedSignIns,
    private readonly jobs: JobsService,
    private readonly listeners: AccountClosureListeners,
  ) {}

  async close(memberId: string, confirmUsername: string): Promise<{ erasesAt: string }> {
    const account = await this.accounts.findById(memberId);
    if (!account) throw unauthorized();
    if (confirmUsername.toLowerCase() !== account.username.toLowerCase()) throw invalid(M.usernameMismatch);
    const now = this.clock.now();
    const closure = await this.erasure.close(
      account,
      now,
      new Date(now.getTime() + ERASE_AFTER_DAYS * DAY_MS),
    );
    this.accounts.forgetCachedMember(memberId);
    // By every concurrent call, not only the one that closed: Redis is told even if that one failed to tell it.
    // Past that, the guard refuses a closed account anyway (its member cache lasts 30 seconds).
    await this.endedSignIns.end(closure.endedSignIns);
    // Queued by every call for the same reason; the job id keeps it to one.
    await this.jobs.enqueue(
      JobName.EraseClosedAccount,
      { accountId: memberId },
      { jobId: eraseJobId(memberId), delay: Math.max(0, closure.eraseAfter.getTime() - Date.now()) },
    );
    // Issue 21: billing cancels the member's subscriptions now (told by every call, like the erasure).
    await this.listeners.notify(memberId);
    return { erasesAt: closure.eraseAfter.toISOString() };
  }
}
