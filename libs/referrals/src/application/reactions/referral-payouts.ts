import { Injectable, Logger } from '@nestjs/common';
import { Payments, PaymentsError } from '@arena/payments';
import { payoutIdOf, payoutPlan } from '../../domain/referral.decider';
import { ReferralsRepository, type PayoutGuard } from '../../infrastructure/referrals.repository';
import { causes, derivedEventIds, payoutIdempotencyKey } from '../referral-ids';
import { ReferralStreams } from '../referral-streams';

export interface MonthPayoutSummary {
  month: string;
  paid: number;
  amountCents: number;
  withoutAccount: number;
}

/**
 * The monthly payout (docs/referrals.md): per referrer, every released, unpaid reward of the month less
 * the clawback owed, in one transfer to the member's payout account, then ReferralRewardPaid. Exactly
 * once per member and month, whatever happens to the run:
 * 1. the plan is fixed in `referral_payouts` (unique member + month) before any money moves; a re-run
 *    reads the same plan back, and an unfinished plan of an earlier month is finished first, so no
 *    reward can be planned twice;
 * 2. the transfer carries the idempotency key `referral-payout-{member}-{month}`: sent again, the provider
 *    answers the first transfer;
 * 3. the event's id derives from member + month: appended again, nothing is added.
 */
@Injectable()
export class ReferralPayouts {
  private readonly logger = new Logger('ReferralPayouts');

  constructor(
    private readonly streams: ReferralStreams,
    private readonly repository: ReferralsRepository,
    private readonly payments: Payments,
  ) {}

  async payMonth(month: string, paidAt: Date): Promise<MonthPayoutSummary> {
    const summary: MonthPayoutSummary = { month, paid: 0, amountCents: 0, withoutAccount: 0 };
    for (const referrerId of await this.repository.referrers()) {
      let outcome: Awaited<ReturnType<ReferralPayouts['payMember']>>;
      try {
        outcome = await this.payMember(referrerId, month, paidAt);
      } catch (error) {
        // The provider refused this member's transfer (issue 20: an account without the transfers capability
        // is refused at creation): nothing moved, the plan stays unfinished and a later run finishes it. It
        // never holds back the other members.
        if (!(error instanceof PaymentsError)) throw error;
        this.logger.warn(`referral payout ${referrerId} ${month} refused: ${error.message}`);
        summary.withoutAccount++;
        continue;
      }
      if (outcome.kind === 'paid') {
        summary.paid++;
        summary.amountCents += outcome.amountCents;
      }
      if (outcome.kind === 'no-account') summary.withoutAccount++;
    }
    return summary;
  }

  async payMember(
    referrerId: string,
    month: string,
    paidAt: Date,
  ): Promise<{ kind: 'paid'; amountCents: number } | { kind: 'nothing' | 'no-account' | 'paid-already' }> {
    // A run that died midway left its plan: finish it (the same transfer, the same event) first.
    for (const unfinished of await this.repository.unfinishedPayouts(referrerId)) {
      if (unfinished.month !== month) await this.complete(unfinished, paidAt);
    }
    const state = await this.streams.load(referrerId);
    let guard = await this.repository.payout(referrerId, month);
    if (!guard) {
      if (state.payoutIds.includes(payoutIdOf(referrerId, month))) return { kind: 'paid-already' };
      const plan = payoutPlan(state, referrerId, month);
      if (!plan) return { kind: 'nothing' };
      const account = await this.repository.payoutAccount(referrerId);
      // Members without a ready payout account keep their released rewards until they add one.
      if (!account || account.status !== 'ready') return { kind: 'no-account' };
      guard = await this.repository.fixPayout({
        referrerId,
        month,
        ...plan,
        destinationAccountId: account.account_id,
      });
    } else if (guard.paidAt) {
      return { kind: 'paid-already' };
    }
    // Two runs at once both complete the same plan (the same transfer, the same event): only the one that
    // closes it reports it, so the runs' summaries add up to what was paid (issue 21).
    if (!(await this.complete(guard, paidAt))) return { kind: 'paid-already' };
    return { kind: 'paid', amountCents: guard.amountCents };
  }

  /** True when this call closed the plan. */
  private async complete(guard: PayoutGuard, paidAt: Date): Promise<boolean> {
    const { referrerId, month } = guard;
    let transferId = guard.transferId ?? '';
    if (guard.amountCents > 0 && !guard.transferId) {
      const transfer = await this.payments.createTransfer({
        amountCents: guard.amountCents,
        destinationAccountId: guard.destinationAccountId,
        transferGroup: payoutIdOf(referrerId, month),
        metadata: { kind: 'referral-payout', referrerId, month },
        idempotencyKey: payoutIdempotencyKey(referrerId, month),
        // Paid from the platform's balance (rewards of several payments): no one charge funds it.
        sourceTransaction: null,
      });
      transferId = transfer.id;
      await this.repository.recordTransfer(referrerId, month, transferId);
    }
    await this.streams.execute(
      {
        type: 'PayRewards',
        data: {
          referrerId,
          month,
          rewardIds: guard.rewardIds,
          grossCents: guard.grossCents,
          clawbackCents: guard.clawbackCents,
          amountCents: guard.amountCents,
          transferId,
          destinationAccountId: guard.destinationAccountId,
          paidAt: paidAt.toISOString(),
        },
      },
      derivedEventIds(causes.paid(referrerId, month)),
    );
    const closed = await this.repository.markPaid(referrerId, month, paidAt);
    if (closed) this.logger.log(`referral payout ${referrerId} ${month}: ${guard.amountCents} cents`);
    return closed;
  }
}
