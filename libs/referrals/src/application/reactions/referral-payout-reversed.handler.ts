import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import type { PaymentEvent, PaymentEventHandler } from '@arena/payments';
import { payoutIdOf } from '../../domain/referral.decider';
import { derivedEventIds } from '../referral-ids';
import { ReferralStreams } from '../referral-streams';

/**
 * Issue 20: `transfer.reversed` of a monthly referral payout's transfer (metadata kind 'referral-payout', with
 * referrerId and month). A referral payout is paid when its transfer is created (final, ReferralRewardPaid);
 * only a reversal takes money back: each reversal listed on the transfer (`reversals.data`, `trr_…`) is booked
 * once as ReferralPayoutReversed. A payout not recorded yet is refused by the decider, so the provider retries.
 * Other transfers (a transfer window's) are the donations context's.
 */
@Injectable()
export class ReferralPayoutReversedHandler implements PaymentEventHandler {
  readonly eventTypes = ['transfer.reversed'] as const;

  constructor(private readonly streams: ReferralStreams) {}

  async handle(event: PaymentEvent): Promise<void> {
    const transfer = event.data.object as Stripe.Transfer;
    const { kind, referrerId, month } = transfer.metadata ?? {};
    if (kind !== 'referral-payout' || !referrerId || !month) return;
    const payoutId = payoutIdOf(referrerId, month);
    // Oldest first, as they happened (Stripe lists them newest first).
    for (const reversal of [...(transfer.reversals?.data ?? [])].reverse()) {
      await this.streams.execute(
        {
          type: 'ReversePayout',
          data: {
            referrerId,
            payoutId,
            transferId: transfer.id,
            reversalId: reversal.id,
            amountCents: reversal.amount,
            providerEventId: event.id,
            reversedAt: new Date(event.created * 1000).toISOString(),
          },
        },
        derivedEventIds(`referral-payout-reversed:${reversal.id}`),
      );
    }
  }
}
