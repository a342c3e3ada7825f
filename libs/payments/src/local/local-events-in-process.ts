import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { StripeWebhooksService } from '../webhooks/stripe-webhooks.service';
import { webhookEndpointOf, webhookSecretOf } from '../webhooks/webhook-secret';
import { LocalPaymentsQueries } from './local-payments.queries';

/**
 * The demo seed's delivery, before any API runs: each undelivered local event of the given types goes through this
 * process's webhook service, signed and routed as LocalEventOutbox signs and routes it (Connect or platform), and is marked delivered so the
 * worker does not send it again (were it sent, the webhook service would answer it as a duplicate).
 */
@Injectable()
export class LocalEventsInProcess {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: LocalPaymentsQueries,
    private readonly webhooks: StripeWebhooksService,
  ) {}

  /** How many events were applied. */
  async deliverPending(types: readonly string[]): Promise<number> {
    const events = await this.queries.undeliveredEvents(types);
    for (const event of events) {
      const payload = JSON.stringify(event.payload);
      const endpoint = webhookEndpointOf(event.payload as { account?: unknown });
      const secret = webhookSecretOf(endpoint, this.config);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      await this.webhooks.receive(Buffer.from(payload), signature, endpoint);
      await this.queries.markEventDelivered(event.id);
    }
    return events.length;
  }
}
