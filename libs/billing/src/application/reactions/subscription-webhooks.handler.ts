import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import { MemberAccounts } from '@arena/identity';
import { Payments, type PaymentEvent, type PaymentEventHandler } from '@arena/payments';
import {
  memberOfCustomer,
  type SubscriptionsTables,
} from '@arena/projections/subscriptions/subscriptions.queries';
import { SubscriptionEndings } from '../commands/subscription-endings';
import { commandOf, isGiftMetadata, lostDisputeOf, refundOf, SUBSCRIPTION_WEBHOOKS } from '../stripe-facts';
import { SubscriptionCheckoutsRepository } from '../../infrastructure/subscription-checkouts.repository';
import { SubscriptionStreams, providerEventIds } from '../subscription-streams';

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** A subscription's charge reported before its payment was recorded: the provider delivers it again. */
export class SubscriptionPaymentNotRecordedYet extends Error {
  constructor(chargeId: string) {
    super(
      `No subscription payment recorded yet for charge ${chargeId}: the provider will deliver this again`,
    );
  }
}

/**
 * The provider's subscription webhooks → the member's subscription events (docs/subscriptions.md). Each
 * webhook becomes at most one event whose id derives from the webhook's id: a redelivery, concurrent or
 * not, appends nothing. Objects that are not a subscription's (a gift's checkout, a gift's charge) are left
 * to the other handlers.
 *
 * Issue 20: a paid invoice's charge is read through the invoice payments API (webhooks do not carry
 * `invoice.payments`), so the payment is recorded under its `ch_` id; `charge.refunded` and a lost
 * `charge.dispute.closed` are booked only for a charge that paid a recorded subscription payment (found by
 * charge or payment intent, never by metadata.memberId, which a signed-in donor's gift carries too).
 */
@Injectable()
export class SubscriptionWebhooksHandler implements PaymentEventHandler {
  readonly eventTypes = SUBSCRIPTION_WEBHOOKS;
  private readonly logger = new Logger('SubscriptionWebhooks');

  constructor(
    private readonly streams: SubscriptionStreams,
    @Inject(DATABASE) private readonly db: Kysely<SubscriptionsTables>,
    private readonly payments: Payments,
    private readonly endings: SubscriptionEndings,
    private readonly accounts: MemberAccounts,
    private readonly checkouts: SubscriptionCheckoutsRepository,
  ) {}

  async handle(event: PaymentEvent): Promise<void> {
    const command = await this.commandOf(event);
    if (!command) return;
    const { events: appended, state } = await this.streams.execute(
      command,
      providerEventIds(command.data.providerEventId),
    );
    if (appended.length > 0)
      this.logger.log(
        { eventId: event.id, type: appended[0]!.type, memberId: command.data.memberId },
        'subscription fact',
      );
    // Issue 23: which subscription the member's checkout started, for its success page.
    if (command.type === 'StartFromCheckout' && command.data.checkoutSessionId !== null)
      await this.checkouts.completed(command.data.checkoutSessionId, command.data.subscriptionId);
    // Issue 21: a second subscription (two checkouts paid) is canceled and refunded on arrival, and its
    // payments that come later are refunded as they come. After the fact is recorded, on a redelivery too:
    // a provider failure here fails the webhook, and the provider's retry settles it.
    await this.endings.settleDuplicates(command.data.memberId, state.view);
    // Issue 21: no member is billed after leaving. A renewal of a closed member's subscription (its cancel
    // at closing failed) is refunded and the subscription ended now. One indexed read per renewal.
    if (
      command.type === 'RecordPayment' &&
      command.data.billingReason === 'subscription_cycle' &&
      command.data.amountPaidCents > 0 &&
      (await this.accounts.closedAmong([command.data.memberId])).has(command.data.memberId)
    ) {
      await this.endings.refundRenewalOfClosedMember(
        command.data.memberId,
        command.data.subscriptionId,
        command.data.chargeId,
      );
    }
  }

  private async commandOf(event: PaymentEvent) {
    if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      const payment = await this.paymentOf(
        charge.id,
        idOf(charge.payment_intent),
        idOf(charge.customer),
        charge.metadata?.kind,
      );
      return payment ? refundOf(event, payment.memberId) : null;
    }
    if (event.type === 'charge.dispute.closed') {
      const dispute = event.data.object;
      if (dispute.status !== 'lost') return null;
      const chargeId = idOf(dispute.charge);
      if (!chargeId) return null;
      const payment = await this.paymentOf(chargeId, idOf(dispute.payment_intent), null, undefined);
      return payment ? lostDisputeOf(event, payment.memberId, payment.amountPaidCents) : null;
    }
    if (event.type === 'invoice.paid') {
      const invoice = event.data.object;
      // A monthly gift's invoice is the donations context's (issue 23): not even its payments are read.
      if (isGiftMetadata(invoice.parent?.subscription_details?.metadata)) return null;
      const isSubscriptions = !!invoice.parent?.subscription_details?.subscription;
      const payments =
        isSubscriptions && invoice.id && invoice.amount_paid > 0
          ? await this.payments.listInvoicePayments(invoice.id)
          : [];
      return commandOf(event, payments);
    }
    return commandOf(event);
  }

  /**
   * The recorded subscription payment a charge paid (by its charge id, or its payment intent for payments
   * recorded under it before). None: a gift's charge, or no subscriber's, is left alone; a subscriber's
   * charge (its customer is a member's) whose payment is not recorded yet throws, to be delivered again.
   */
  private async paymentOf(
    chargeId: string,
    paymentIntentId: string | null,
    customerId: string | null,
    kind: string | undefined,
  ): Promise<{ memberId: string; amountPaidCents: number } | null> {
    const ids = paymentIntentId ? [chargeId, paymentIntentId] : [chargeId];
    const { rows } = await sql<{ stream_id: string; amount: string }>`
      SELECT stream_id, data->>'amountPaidCents' AS amount FROM events
      WHERE event_type = 'SubscriptionPaymentSucceeded' AND data->>'chargeId' IN (${sql.join(ids)})
      ORDER BY global_position LIMIT 1`.execute(this.db);
    const row = rows[0];
    if (row) {
      return { memberId: row.stream_id.slice('subscription-'.length), amountPaidCents: Number(row.amount) };
    }
    if (kind === 'gift' || !customerId) return null;
    if (await memberOfCustomer(this.db, customerId)) throw new SubscriptionPaymentNotRecordedYet(chargeId);
    return null;
  }
}
