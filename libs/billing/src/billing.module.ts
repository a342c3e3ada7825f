import { Module, type OnModuleInit } from '@nestjs/common';
import { MemberAccounts } from '@arena/identity';
import { PaymentEventHandlers } from '@arena/payments';
import { SubscriptionPlans } from './application/queries/subscription-plans';
import { SubscriptionStreams } from './application/subscription-streams';
import { SubscriptionWebhooksHandler } from './application/reactions/subscription-webhooks.handler';
import { SubscriptionsService } from './application/commands/subscriptions.service';
import { SubscriptionCheckoutRateLimiter } from './infrastructure/subscription-checkout-rate-limiter';
import { SubscriptionsController } from './infrastructure/subscriptions.controller';

/**
 * The plan a member holds now, for other contexts (tournaments' MemberPlans): the member's subscription
 * stream at the payment world's time. Needs EVENT_STORE (PaymentsClock when loaded).
 */
@Module({
  providers: [SubscriptionStreams, SubscriptionPlans],
  exports: [SubscriptionStreams, SubscriptionPlans],
})
export class BillingPlansModule {}

/**
 * Subscriptions' write side (issue 13, docs/subscriptions.md): /api/subscriptions/* and the provider's
 * subscription webhooks. Needs the global PaymentsModule (Payments, PaymentEventHandlers), DatabaseModule,
 * EVENT_STORE and REDIS.
 */
@Module({
  imports: [BillingPlansModule],
  controllers: [SubscriptionsController],
  providers: [
    SubscriptionsService,
    SubscriptionWebhooksHandler,
    SubscriptionCheckoutRateLimiter,
    MemberAccounts,
  ],
})
export class BillingModule implements OnModuleInit {
  constructor(
    private readonly handlers: PaymentEventHandlers,
    private readonly webhooks: SubscriptionWebhooksHandler,
  ) {}

  onModuleInit() {
    this.handlers.register(this.webhooks);
  }
}
