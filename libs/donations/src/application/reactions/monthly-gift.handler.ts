import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { NotificationsService } from '@arena/notifications';
import { Payments, type PaymentEvent, type PaymentEventHandler } from '@arena/payments';
import { giftReceiptEmail } from '../../domain/gift-receipt.email';
import { isMonthlyGiftMetadata } from '../commands/gift-checkout.service';
import { derivedEventIds, donationIdFrom, receiptCodeOf } from '../donation-ids';
import { DonationStreams } from '../donation-streams';
import { GiftPayments } from '../gift-payments';
import { MonthlyGifts } from '../monthly-gifts';
import { PayoutCharities } from '../payout-charities';

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * Monthly gifts (issue 23, docs/payments.md "Monthly gifts"): every paid invoice of a gift subscription is
 * one DonationReceived (+ DonationDirected when it names a charity), its id derived from the invoice id.
 * Stripe reports a paid invoice twice, `invoice.paid` and `invoice.payment_succeeded` (two events, two
 * ids), and any of them may be delivered again or at once: all of them receive one donation. The
 * subscription's checkout and its end keep the donor's list (MonthlyGifts) up to date. Billing and referrals
 * leave these objects alone (billing's `isGiftMetadata`).
 */
@Injectable()
export class MonthlyGiftHandler implements PaymentEventHandler {
  readonly eventTypes = [
    'checkout.session.completed',
    'invoice.paid',
    'invoice.payment_succeeded',
    'customer.subscription.deleted',
  ] as const;
  private readonly logger = new Logger('MonthlyGift');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly streams: DonationStreams,
    private readonly charities: PayoutCharities,
    private readonly notifications: NotificationsService,
    private readonly gifts: GiftPayments,
    private readonly monthly: MonthlyGifts,
    private readonly payments: Payments,
  ) {}

  async handle(event: PaymentEvent): Promise<void> {
    if (event.type === 'checkout.session.completed') return this.checkoutCompleted(event.data.object, event);
    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_succeeded')
      return this.invoicePaid(event.data.object, event);
    if (event.type === 'customer.subscription.deleted') {
      const subscription = event.data.object;
      if (!isMonthlyGiftMetadata(subscription.metadata)) return;
      const endedAt = subscription.ended_at ?? subscription.canceled_at ?? event.created;
      await this.monthly.ended(subscription.id, new Date(endedAt * 1000));
    }
  }

  private async checkoutCompleted(session: Stripe.Checkout.Session, event: PaymentEvent): Promise<void> {
    if (session.mode !== 'subscription' || !isMonthlyGiftMetadata(session.metadata)) return;
    const subscriptionId = idOf(session.subscription);
    const amountCents = session.amount_total;
    if (!subscriptionId || !isPositiveCents(amountCents)) return;
    await this.monthly.started(await this.startOf(subscriptionId, amountCents, session.metadata, event), {
      checkoutSessionId: session.id,
    });
  }

  private async invoicePaid(invoice: Stripe.Invoice, event: PaymentEvent): Promise<void> {
    const details = invoice.parent?.subscription_details ?? null;
    const metadata = details?.metadata ?? null;
    const subscriptionId = idOf(details?.subscription);
    if (!isMonthlyGiftMetadata(metadata) || !subscriptionId || !invoice.id) return;
    const amountCents = invoice.amount_paid;
    if (!isPositiveCents(amountCents)) {
      this.logger.warn({ invoice: invoice.id }, 'monthly gift invoice without a paid amount');
      return;
    }
    const start = await this.startOf(subscriptionId, amountCents, metadata, event);
    const cause = `invoice:${invoice.id}`;
    const donationId = donationIdFrom(cause);
    const receiptCode = receiptCodeOf(donationId);
    // Webhooks carry no invoice.payments: the payment intent (refunds and disputes find the gift by it).
    const payment = (await this.payments.listInvoicePayments(invoice.id))[0];
    const paymentIntentId = payment?.paymentIntentId ?? null;
    const donorEmail = invoice.customer_email ?? null;
    const donorName = metadata.donorName?.trim() || null;
    const { events } = await this.streams.donation(
      {
        type: 'ReceiveGift',
        data: {
          donationId,
          amountCents,
          currency: 'usd',
          donorEmail,
          donorMemberId: start.donor_member_id,
          charityEin: start.charity_ein,
          charityName: start.charity_name,
          donorName,
          directedBy: { kind: 'donor', memberId: start.donor_member_id, displayName: donorName },
          // A monthly gift's payment is its invoice: the id that tells one month's gift from another's.
          checkoutSessionId: invoice.id,
          paymentIntentId,
          providerEventId: event.id,
          receiptCode,
          receivedAt: new Date(event.created * 1000).toISOString(),
        },
      },
      derivedEventIds(cause),
    );
    if (paymentIntentId) await this.gifts.record(paymentIntentId, donationId, new Date());
    await this.monthly.started(start, {
      firstDonationId: invoice.billing_reason === 'subscription_create' ? donationId : undefined,
    });
    if (events.length > 0 && donorEmail) {
      await this.notifications.sendEmail({
        to: donorEmail,
        ...giftReceiptEmail({
          amountCents,
          receiptCode,
          receiptUrl: `${this.config.PUBLIC_URL}/donate/receipt/${receiptCode}`,
          charityName: start.charity_name,
        }),
      });
    }
  }

  private async startOf(
    subscriptionId: string,
    amountCents: number,
    metadata: Stripe.Metadata,
    event: PaymentEvent,
  ) {
    // Checked when the checkout started; the name is what the ledger shows.
    const charity = metadata.charityEin ? await this.charities.find(metadata.charityEin) : null;
    return {
      subscription_id: subscriptionId,
      donor_member_id: metadata.donorMemberId ?? null,
      charity_ein: charity?.ein ?? null,
      charity_name: charity?.name ?? null,
      amount_cents: amountCents,
      started_at: new Date(event.created * 1000),
    };
  }
}

const isPositiveCents = (cents: number | null | undefined): cents is number =>
  typeof cents === 'number' && Number.isSafeInteger(cents) && cents > 0;
