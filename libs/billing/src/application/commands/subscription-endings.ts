import { Injectable, Logger } from '@nestjs/common';
import { Payments } from '@arena/payments';
import type { SubscriptionView } from '../../domain/subscription.view';
import { SubscriptionStreams, providerEventIds } from '../subscription-streams';

type EndReason = 'account_closed' | 'duplicate';

/**
 * Issue 21: subscriptions we end now ourselves (docs/subscriptions.md "Ending now").
 *
 * - A member who closes their account: every live subscription is canceled now, without a proration
 *   refund (the Terms: fees are non-refundable, partly used periods included).
 * - A second subscription, started while another held the plan (two checkouts paid): canceled now and its
 *   payments refunded in full (the Terms refund a duplicate charge).
 *
 * Each cancel is recorded in the member's stream as `SubscriptionCanceled` (reason `account_closed` or
 * `duplicate`) as soon as the provider accepted it; the id derives from the subscription, so however often
 * and concurrently this runs, one event; the provider's idempotency key and its lock on the subscription
 * make one cancel there. A subscription the provider had ended already is left to its own webhook.
 */
@Injectable()
export class SubscriptionEndings {
  private readonly logger = new Logger('SubscriptionEndings');

  constructor(
    private readonly payments: Payments,
    private readonly streams: SubscriptionStreams,
  ) {}

  /** Cancels every live subscription of a member who closed their account; how many it ended now. */
  async endAllOfClosedMember(memberId: string): Promise<number> {
    const { view } = await this.streams.load(memberId);
    let ended = 0;
    for (const sub of view.live) {
      if (await this.endNow(memberId, sub.subscriptionId, 'account_closed')) ended++;
    }
    return ended;
  }

  /**
   * Cancels a subscription of a closed member the provider still has live and our stream may not know
   * (the reconciliation): the same cancel and event as at closing.
   */
  endOfClosedMember(memberId: string, subscriptionId: string): Promise<boolean> {
    return this.endNow(memberId, subscriptionId, 'account_closed');
  }

  /**
   * Cancels each duplicate subscription still live and refunds what is left of each of its payments. Run
   * after every subscription webhook of the member, so a duplicate's payment that arrives later is refunded
   * then; repeats refund nothing twice (the provider refunds only what is left, under one key per payment).
   */
  async settleDuplicates(memberId: string, view: SubscriptionView): Promise<void> {
    const duplicates = new Set(view.duplicateIds);
    if (duplicates.size === 0) return;
    for (const sub of view.live) {
      if (duplicates.has(sub.subscriptionId)) await this.endNow(memberId, sub.subscriptionId, 'duplicate');
    }
    for (const payment of view.payments) {
      const left = payment.amountPaidCents - payment.refundedCents;
      // A payment recorded under its invoice (nothing was charged) has nothing to refund.
      if (!duplicates.has(payment.subscriptionId) || left <= 0 || payment.chargeId.startsWith('in_'))
        continue;
      const refunded = await this.payments.refundPayment({
        paymentId: payment.chargeId,
        reason: 'duplicate',
        idempotencyKey: `duplicate-refund-${payment.chargeId}`,
      });
      if (refunded > 0)
        this.logger.log(
          { memberId, chargeId: payment.chargeId, refunded },
          'duplicate subscription refunded',
        );
    }
  }

  /**
   * A renewal charged to a member who closed their account (the cancel at closing failed and the
   * reconciliation had not run yet): the subscription is canceled now and the renewal refunded in full (the
   * Terms refund a charge made after the cancellation took effect). Repeats refund nothing twice.
   */
  async refundRenewalOfClosedMember(
    memberId: string,
    subscriptionId: string,
    chargeId: string,
  ): Promise<void> {
    await this.endNow(memberId, subscriptionId, 'account_closed');
    if (chargeId.startsWith('in_')) return;
    const refunded = await this.payments.refundPayment({
      paymentId: chargeId,
      reason: 'requested_by_customer',
      idempotencyKey: `closed-member-refund-${chargeId}`,
    });
    if (refunded > 0)
      this.logger.warn({ memberId, chargeId, refunded }, 'renewal of a closed member refunded');
  }

  private async endNow(memberId: string, subscriptionId: string, reason: EndReason): Promise<boolean> {
    const { endedAt, alreadyCanceled } = await this.payments.cancelSubscriptionNow({
      subscriptionId,
      idempotencyKey: `${reason}-cancel-${subscriptionId}`,
    });
    if (alreadyCanceled) return false;
    const cause = `${reason === 'account_closed' ? 'account-closed' : 'duplicate'}:${subscriptionId}`;
    const { events } = await this.streams.execute(
      {
        type: 'EndSubscription',
        data: {
          memberId,
          subscriptionId,
          providerEventId: cause,
          occurredAt: endedAt.toISOString(),
          atPeriodEnd: false,
          endsAt: endedAt.toISOString(),
          reason,
        },
      },
      providerEventIds(cause),
    );
    if (events.length > 0) this.logger.log({ memberId, subscriptionId, reason }, 'subscription ended now');
    return true;
  }
}
