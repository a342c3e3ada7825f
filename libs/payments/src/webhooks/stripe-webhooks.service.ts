import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { PaymentsError } from '../payments.errors';
import type { PaymentEvent } from '../payments.port';
import { PaymentEventRegistry } from './payment-event-registry';
import { WebhookEventsQueries } from './webhook-events.queries';
import { webhookSecret } from './webhook-secret';

/** Seconds a signature stays acceptable: Stripe's own default, so a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type WebhookOutcome = 'applied' | 'duplicate';

/**
 * Verifies a webhook on its raw bytes and applies its event once: claimed by id in PostgreSQL,
 * dispatched to every registered handler of its type, marked applied only after all of them finished.
 * Both drivers' webhooks come through here, signed the same way.
 */
@Injectable()
export class StripeWebhooksService {
  private readonly logger = new Logger('PaymentWebhooks');
  private readonly secret: string;
  /** Deliveries of one event arriving together in this process share one apply. */
  private readonly inFlight = new Map<string, Promise<WebhookOutcome>>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly registry: PaymentEventRegistry,
    private readonly events: WebhookEventsQueries,
  ) {
    this.secret = webhookSecret(config);
  }

  /** Throws PaymentsError 'invalid' (400) for anything not signed by the provider within the tolerance. */
  verify(rawBody: Buffer | undefined, signature: string | string[] | undefined): PaymentEvent {
    if (typeof signature !== 'string' || signature.length === 0) {
      throw new PaymentsError('invalid', 'Missing Stripe-Signature header');
    }
    if (!rawBody || rawBody.length === 0) throw new PaymentsError('invalid', 'Missing webhook body');
    let event: PaymentEvent;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, this.secret, SIGNATURE_TOLERANCE_SECONDS);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new PaymentsError('invalid', 'Webhook signature verification failed');
      }
      // A correctly signed body that is not JSON.
      throw new PaymentsError('invalid', 'Webhook body is not a JSON event');
    }
    const shape = event as unknown as { id?: unknown; type?: unknown } | null;
    if (
      !shape ||
      typeof shape.id !== 'string' ||
      !shape.id ||
      typeof shape.type !== 'string' ||
      !shape.type
    ) {
      throw new PaymentsError('invalid', 'Webhook body is not an event (no id or type)');
    }
    return event;
  }

  async receive(
    rawBody: Buffer | undefined,
    signature: string | string[] | undefined,
  ): Promise<WebhookOutcome> {
    const event = this.verify(rawBody, signature);
    const running = this.inFlight.get(event.id);
    if (running) return running;
    const applying = this.applyOnce(event).finally(() => this.inFlight.delete(event.id));
    this.inFlight.set(event.id, applying);
    return applying;
  }

  /** Our own database failing is a reason for the provider to retry (503), never a 500. */
  private async applyOnce(event: PaymentEvent): Promise<WebhookOutcome> {
    try {
      return await this.claimAndApply(event);
    } catch (error) {
      if (error instanceof PaymentsError) throw error;
      this.logger.error({ eventId: event.id, type: event.type, err: error }, 'payment event not recorded');
      throw new PaymentsError('unavailable', 'The event could not be applied now; retry later');
    }
  }

  private async claimAndApply(event: PaymentEvent): Promise<WebhookOutcome> {
    if (!(await this.events.claim(event.id, event.type, event))) {
      const status = await this.events.status(event.id);
      if (status === 'applied') return 'duplicate';
      // Another process holds the claim right now: the provider retries, and by then it is applied.
      throw new PaymentsError('conflict', 'This event is being applied; retry later');
    }
    const handlers = this.registry.handlersFor(event.type);
    try {
      for (const handler of handlers) await handler.handle(event);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ eventId: event.id, type: event.type, err: error }, 'payment event handler failed');
      await this.events.markFailed(event.id, message);
      throw new PaymentsError('unavailable', 'The event could not be applied now; retry later');
    }
    await this.events.markApplied(event.id, handlers.length);
    if (handlers.length === 0)
      this.logger.log({ eventId: event.id, type: event.type }, 'payment event with no handler, recorded');
    return 'applied';
  }
}
