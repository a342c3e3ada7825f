import { Injectable } from '@nestjs/common';
import { MONTHLY_GIFT_SUBSCRIPTION_ID, type MonthlyGift } from '@arena/contracts';
import { Payments } from '@arena/payments';
import { monthlyGiftNotFound } from '../../domain/donation.errors';
import { MonthlyGifts, monthlyGiftOf } from '../monthly-gifts';

/**
 * POST /api/donations/monthly-gifts/{subscriptionId}/cancel (issue 23): the donor ends their monthly gift
 * now at the provider (no further invoice; `customer.subscription.deleted` follows and confirms it). Only
 * the member's own gift is found: any other id, another member's included, is the same 404. Cancelling
 * again answers the ended gift and asks the provider nothing.
 */
@Injectable()
export class MonthlyGiftCancelService {
  constructor(
    private readonly monthly: MonthlyGifts,
    private readonly payments: Payments,
  ) {}

  async cancel(memberId: string, subscriptionId: string): Promise<MonthlyGift> {
    if (!MONTHLY_GIFT_SUBSCRIPTION_ID.test(subscriptionId)) throw monthlyGiftNotFound();
    const gift = await this.monthly.ownedBy(memberId, subscriptionId);
    if (!gift) throw monthlyGiftNotFound();
    if (gift.status === 'active') {
      const { endedAt } = await this.payments.cancelSubscriptionNow({
        subscriptionId,
        idempotencyKey: `monthly-gift-cancel:${subscriptionId}`,
      });
      await this.monthly.ended(subscriptionId, endedAt);
    }
    const ended = await this.monthly.ownedBy(memberId, subscriptionId);
    return monthlyGiftOf(ended ?? gift);
  }
}
