import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { JobName, JobsService, QueueName } from '@arena/jobs';
import {
  WEBHOOK_PATHS,
  webhookEndpointOf,
  webhookSecretOf,
  type WebhookEndpoint,
} from '../webhooks/webhook-secret';
import { LocalPaymentsQueries } from './local-payments.queries';

/** A webhook that does not answer in this time counts as failed; the job retries it. */
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The local driver's webhooks: each event is a row of payment_local_events (written in the same
 * transaction as the change it reports), delivered by a job that POSTs it to our own webhook endpoint
 * signed exactly as Stripe signs (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256 of `${t}.${payload}`): a
 * connected account's event (it carries `account`) to the Connect endpoint with the Connect secret, any
 * other to the platform endpoint with the platform secret.
 * BullMQ retries a failed delivery with backoff; LocalEventRelay re-queues rows whose job was lost.
 */
@Injectable()
export class LocalEventOutbox {
  private readonly logger = new Logger('LocalPaymentEvents');
  private readonly config: AppConfig;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly queries: LocalPaymentsQueries,
    private readonly jobs: JobsService,
  ) {
    this.config = config;
  }

  private target(endpoint: WebhookEndpoint): { url: string; secret: string } {
    return {
      url: new URL(WEBHOOK_PATHS[endpoint], this.config.PUBLIC_URL).toString(),
      secret: webhookSecretOf(endpoint, this.config),
    };
  }

  /**
   * Keyed by the event, so queueing it again while its job exists adds nothing. A Redis failure here
   * is only logged: the row is committed, and the relay queues it later.
   */
  async queueDelivery(eventId: string): Promise<void> {
    try {
      await this.jobs.enqueue(
        JobName.DeliverLocalPaymentEvent,
        { eventId },
        { jobId: `payment-event-${eventId}` },
      );
    } catch (error) {
      this.logger.warn({ eventId, err: error }, 'could not queue a payment event; the relay will');
    }
  }

  /**
   * The relay's way in: a job that ran out of attempts keeps its id (BullMQ then ignores a new one),
   * so it is retried instead; otherwise queued as usual.
   */
  async requeue(eventId: string): Promise<void> {
    const job = await this.jobs.queue(QueueName.Payments).getJob(`payment-event-${eventId}`);
    if (job && (await job.isFailed())) await job.retry();
    else if (!job) await this.queueDelivery(eventId);
  }

  /** Sends the event once it is due; a delivered event is not sent again. Throws so the job retries. */
  async deliver(eventId: string): Promise<string> {
    const event = await this.queries.findEvent(eventId);
    if (!event) return `no payment event ${eventId}: nothing to do`;
    if (event.delivered_at) return `payment event ${eventId} was already delivered`;
    const payload = JSON.stringify(event.payload);
    const { url, secret } = this.target(webhookEndpointOf(event.payload as { account?: unknown }));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`webhook answered ${response.status}`);
    } catch (error) {
      await this.queries.recordEventFailure(eventId, error instanceof Error ? error.message : String(error));
      throw error;
    }
    await this.queries.markEventDelivered(eventId);
    return `delivered payment event ${eventId} (${event.type})`;
  }
}
