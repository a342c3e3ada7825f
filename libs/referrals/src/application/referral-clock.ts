import { Injectable, Logger } from '@nestjs/common';
import { monthOf, startOfNextMonth } from '../domain/referral.decider';
import { ReferralsRepository } from '../infrastructure/referrals.repository';
import { EndRefundWindowProcessor } from './reactions/end-refund-window.processor';
import { ReferralPayouts } from './reactions/referral-payouts';

/** What the payments clock's listeners are called with: the clock moved from `from` to `to`. */
export type ClockListener = (from: Date, to: Date) => Promise<void>;

/**
 * The test clock moved (the local driver's advance-clock): what real time would have done in between,
 * in the order it would have done it. For each 1st of a month crossed, the refund windows that ended
 * before it are ended, then that month's payout runs; then the windows ended by `to`. The facts carry
 * the windows' ends and months, so a jump records what a straight run records; the delayed jobs that
 * fall due later in wall time find their rewards settled and do nothing.
 */
@Injectable()
export class ReferralClock {
  private readonly logger = new Logger('ReferralClock');

  constructor(
    private readonly repository: ReferralsRepository,
    private readonly windows: EndRefundWindowProcessor,
    private readonly payouts: ReferralPayouts,
  ) {}

  readonly listener: ClockListener = (from, to) => this.advanced(from, to);

  async advanced(from: Date, to: Date): Promise<void> {
    for (const boundary of monthStartsCrossed(from, to)) {
      await this.endWindowsBefore(boundary);
      const month = monthOf(new Date(boundary.getTime() - 1));
      const summary = await this.payouts.payMonth(month, boundary);
      this.logger.log(`clock crossed ${boundary.toISOString()}: paid ${summary.paid} members for ${month}`);
    }
    await this.endWindowsBefore(to);
  }

  /** Ends every pending reward's window that ended at or before `until`, oldest first. */
  private async endWindowsBefore(until: Date): Promise<void> {
    for (const referrerId of await this.repository.referrers()) {
      const state = await this.windows.load(referrerId);
      const due = Object.values(state.rewards)
        .filter(
          ({ status, accrued }) =>
            status === 'pending' && Date.parse(accrued.refundWindowEndsAt) <= until.getTime(),
        )
        .sort((a, b) => a.accrued.refundWindowEndsAt.localeCompare(b.accrued.refundWindowEndsAt));
      for (const { accrued } of due) await this.windows.endWindow(referrerId, accrued.rewardId, until);
    }
  }
}

/** The 1sts of months (UTC) in (from, to]. */
export function monthStartsCrossed(from: Date, to: Date): Date[] {
  const starts: Date[] = [];
  let next = startOfNextMonth(monthOf(from));
  while (next.getTime() <= to.getTime()) {
    starts.push(next);
    next = startOfNextMonth(monthOf(next));
  }
  return starts;
}
