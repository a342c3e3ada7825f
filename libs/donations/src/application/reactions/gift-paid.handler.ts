import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { NotificationsService } from '@arena/notifications';
import type { PaymentEvent, PaymentEventHandler } from '@arena/payments';
import { giftReceiptEmail } from '../../domain/gift-receipt.email';
import { derivedEventIds, donationIdFrom, receiptCodeOf } from '../donation-ids';
import { DonationStreams } from '../donation-streams';
import { GiftPayments } from '../gift-payments';
import { PayoutCharities } from '../payout-charities';

/**
 * `checkout.session.completed` of a paid gift → DonationReceived (+ DonationDirected by the donor when the
 * gift named a charity), and the payment intent → gift lookup (GiftPayments). The donation id derives from the session id and the event ids from it, so the
 * same webhook delivered any number of times, concurrently or not, receives one donation; the receipt is
 * emailed by the delivery that appended it.
 */
@Injectable()
export class GiftPaidHandler implements PaymentEventHandler {
  /**
   * `checkout.session.completed` of a card payment is paid at once; one paid by bank debit completes
   * `unpaid` and is received only with `checkout.session.async_payment_succeeded` (issue 20). Its
   * `async_payment_failed`, and a session `expired` unpaid, received nothing: they are only logged.
   */
  readonly eventTypes = [
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'checkout.session.async_payment_failed',
    'checkout.session.expired',
  ] as const;
  private readonly logger = new Logger('GiftPaid');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly streams: DonationStreams,
    private readonly charities: PayoutCharities,
    private readonly notifications: NotificationsService,
    private readonly gifts: GiftPayments,
  ) {}

  async handle(event: PaymentEvent): Promise<void> {
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.metadata?.kind !== 'gift') return;
    // A monthly gift's checkout (issue 23): each paid invoice is a donation (MonthlyGiftHandler), not the session.
    if (session.mode === 'subscription') return;
    if (event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired') {
      this.logger.log({ session: session.id, type: event.type }, 'gift checkout not paid');
      return;
    }
    // An unpaid completion (a bank debit still clearing) waits for async_payment_succeeded.
    if (session.payment_status !== 'paid') return;
    const amountCents = session.amount_total;
    if (amountCents === null || !Number.isInteger(amountCents) || amountCents <= 0) {
      this.logger.warn({ session: session.id }, 'paid gift without an amount');
      return;
    }
    const charityEin = session.metadata.charityEin ?? null;
    // Checked when the checkout started; the name is what the ledger shows.
    const charity = charityEin === null ? null : await this.charities.find(charityEin);
    const donationId = donationIdFrom(`checkout:${session.id}`);
    const receiptCode = receiptCodeOf(donationId);
    const donorEmail = session.customer_details?.email ?? session.customer_email ?? null;
    const donorMemberId = session.metadata.memberId ?? null;
    // Checked by the contract when the checkout started (the metadata is ours); empty means anonymous.
    const donorName = session.metadata.donorName?.trim() || null;
    const paymentIntent = session.payment_intent;
    const paymentIntentId = typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null);
    const { events } = await this.streams.donation(
      {
        type: 'ReceiveGift',
        data: {
          donationId,
          amountCents,
          currency: 'usd',
          donorEmail,
          donorMemberId,
          charityEin: charity ? charity.ein : null,
          charityName: charity?.name ?? null,
          donorName,
          directedBy: { kind: 'donor', memberId: donorMemberId, displayName: donorName },
          checkoutSessionId: session.id,
          paymentIntentId,
          providerEventId: event.id,
          receiptCode,
          receivedAt: new Date(event.created * 1000).toISOString(),
        },
      },
      derivedEventIds(`checkout:${session.id}`),
    );
    // After the gift is recorded, on every delivery: its charge's refunds and disputes find it by this.
    if (paymentIntentId) await this.gifts.record(paymentIntentId, donationId, new Date());
    if (events.length > 0 && donorEmail) {
      await this.notifications.sendEmail({
        to: donorEmail,
        ...giftReceiptEmail({
          amountCents,
          receiptCode,
          receiptUrl: `${this.config.PUBLIC_URL}/donate/receipt/${receiptCode}`,
          charityName: charity?.name ?? null,
        }),
      });
    }
  }
}
