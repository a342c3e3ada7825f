import { Module, type OnModuleInit } from '@nestjs/common';
import { AccountClosureListeners, IdentityModule, MemberAccounts } from '@arena/identity';
import { PaymentEventHandlers } from '@arena/payments';
import { SubscriptionPlans } from './application/queries/subscription-plans';
import { SubscriptionStreams } from './application/subscription-streams';
import { SubscriptionWebhooksHandler } from './application/reactions/subscription-webhooks.handler';
import { SubscriptionsService } from './application/commands/subscriptions.service';
import { SubscriptionEndings } from './application/commands/subscription-endings';
import { ReconcileClosedMembersProcessor } from './application/reactions/reconcile-closed-members.processor';
import { SubscriptionCheckoutsRepository } from './infrastructure/subscription-checkouts.repository';
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
 * Subscriptions ended now by us (issue 21): at account closing, a duplicate's, and the worker's periodic
 * reconciliation of closed members' live subscriptions. Needs the global PaymentsModule and EVENT_STORE.
 */
@Module({
  imports: [BillingPlansModule],
  providers: [SubscriptionEndings, ReconcileClosedMembersProcessor, MemberAccounts],
  exports: [SubscriptionEndings, ReconcileClosedMembersProcessor],
})
export class BillingEndingsModule {}

/**
 * Subscriptions' write side (issue 13, docs/subscriptions.md): /api/subscriptions/* and the provider's
 * subscription webhooks; issue 21: closing an account ends the member's subscriptions (identity's
 * AccountClosureListeners). Needs the global PaymentsModule (Payments, PaymentEventHandlers),
 * DatabaseModule, EVENT_STORE, REDIS and JobsModule.
 */
@Module({
  imports: [BillingPlansModule, BillingEndingsModule, IdentityModule],
  controllers: [SubscriptionsController],
  providers: [
    SubscriptionsService,
    SubscriptionWebhooksHandler,
    SubscriptionCheckoutRateLimiter,
    SubscriptionCheckoutsRepository,
  ],
})
export class BillingModule implements OnModuleInit {
  constructor(
    private readonly handlers: PaymentEventHandlers,
    private readonly webhooks: SubscriptionWebhooksHandler,
    private readonly closures: AccountClosureListeners,
    private readonly endings: SubscriptionEndings,
  ) {}

  onModuleInit() {
    this.handlers.register(this.webhooks);
    this.closures.register(async (memberId) => {
      await this.endings.endAllOfClosedMember(memberId);
    });
  }
}
