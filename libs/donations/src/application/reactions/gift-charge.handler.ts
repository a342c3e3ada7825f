import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { PaymentEvent, PaymentEventHandler } from '@arena/payments';
import type { DonationCommand } from '../../domain/donation.commands';
import { derivedEventIds } from '../donation-ids';
import { DonationStreams } from '../donation-streams';
import { GiftPayments } from '../gift-payments';

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A gift's charge is a Checkout payment's: no invoice, and its payment intent paid a DonationReceived. */
export class GiftNotRecordedYet extends Error {
  constructor(paymentIntentId: string) {
    super(`No gift recorded yet for payment intent ${paymentIntentId}: the provider will deliver this again`);
  }
}

/**
 * What happens to a gift's charge after it was paid (issue 20): `charge.refunded` → GiftRefunded,
 * `charge.dispute.created` → GiftDisputed, `charge.dispute.closed` → GiftDisputeClosed. The gift is found
 * by the charge's payment intent (anonymous gifts too), never by metadata.memberId; a charge whose payment
 * intent paid no gift is a subscription's (billing's) and left alone, unless its metadata says it is a gift
 * (kind 'gift', which our checkout puts on the payment intent): then the gift's DonationReceived is not
 * appended yet and the handler throws, so the provider delivers the event again. Event ids derive from
 * the provider's event id: a redelivery, concurrent or not, appends nothing.
 */
@Injectable()
export class GiftChargeHandler implements PaymentEventHandler {
  readonly eventTypes = ['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed'] as const;
  private readonly logger = new Logger('GiftCharge');

  constructor(
    private readonly streams: DonationStreams,
    private readonly gifts: GiftPayments,
  ) {}

  async handle(event: PaymentEvent): Promise<void> {
    const found = await this.commandOf(event);
    if (!found) return;
    const { events } = await this.streams.donation(found, derivedEventIds(`charge-event:${event.id}`));
    if (events.length > 0) {
      this.logger.log(
        { eventId: event.id, type: events[0]!.type, donationId: found.data.donationId },
        'gift charge',
      );
    }
  }

  private async commandOf(event: PaymentEvent): Promise<DonationCommand | null> {
    const occurredAt = iso(event.created);
    if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      const donationId = await this.donationOf(paymentIntentId, charge.metadata);
      if (!donationId || !paymentIntentId) return null;
      return {
        type: 'RefundGift',
        data: {
          donationId,
          chargeId: charge.id,
          paymentIntentId,
          totalRefundedCents: charge.amount_refunded,
          providerEventId: event.id,
          refundedAt: occurredAt,
        },
      };
    }
    if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
      const dispute = event.data.object;
      const donationId = await this.donationOf(idOf(dispute.payment_intent), dispute.metadata);
      const chargeId = idOf(dispute.charge);
      if (!donationId || !chargeId) return null;
      if (event.type === 'charge.dispute.created') {
        return {
          type: 'DisputeGift',
          data: {
            donationId,
            chargeId,
            disputeId: dispute.id,
            amountCents: dispute.amount,
            providerEventId: event.id,
            disputedAt: occurredAt,
          },
        };
      }
      // Only won and lost close a dispute's money; a warning (inquiry) closed moved no money.
      if (dispute.status !== 'won' && dispute.status !== 'lost') return null;
      return {
        type: 'CloseGiftDispute',
        data: {
          donationId,
          chargeId,
          disputeId: dispute.id,
          outcome: dispute.status === 'won' ? 'won' : 'lost',
          providerEventId: event.id,
          closedAt: occurredAt,
        },
      };
    }
    return null;
  }

  private async donationOf(
    paymentIntentId: string | null,
    metadata: Stripe.Metadata | null | undefined,
  ): Promise<string | null> {
    if (!paymentIntentId) return null;
    const donationId = await this.gifts.donationOfPaymentIntent(paymentIntentId);
    if (donationId) return donationId;
    if (metadata?.kind === 'gift') throw new GiftNotRecordedYet(paymentIntentId);
    return null;
  }
}
