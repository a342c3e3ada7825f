export {
  Payments,
  PaymentEventHandlers,
  type AccountLinkInput,
  type BalanceTransaction,
  type BalanceTransactionPage,
  type BalanceTransactionsQuery,
  type InvoicePayment,
  type LiveSubscription,
  type RefundPaymentInput,
  type CheckoutSession,
  type CheckoutSessionInput,
  type Transfer,
  type TransferInput,
  type ConnectedAccount,
  type ConnectedAccountInput,
  type PaymentEvent,
  type PaymentEventHandler,
  type SubscriptionCheckoutInput,
  type GiftSubscriptionCheckoutInput,
  type SubscriptionPlanChangeInput,
  type MemberPayoutAccountInput,
} from './payments.port';
export {
  PaymentsClock,
  PaymentsClockListeners,
  WallPaymentsClock,
  type PaymentsClockListener,
} from './payments-clock';
export { PaymentsModule, PaymentDeliveryModule } from './payments.module';
export { BillingPortalCheck, checkBillingPortalAtStart } from './billing-portal.check';
export { PaymentsError, type PaymentsErrorKind } from './payments.errors';
export { LocalPaymentEventDeliveryProcessor } from './local/local-event-delivery.processor';
export { LocalPayoutsProcessor } from './local/local-payouts.processor';
export { LocalEventRelay } from './local/local-event-relay.service';
export {
  webhookSecret,
  connectWebhookSecret,
  webhookSecretOf,
  webhookEndpointOf,
  WEBHOOK_PATHS,
  type WebhookEndpoint,
} from './webhooks/webhook-secret';
export { STRIPE_API_VERSION } from './webhooks/webhook-api-version';
export { connectedAccountOf } from './webhooks/payment-events';
// The local driver itself, for the demo seed: it submits the hosted onboarding form as a person would.
export { LocalPayments, LocalPaymentsClock, type SubmittedOnboarding } from './local/local-payments';
export { LocalEventsInProcess } from './local/local-events-in-process';
