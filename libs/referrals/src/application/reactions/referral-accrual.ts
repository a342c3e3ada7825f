import { Injectable } from '@nestjs/common';
import type { PaymentRefunded, SubscriptionPaymentSucceeded } from '@arena/billing/events';
import type { RecordedEvent } from '@arena/event-store';
import { JobName, JobsService } from '@arena/jobs';
import { PaymentsClock } from '@arena/payments';
import { causes, derivedEventIds, endRefundWindowJobId } from '../referral-ids';
import { ReferralRegistrations } from './referral-registrations';
import { ReferralStreams } from '../referral-streams';

/**
 * What referrals do on a referred member's payments: a successful one accrues a reward (and queues the
 * job that ends its refund window), a partial refund lowers it to what the kept part earns, a full refund
 * voids it; once paid, what a refund takes is clawed back. Ids derive from
 * the invoice and the charge, so a redelivered event appends nothing twice.
 */
@Injectable()
export class ReferralAccrual {
  static readonly eventTypes = ['SubscriptionPaymentSucceeded', 'PaymentRefunded'] as const;

  constructor(
    private readonly registrations: ReferralRegistrations,
    private readonly streams: ReferralStreams,
    private readonly jobs: JobsService,
    private readonly clock: PaymentsClock,
  ) {}

  async apply(event: Pick<RecordedEvent, 'type' | 'data'>): Promise<void> {
    if (event.type === 'SubscriptionPaymentSucceeded')
      await this.paymentSucceeded(event.data as SubscriptionPaymentSucceeded['data']);
    if (event.type === 'PaymentRefunded') await this.paymentRefunded(event.data as PaymentRefunded['data']);
  }

  async paymentSucceeded(payment: SubscriptionPaymentSucceeded['data']): Promise<void> {
    const referral = await this.registrations.ensureRegistered(payment.memberId);
    if (!referral) return;
    const { referrerId } = referral;
    const { state } = await this.streams.execute(
      {
        type: 'AccrueReward',
        data: {
          referrerId,
          referredMemberId: payment.memberId,
          invoiceId: payment.invoiceId,
          chargeId: payment.chargeId,
          paymentCents: payment.amountPaidCents,
          paidAt: payment.occurredAt,
          accruedAt: payment.occurredAt,
        },
      },
      derivedEventIds(causes.accrued(payment.invoiceId)),
    );
    const reward = Object.values(state.rewards).find(
      ({ accrued }) => accrued.invoiceId === payment.invoiceId,
    );
    if (!reward || reward.status !== 'pending') return;
    // Queued after the append, every time: the job id makes a redelivery queue nothing new.
    const now = await this.clock.now();
    const rewardId = reward.accrued.rewardId;
    await this.jobs.enqueue(
      JobName.EndRefundWindow,
      { referrerId, rewardId },
      {
        jobId: endRefundWindowJobId(rewardId),
        delay: Math.max(0, Date.parse(reward.accrued.refundWindowEndsAt) - now.getTime()),
      },
    );
  }

  async paymentRefunded(refund: PaymentRefunded['data']): Promise<void> {
    const referral = await this.registrations.ensureRegistered(refund.memberId);
    if (!referral) return;
    await this.streams.execute(
      {
        type: 'RecordRefund',
        data: {
          referrerId: referral.referrerId,
          chargeId: refund.chargeId,
          amountRefundedCents: refund.totalRefundedCents,
          paymentAmountCents: refund.paymentAmountCents,
          refundedAt: refund.occurredAt,
        },
      },
      // A whole refund keeps the id its events were always derived with.
      derivedEventIds(
        refund.totalRefundedCents >= refund.paymentAmountCents
          ? causes.refunded(refund.chargeId)
          : causes.partlyRefunded(refund.chargeId, refund.totalRefundedCents),
      ),
    );
  }
}
