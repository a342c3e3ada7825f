import { Injectable } from '@nestjs/common';
import { MemberAccounts } from '@arena/identity';
import { JobName, JobsService, type JobHandler, type JobPayloads } from '@arena/jobs';
import { PaymentsClock } from '@arena/payments';
import { causes, derivedEventIds, endRefundWindowJobId } from '../referral-ids';
import { ReferralStreams } from '../referral-streams';

export type WindowOutcome = 'released' | 'voided' | 'not-due' | 'settled';

/**
 * EndRefundWindow: a reward's refund window is over (on the payments clock): released if the payment was
 * kept and both accounts are open, else voided with the reason. The facts carry the window's end, so a
 * late run records what a timely one would. Too early (the clock is behind the queue): it queues itself
 * again for the window's end.
 */
@Injectable()
export class EndRefundWindowProcessor implements JobHandler<JobName.EndRefundWindow> {
  readonly jobName = JobName.EndRefundWindow;

  constructor(
    private readonly streams: ReferralStreams,
    private readonly accounts: MemberAccounts,
    private readonly clock: PaymentsClock,
    private readonly jobs: JobsService,
  ) {}

  async handle({ referrerId, rewardId }: JobPayloads[JobName.EndRefundWindow]): Promise<string> {
    const now = await this.clock.now();
    const outcome = await this.endWindow(referrerId, rewardId, now);
    if (outcome.outcome === 'not-due') {
      await this.jobs.enqueue(
        JobName.EndRefundWindow,
        { referrerId, rewardId },
        {
          jobId: `${endRefundWindowJobId(rewardId)}-at-${now.getTime()}`,
          delay: Math.max(1000, Date.parse(outcome.endsAt) - now.getTime()),
        },
      );
    }
    return `reward ${rewardId}: ${outcome.outcome}`;
  }

  load(referrerId: string) {
    return this.streams.load(referrerId);
  }

  async endWindow(
    referrerId: string,
    rewardId: string,
    now: Date,
  ): Promise<{ outcome: WindowOutcome; endsAt: string }> {
    const state = await this.streams.load(referrerId);
    const reward = state.rewards[rewardId];
    if (!reward) return { outcome: 'settled', endsAt: '' };
    const endsAt = reward.accrued.refundWindowEndsAt;
    if (reward.status !== 'pending') return { outcome: 'settled', endsAt };
    if (now.getTime() < Date.parse(endsAt)) return { outcome: 'not-due', endsAt };
    const [referrerActive, referredActive] = await Promise.all([
      this.accounts.isActive(referrerId),
      this.accounts.isActive(reward.accrued.referredMemberId),
    ]);
    const { events } = await this.streams.execute(
      {
        type: 'EndRefundWindow',
        data: { referrerId, rewardId, now: now.toISOString(), referrerActive, referredActive },
      },
      derivedEventIds(causes.windowEnded(rewardId)),
    );
    const appended = events[0]?.type;
    return {
      outcome:
        appended === 'ReferralRewardVoided'
          ? 'voided'
          : appended === 'ReferralRewardReleased'
            ? 'released'
            : 'settled',
      endsAt,
    };
  }
}
