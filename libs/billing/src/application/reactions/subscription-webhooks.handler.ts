import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { PaymentEvent, PaymentEventHandler } from '@arena/payments';
import {
  memberOfCustomer,
  type SubscriptionsTables,
} from '@arena/projections/subscriptions/subscriptions.queries';
import { commandOf, refundOf, SUBSCRIPTION_WEBHOOKS } from '../stripe-facts';
import { SubscriptionStreams, providerEventIds } from '../subscription-streams';

/**
 * The provider's subscription webhooks → the member's subscription events (docs/subscriptions.md). Each
 * webhook becomes at most one event whose id derives from the webhook's id: a redelivery, concurrent or
 * not, appends nothing. Objects that are not a subscription's (a gift's checkout, a charge of no
 * subscriber) are left to the other handlers.
 */
@Injectable()
export class SubscriptionWebhooksHandler implements PaymentEventHandler {
  readonly eventTypes = SUBSCRIPTION_WEBHOOKS;
  private readonly logger = new Logger('SubscriptionWebhooks');

  constructor(
    private readonly streams: SubscriptionStreams,
    @Inject(DATABASE) private readonly db: Kysely<SubscriptionsTables>,
  ) {}

  async handle(event: PaymentEvent): Promise<void> {
    const command = event.type === 'charge.refunded' ? await this.refund(event) : commandOf(event);
    if (!command) return;
    const { events: appended } = await this.streams.execute(
      command,
      providerEventIds(command.data.providerEventId),
    );
    if (appended.length > 0)
      this.logger.log(
        { eventId: event.id, type: appended[0]!.type, memberId: command.data.memberId },
        'subscription fact',
      );
  }

  private async refund(event: PaymentEvent) {
    if (event.type !== 'charge.refunded') return null;
    const charge = event.data.object;
    const customerId = typeof charge.customer === 'string' ? charge.customer : (charge.customer?.id ?? null);
    const memberId =
      charge.metadata?.memberId ?? (customerId ? await memberOfCustomer(this.db, customerId) : null);
    return memberId ? refundOf(event, memberId) : null;
  }
}
