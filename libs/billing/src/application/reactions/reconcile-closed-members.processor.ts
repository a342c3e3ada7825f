import { Injectable, Logger } from '@nestjs/common';
import { MemberAccounts } from '@arena/identity';
import { JobName, type JobHandler } from '@arena/jobs';
import { Payments } from '@arena/payments';
import { SubscriptionEndings } from '../commands/subscription-endings';

/** Subscriptions asked of the provider per page. */
const PAGE = 100;

/**
 * Every 15 minutes (jobs.ts periodicJobs; issue 21): the provider's live subscriptions are read page by page,
 * and each whose member (its metadata) closed their account is canceled now and recorded, as at closing.
 * This is what makes "leaving cancels billing" hold when the cancel at closing failed (the provider down, the
 * API stopped mid-way): the closed account row is the lasting record, this run the retry. A provider failure
 * ends the run; the next one starts again.
 *
 * Cost: one provider page (and one indexed read of accounts) per 100 live subscriptions, so a run grows
 * linearly with the platform's live subscriptions; one cancel per subscription found.
 */
@Injectable()
export class ReconcileClosedMembersProcessor implements JobHandler<JobName.ReconcileClosedMembersBilling> {
  readonly jobName = JobName.ReconcileClosedMembersBilling;
  private readonly logger = new Logger('ReconcileClosedMembers');

  constructor(
    private readonly payments: Payments,
    private readonly accounts: MemberAccounts,
    private readonly endings: SubscriptionEndings,
  ) {}

  async handle(): Promise<string> {
    const { looked, canceled } = await this.reconcile();
    return `${looked} live subscription(s) looked at, ${canceled.length} of closed members canceled`;
  }

  /** The subscriptions canceled, as `{ memberId, subscriptionId }`. */
  async reconcile(): Promise<{
    looked: number;
    canceled: Array<{ memberId: string; subscriptionId: string }>;
  }> {
    const canceled: Array<{ memberId: string; subscriptionId: string }> = [];
    let looked = 0;
    let startingAfter: string | undefined;
    for (;;) {
      const page = await this.payments.listLiveSubscriptions({ startingAfter, limit: PAGE });
      looked += page.data.length;
      const closed = await this.accounts.closedAmong(
        page.data.flatMap((sub) => (sub.memberId ? [sub.memberId] : [])),
      );
      for (const sub of page.data) {
        if (!sub.memberId || !closed.has(sub.memberId)) continue;
        if (await this.endings.endOfClosedMember(sub.memberId, sub.subscriptionId)) {
          canceled.push({ memberId: sub.memberId, subscriptionId: sub.subscriptionId });
          this.logger.warn(
            { memberId: sub.memberId, subscriptionId: sub.subscriptionId },
            'a closed member still had a live subscription: canceled now',
          );
        }
      }
      if (!page.hasMore || page.data.length === 0) break;
      startingAfter = page.data.at(-1)!.subscriptionId;
    }
    return { looked, canceled };
  }
}
