import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '@arena/config';
import { LocalCheckoutController } from './local/local-checkout.controller';
import { LocalConnectController } from './local/local-connect.controller';
import { LocalPaymentEventDeliveryProcessor } from './local/local-event-delivery.processor';
import { LocalPayoutsProcessor } from './local/local-payouts.processor';
import { LocalEventOutbox } from './local/local-event-outbox';
import { LocalEventRelay } from './local/local-event-relay.service';
import { LocalEventsInProcess } from './local/local-events-in-process';
import { LocalBillingQueries } from './local/local-billing.queries';
import { LocalPayments, LocalPaymentsClock } from './local/local-payments';
import { LocalPortalController } from './local/local-portal.controller';
import { DevLocalPayoutsController, DevPaymentsClockController } from './local/dev-payments-clock.controller';
import { PaymentsClock, PaymentsClockListeners, WallPaymentsClock } from './payments-clock';
import { LocalPaymentsQueries } from './local/local-payments.queries';
import { PaymentEventHandlers, Payments } from './payments.port';
import { StripePayments, stripeEndpointOf } from './stripe/stripe-payments';
import { PaymentEventRegistry } from './webhooks/payment-event-registry';
import { StripeWebhooksController } from './webhooks/stripe-webhooks.controller';
import { StripeWebhooksService } from './webhooks/stripe-webhooks.service';
import { WebhookEventsQueries } from './webhooks/webhook-events.queries';

/**
 * Payments, global: `Payments` (Stripe when STRIPE_SECRET_KEY is set, the local test-mode driver
 * otherwise), `PaymentsClock` (the payment world's time) and `PaymentsClockListeners`, `PaymentEventHandlers` for contexts to register their webhook handlers, the webhook
 * endpoint and the local driver's onboarding and checkout pages. Needs the platform (database, jobs).
 */
@Global()
@Module({})
export class PaymentsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: PaymentsModule,
      controllers: [
        StripeWebhooksController,
        LocalConnectController,
        LocalCheckoutController,
        LocalPortalController,
        DevPaymentsClockController,
        DevLocalPayoutsController,
      ],
      providers: [
        LocalPaymentsQueries,
        LocalBillingQueries,
        PaymentsClockListeners,
        LocalEventOutbox,
        LocalPaymentEventDeliveryProcessor,
        LocalPayoutsProcessor,
        WebhookEventsQueries,
        PaymentEventRegistry,
        { provide: PaymentEventHandlers, useExisting: PaymentEventRegistry },
        StripeWebhooksService,
        LocalEventsInProcess,
        {
          provide: Payments,
          inject: [LocalPaymentsQueries, LocalEventOutbox, LocalBillingQueries, PaymentsClockListeners],
          useFactory: (
            queries: LocalPaymentsQueries,
            outbox: LocalEventOutbox,
            billing: LocalBillingQueries,
            listeners: PaymentsClockListeners,
          ): Payments =>
            config.STRIPE_SECRET_KEY
              ? new StripePayments(config.STRIPE_SECRET_KEY, stripeEndpointOf(config.STRIPE_API_URL))
              : new LocalPayments(queries, outbox, config.PUBLIC_URL, billing, listeners),
        },
        {
          provide: PaymentsClock,
          inject: [LocalBillingQueries],
          useFactory: (billing: LocalBillingQueries): PaymentsClock =>
            config.STRIPE_SECRET_KEY ? new WallPaymentsClock() : new LocalPaymentsClock(billing),
        },
      ],
      exports: [
        Payments,
        PaymentsClock,
        PaymentsClockListeners,
        PaymentEventHandlers,
        LocalPaymentEventDeliveryProcessor,
        LocalPayoutsProcessor,
        LocalEventOutbox,
        LocalPaymentsQueries,
        LocalEventsInProcess,
      ],
    };
  }
}

/** The worker's part: the relay that re-queues local payment events whose delivery job was lost. */
@Module({ providers: [LocalEventRelay], exports: [LocalEventRelay] })
export class PaymentDeliveryModule {}
