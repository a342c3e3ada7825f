import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { PaymentsError } from '../payments.errors';
import type { PaymentEvent } from '../payments.port';
import { PaymentEventRegistry } from './payment-event-registry';
import { WebhookEventsQueries } from './webhook-events.queries';
import { STRIPE_API_VERSION } from './webhook-api-version';
import { keyIsLive, modeName } from './webhook-livemode';
import { WEBHOOK_PATHS, webhookEndpointOf, webhookSecretOf, type WebhookEndpoint } from './webhook-secret';

/** Seconds a signature stays acceptable: Stripe's own default, so a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type WebhookOutcome = 'applied' | 'duplicate';

/**
 * Verifies a webhook on its raw bytes with the secret of the endpoint it came to (platform or Connect),
 * refuses an event sent to the wrong endpoint or written in another API version than STRIPE_API_VERSION,
 * and applies its event once: claimed by id in PostgreSQL, dispatched to every registered handler of its
 * type, marked applied only after all of them finished. Both drivers' webhooks come through here, signed
 * the same way.
 */
@Injectable()
export class StripeWebhooksService {
  private readonly logger = new Logger('PaymentWebhooks');
  private readonly secrets: Record<WebhookEndpoint, string>;
  /** API versions already logged as refused: each is logged once per process, not once per retry. */
  private readonly refusedVersions = new Set<string>();
  /** The mode of the configured key (sk_live_ → live; sk_test_ and the local driver → test). */
  private readonly livemode: boolean;
  /** Set once an event of the other mode was logged: logged once per process, refused every time. */
  private refusedModeLogged = false;
  /** Deliveries of one event arriving together in this process share one apply. */
  private readonly inFlight = new Map<string, Promise<WebhookOutcome>>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly registry: PaymentEventRegistry,
    private readonly events: WebhookEventsQueries,
  ) {
    this.secrets = {
      platform: webhookSecretOf('platform', config),
      connect: webhookSecretOf('connect', config),
    };
    this.livemode = keyIsLive(config);
  }

  /**
   * Throws PaymentsError 'invalid' (400) for anything not signed with this endpoint's secret within the
   * tolerance, an event of the other endpoint, one of another API version, or one of the other mode
   * (livemode) than the configured key's.
   */
  verify(
    rawBody: Buffer | undefined,
    signature: string | string[] | undefined,
    endpoint: WebhookEndpoint,
  ): PaymentEvent {
    if (typeof signature !== 'string' || signature.length === 0) {
      throw new PaymentsError('invalid', 'Missing Stripe-Signature header');
    }
    if (!rawBody || rawBody.length === 0) throw new PaymentsError('invalid', 'Missing webhook body');
    let event: PaymentEvent;
    try {
      event = Stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.secrets[endpoint],
        SIGNATURE_TOLERANCE_SECONDS,
      );
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
    this.checkRoute(event, endpoint);
    this.checkApiVersion(event);
    this.checkLivemode(event);
    return event;
  }

  /**
   * Stripe sends a connected account's events (with `account`) only to a Connect endpoint and the
   * platform's own only to a platform endpoint; one that came the other way was misconfigured (an
   * endpoint created with the wrong `connect` flag, or its secret put in the other setting), so it is
   * refused and logged rather than applied by handlers that read the account from the wrong place.
   */
  private checkRoute(event: PaymentEvent, endpoint: WebhookEndpoint): void {
    const belongs = webhookEndpointOf(event);
    if (belongs === endpoint) return;
    this.logger.warn(
      { eventId: event.id, type: event.type, account: event.account ?? null, endpoint },
      'payment event sent to the wrong webhook endpoint, refused',
    );
    throw new PaymentsError(
      'invalid',
      belongs === 'connect'
        ? `A connected account's event (account ${event.account}) belongs at the Connect endpoint ${WEBHOOK_PATHS.connect}`
        : `An event without account is the platform's and belongs at ${WEBHOOK_PATHS.platform}`,
    );
  }

  /**
   * The handlers read payloads in STRIPE_API_VERSION's shapes; an event of another version (an endpoint
   * created with another version, or left on the account's default) is refused with 400, so it is neither
   * misread nor lost: Stripe keeps retrying it for three days while the endpoint is fixed.
   */
  private checkApiVersion(event: PaymentEvent): void {
    const version = (event as { api_version?: unknown }).api_version;
    if (version === STRIPE_API_VERSION) return;
    const named = typeof version === 'string' ? version : String(version ?? null);
    if (!this.refusedVersions.has(named)) {
      this.refusedVersions.add(named);
      this.logger.error(
        { eventId: event.id, type: event.type, apiVersion: named, pinned: STRIPE_API_VERSION },
        'payment event of another API version refused; set the webhook endpoint to the pinned version',
      );
    }
    throw new PaymentsError(
      'invalid',
      `Webhook event api_version ${named} is not ${STRIPE_API_VERSION}, the version this endpoint reads`,
    );
  }

  /**
   * A test-mode event at a live deployment (or a live one at a test deployment) comes from an endpoint
   * of the other mode whose secret was put in this deployment's settings: test payments must never
   * verify a charity or record a gift here, so it is refused with 400 (Stripe retries it while the
   * settings are fixed), logged once per process, and nothing is recorded. An event without a boolean
   * `livemode` is no event Stripe sent, and is refused the same way.
   */
  private checkLivemode(event: PaymentEvent): void {
    const livemode = (event as { livemode?: unknown }).livemode;
    if (livemode === this.livemode) return;
    if (!this.refusedModeLogged) {
      this.refusedModeLogged = true;
      this.logger.error(
        { eventId: event.id, type: event.type, livemode: livemode ?? null, keyMode: modeName(this.livemode) },
        'payment event of the other mode refused; this endpoint secret belongs to the other mode',
      );
    }
    throw new PaymentsError(
      'invalid',
      `Webhook event livemode ${String(livemode ?? null)} does not match this deployment's ${modeName(this.livemode)}-mode key`,
    );
  }

  async receive(
    rawBody: Buffer | undefined,
    signature: string | string[] | undefined,
    endpoint: WebhookEndpoint,
  ): Promise<WebhookOutcome> {
    const event = this.verify(rawBody, signature, endpoint);
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
