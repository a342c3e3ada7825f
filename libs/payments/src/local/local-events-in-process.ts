import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { StripeWebhooksService } from '../webhooks/stripe-webhooks.service';
import { webhookSecret } from '../webhooks/webhook-secret';
import { LocalPaymentsQueries } from './local-payments.queries';

/**
 * The demo seed's delivery, before any API runs: each undelivered local event of the given types goes through this
 * process's webhook service, signed as LocalEventOutbox signs it, and is marked delivered so the
 * worker does not send it again (were it sent, the webhook service would answer it as a duplicate).
 */
@Injectable()
export class LocalEventsInProcess {
  private readonly secret: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly queries: LocalPaymentsQueries,
    private readonly webhooks: StripeWebhooksService,
  ) {
    this.secret = webhookSecret(config);
  }

  /** How many events were applied. */
  async deliverPending(types: readonly string[]): Promise<number> {
    const events = await this.queries.undeliveredEvents(types);
    for (const event of events) {
      const payload = JSON.stringify(event.payload);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret });
      await this.webhooks.receive(Buffer.from(payload), signature);
      await this.queries.markEventDelivered(event.id);
    }
    return events.length;
  }
}
